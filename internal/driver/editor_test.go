package driver

import (
	"context"
	"errors"
	"fmt"
	"go/ast"
	"os"
	"path/filepath"
	"slices"
	"testing"

	"golang.org/x/tools/go/analysis"
)

// funcs reports every function declaration of the packages it runs on.
var funcs = &analysis.Analyzer{
	Name: "funcs",
	Doc:  "reports each function declaration",
	Run: func(pass *analysis.Pass) (any, error) {
		for _, f := range pass.Files {
			for _, d := range f.Decls {
				if fd, ok := d.(*ast.FuncDecl); ok {
					pass.Reportf(fd.Name.Pos(), "func %s.%s", pass.Pkg.Name(), fd.Name.Name)
				}
			}
		}
		return nil, nil
	},
}

func messages(res *Result) []string {
	var out []string
	for _, d := range res.Diagnostics {
		out = append(out, d.Message)
	}
	slices.Sort(out)
	return out
}

// A package analysed first as a dependency, then as a root, reports its
// findings the second time: the cache holds what it found either way (an
// editor that opened api.go, then store.go, showed nothing in store.go).
func TestDependencyThenRoot(t *testing.T) {
	opts := Options{Dir: module(t), Cache: t.TempDir(), ToolID: "test"}
	opts.Patterns = []string{"./svc"} // imports helpers
	if _, err := Run([]*analysis.Analyzer{funcs}, opts); err != nil {
		t.Fatal(err)
	}
	opts.Patterns = []string{"./helpers"}
	res, err := Run([]*analysis.Analyzer{funcs}, opts)
	if err != nil {
		t.Fatal(err)
	}
	want := []string{"func helpers.Warm", "func helpers.get"}
	if got := messages(res); !slices.Equal(got, want) || res.Stats.Cached != 1 {
		t.Errorf("helpers after svc: %q (stats %+v), want %q from the cache", got, res.Stats, want)
	}
}

