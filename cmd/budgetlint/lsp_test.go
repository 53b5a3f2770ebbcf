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
	// go/packages runs "go" from PATH: -go must name a go command there.
	for _, goCmd := range []string{"/nonexistent/bin/go", "/bin/sh"} {
		stderr.Reset()
		if code := run([]string{"lsp", "-go=" + goCmd}, &stdout, &stderr); code != exitUsage || !strings.HasPrefix(stderr.String(), "budgetlint lsp: -go: ") {
			t.Errorf("budgetlint lsp -go=%s: exit %d, stderr %q", goCmd, code, stderr.String())
		}
	}
	if stdout.Len() > 0 {
		t.Errorf("stdout, the protocol's stream, has %q", stdout.String())
	}
}

// A hostile header (it panicked in makeslice) is answered with an error
// naming the limit, and the server stops cleanly when the stream ends
// inside the body it skips.
func TestLSPHugeContentLength(t *testing.T) {
	var stdout, stderr bytes.Buffer
	stdin := strings.NewReader("Content-Length: 4611686018427387904\r\n\r\n{}")
	if code := lspCommand(nil, stdin, &stdout, &stderr); code != 1 {
		t.Errorf("exit %d, want 1 (the client went away without exit)", code)
	}
	if out := stdout.String(); !strings.Contains(out, `"id":null,"error":{"code":-32600`) || !strings.Contains(out, "over the limit of 67108864 bytes") {
		t.Errorf("stdout %q, want an error response naming the limit", out)
	}
	if strings.Contains(stderr.String(), "panic") {
		t.Errorf("stderr:\n%s", stderr.String())
	}
}
