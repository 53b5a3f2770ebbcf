package main

import (
	"fmt"
	"path/filepath"
	"strings"
	"testing"

	"github.com/budgetlint/budgetlint/internal/passtest"
)

// A module requires a module missing from go.sum, imported by many of its
// packages: budgetlint says so once, in the go command's words, instead
// of "could not import example.com/nope (invalid package name: \"\")" per
// importer (issue 15: 39 such lines), and exits with status 3.
func TestUnloadableDependencyIsOneLine(t *testing.T) {
	dir := t.TempDir()
	write := func(name, content string) { passtest.WriteFile(t, filepath.Join(dir, name), content) }
	write("go.mod", "module example.com/m\n\ngo 1.22\n\nrequire example.com/nope v1.0.0\n")
	for i := range 6 {
		write(fmt.Sprintf("p%d/p.go", i), fmt.Sprintf("package p%d\n\nimport (\n\t\"context\"\n\n\t\"example.com/nope\"\n)\n\nfunc Get(ctx context.Context) { nope.Call(ctx) }\n", i))
	}
	t.Setenv("GOFLAGS", "")
	t.Setenv("GOPROXY", "off") // never the network
	t.Setenv("GOWORK", "off")
	_, errs, code := runIn(t, dir, binary, "-cache=off", "./...")
	if code != exitLoadError {
		t.Errorf("exit %d, want %d", code, exitLoadError)
	}
	first, _, _ := strings.Cut(errs, "\n")
	want := "budgetlint: example.com/nope cannot be loaded, so example.com/m/p0, example.com/m/p1, example.com/m/p2 and 3 more packages were not analysed: "
	if !strings.HasPrefix(first, want) || !strings.Contains(first, "missing go.sum entry") || strings.Count(errs, "budgetlint:") != 1 {
		t.Errorf("want one line starting %q and giving the go command's reason, got:\n%s", want, errs)
	}
}