// write writes a file of a test module and returns its name.
func write(t *testing.T, dir, name, text string) string {
	t.Helper()
	path := filepath.Join(dir, name)
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

// Build flags and the environment reach the go command: a file behind a
// build tag is analysed when either sets the tag.
func TestBuildFlagsAndEnv(t *testing.T) {
	dir := t.TempDir()
	write(t, dir, "go.mod", "module example.com/b\n\ngo 1.26\n")
	write(t, dir, "a.go", "package b\n\nimport \"context\"\n\nfunc A(ctx context.Context) {}\n")
	write(t, dir, "b.go", "//go:build extra\n\npackage b\n\nfunc B() {}\n")
	for _, tc := range []struct {
		what string
		opts Options
		want []string
	}{
		{"no tag", Options{}, []string{"func b.A"}},
		{"-tags", Options{BuildFlags: []string{"-tags=extra"}}, []string{"func b.A", "func b.B"}},
		{"GOFLAGS", Options{Env: append(os.Environ(), "GOFLAGS=-tags=extra")}, []string{"func b.A", "func b.B"}},
	} {
		tc.opts.Patterns, tc.opts.Dir = []string{"."}, dir
		res, err := Run([]*analysis.Analyzer{funcs}, tc.opts)
		if err != nil {
			t.Fatalf("%s: %v", tc.what, err)
		}
		if got := messages(res); !slices.Equal(got, tc.want) {
			t.Errorf("%s: %q, want %q", tc.what, got, tc.want)
		}
	}
}

// An overlay is analysed instead of the file on disk, in the package's
// findings, its fixes' content sums and the cache's keys: also for a
// package type-checked for its exports only, whose importers see the
// overlay's declarations.
func TestOverlay(t *testing.T) {
	dir := t.TempDir()
	write(t, dir, "go.mod", "module example.com/o\n\ngo 1.26\n")
	plain := write(t, dir, "plain/plain.go", "package plain\n\nconst N = 1\n")
	user := write(t, dir, "user/user.go", "package user\n\nimport (\n\t\"context\"\n\n\t\"example.com/o/plain\"\n)\n\nfunc F(ctx context.Context) int { return plain.N }\n")
	// Reports the value of plain.N where user uses it.
	value := &analysis.Analyzer{
		Name: "value",
		Doc:  "reports the constant a selector names",
		Run: func(pass *analysis.Pass) (any, error) {
			for _, f := range pass.Files {
				ast.Inspect(f, func(n ast.Node) bool {
					if sel, ok := n.(*ast.SelectorExpr); ok && sel.Sel.Name == "N" {
						pass.Report(analysis.Diagnostic{
							Pos: sel.Pos(), Message: fmt.Sprintf("N is %s", pass.TypesInfo.Types[sel].Value),
							SuggestedFixes: []analysis.SuggestedFix{{Message: "zero", TextEdits: []analysis.TextEdit{{Pos: sel.Pos(), End: sel.End(), NewText: []byte("0")}}}},
						})
					}
					return true
				})
			}
			return nil, nil
		},
	}
	opts := Options{Patterns: []string{"./user"}, Dir: dir, Cache: t.TempDir(), ToolID: "test"}
	res, err := Run([]*analysis.Analyzer{value, funcs}, opts)
	if err != nil {
		t.Fatal(err)
	}
	if got := messages(res); !slices.Equal(got, []string{"N is 1", "func user.F"}) {
		t.Fatalf("on disk: %q", got)
	}

	// Only the dependency is edited: user's cache key must change with it.
	opts.Overlay = map[string][]byte{plain: []byte("package plain\n\nconst N = 2\n")}
	res, err = Run([]*analysis.Analyzer{value, funcs}, opts)
	if err != nil {
		t.Fatal(err)
	}
	if got := messages(res); !slices.Equal(got, []string{"N is 2", "func user.F"}) {
		t.Errorf("with plain.go edited: %q, want the overlay's N", got)
	}

	edited := "package user\n\nimport (\n\t\"context\"\n\n\t\"example.com/o/plain\"\n)\n\nfunc G(ctx context.Context) int { return plain.N }\n"
	opts.Overlay[user] = []byte(edited)
	res, err = Run([]*analysis.Analyzer{value, funcs}, opts)
	if err != nil {
		t.Fatal(err)
	}
	if got := messages(res); !slices.Equal(got, []string{"N is 2", "func user.G"}) {
		t.Errorf("with both edited: %q, want the overlays' N and G", got)
	}
	for _, d := range res.Diagnostics {
		for _, fix := range d.Fixes {
			if e := fix.Edits[0]; e.Sum != ContentSum([]byte(edited)) || edited[e.Start.Offset:e.End.Offset] != "plain.N" {
				t.Errorf("edit %+v: want plain.N in the overlay, with its content sum", e)
			}
		}
	}

	opts.Overlay = nil
	res, err = Run([]*analysis.Analyzer{value, funcs}, opts)
	if err != nil {
		t.Fatal(err)
	}
	if got := messages(res); !slices.Equal(got, []string{"N is 1", "func user.F"}) || res.Stats.Cached != 1 {
		t.Errorf("on disk again: %q (stats %+v), want the first run's findings from the cache", got, res.Stats)
	}
}

// A run whose context is done stops before checking another package and
// returns the context's error, not a partial result.
func TestContextStopsTheRun(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	var seen []string
	stopper := recorder(&seen, func(*analysis.Pass) { cancel() }) // on helpers, which svc imports
	res, err := Run([]*analysis.Analyzer{stopper}, Options{Patterns: []string{"./svc"}, Dir: module(t), Context: ctx})
	if !errors.Is(err, context.Canceled) || res != nil {
		t.Errorf("Run = %v, %v; want context.Canceled", res, err)
	}
	if !slices.Equal(seen, []string{"example.com/vet/helpers"}) {
		t.Errorf("analysed %q after the context was cancelled in helpers", seen)
	}

	_, err = Run([]*analysis.Analyzer{stopper}, Options{Patterns: []string{"./svc"}, Dir: module(t), Context: ctx})
	if !errors.Is(err, context.Canceled) {
		t.Errorf("Run with a done context: %v", err)
	}
}
