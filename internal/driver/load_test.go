package driver

import (
	"fmt"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"golang.org/x/tools/go/analysis"
)

// unloadableModule writes a module whose go.mod requires a module missing
// from go.sum and replaces another with a directory that does not exist.
// Five packages import the first, two the second (one of them both); one
// importer has a type error of its own; one package imports neither.
func unloadableModule(t *testing.T) string {
	t.Helper()
	root := t.TempDir()
	dir := filepath.Join(root, "m")
	files := map[string]string{
		"go.mod":             "module example.com/m\n\ngo 1.22\n\nrequire (\n\texample.com/nope v1.0.0\n\texample.com/api v0.0.0\n)\n\nreplace example.com/api => ../api\n",
		"healthy/healthy.go": "package healthy\n\nimport \"context\"\n\nfunc Get(ctx context.Context) error { return ctx.Err() }\n",
		"both/both.go":       "package both\n\nimport (\n\t\"context\"\n\n\t\"example.com/api\"\n\t\"example.com/nope\"\n)\n\nfunc Get(ctx context.Context) { api.Call(ctx); nope.Call(ctx) }\n",
		"viaapi/viaapi.go":   "package viaapi\n\nimport (\n\t\"context\"\n\n\t\"example.com/api\"\n)\n\nfunc Get(ctx context.Context) { api.Call(ctx) }\n",
		"typo/typo.go":       "package typo\n\nimport (\n\t\"context\"\n\n\t\"example.com/nope\"\n)\n\nfunc Get(ctx context.Context) { nope.Call(ctx); undefinedHere() }\n",
	}
	for i := range 3 {
		files[fmt.Sprintf("p%d/p.go", i)] = fmt.Sprintf("package p%d\n\nimport (\n\t\"context\"\n\n\t\"example.com/nope\"\n)\n\nfunc Get(ctx context.Context) { nope.Call(ctx) }\n", i)
	}
	for name, content := range files {
		write(t, dir, name, content)
	}
	// The go command must not fetch or add anything: go.sum stays missing.
	t.Setenv("GOFLAGS", "")
	t.Setenv("GOPROXY", "off")
	t.Setenv("GOWORK", "off")
	return dir
}

// A dependency the go command cannot load is reported once, with the go
// command's own reason and the roots it kept from analysis, not as a
// "could not import X (invalid package name: \"\")" per importer (issue 15).
func TestUnloadableDependencyIsOneCause(t *testing.T) {
	dir := unloadableModule(t)
	var seen []string
	res, err := Run([]*analysis.Analyzer{recorder(&seen, func(*analysis.Pass) {})}, Options{Patterns: []string{"./..."}, Dir: dir})
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Unloadable) != 2 {
		t.Fatalf("want two causes, got %+v", res.Unloadable)
	}
	for i, want := range []struct {
		pkg, reason string
		importers   []string
	}{
		{"example.com/api", "replacement directory ../api does not exist", []string{"example.com/m/both", "example.com/m/viaapi"}},
		{"example.com/nope", "missing go.sum entry", []string{"example.com/m/both", "example.com/m/p0", "example.com/m/p1", "example.com/m/p2", "example.com/m/typo"}},
	} {
		got := res.Unloadable[i]
		if !slices.Equal(got.Packages, []string{want.pkg}) || !strings.Contains(got.Err, want.reason) || !slices.Equal(got.Importers, want.importers) {
			t.Errorf("cause %d: %+v\nwant %s, %q, imported by %q", i, got, want.pkg, want.reason, want.importers)
		}
	}
	// The importer with an error of its own still says so, and only that.
	if len(res.Broken) != 1 || res.Broken[0].Package != "example.com/m/typo" || !strings.Contains(res.Broken[0].Err, "undefinedHere") || res.Broken[0].More != 0 {
		t.Errorf("broken: %+v, want typo's own error alone", res.Broken)
	}
	if !slices.Equal(seen, []string{"example.com/m/healthy"}) {
		t.Errorf("analysed %q, want only the healthy package", seen)
	}
}

// A listing that fails as a whole says what the go command said, without
// the go/packages wrapping.
func TestListingErrorIsTheGoCommands(t *testing.T) {
	dir := unloadableModule(t)
	write(t, dir, "go.mod", "module example.com/m\n\nrequire (\n")
	_, err := Run([]*analysis.Analyzer{recorder(new([]string), func(*analysis.Pass) {})}, Options{Patterns: []string{"./..."}, Dir: dir})
	if err == nil || !strings.HasPrefix(err.Error(), "listing packages: go: errors parsing go.mod") || strings.Contains(err.Error(), "stderr:") {
		t.Errorf("error %v, want the go command's own words", err)
	}
}
