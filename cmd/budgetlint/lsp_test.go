package main

import (
	"bytes"
	"strings"
	"testing"
)

// The language server itself is tested in package lsp, by a test that
// builds this binary and drives `budgetlint lsp` as an editor does; this
// one checks that the command reaches it.
func TestLSPCommand(t *testing.T) {
	var stdout, stderr bytes.Buffer
	if code := run([]string{"lsp", "-h"}, &stdout, &stderr); code != exitClean || !strings.Contains(stderr.String(), "Usage: budgetlint lsp") {
		t.Errorf("budgetlint lsp -h: exit %d, stderr %q", code, stderr.String())
	}
	stderr.Reset()
	if code := run([]string{"lsp", "./..."}, &stdout, &stderr); code != exitUsage {
		t.Errorf("budgetlint lsp ./...: exit %d, want %d (the server takes no arguments)", code, exitUsage)
	}
	if stdout.Len() > 0 {
		t.Errorf("stdout, the protocol's stream, has %q", stdout.String())
	}
}
