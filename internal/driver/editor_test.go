package driver

import (
	"context"
	"errors"
	"fmt"
	"go/ast"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"golang.org/x/tools/go/analysis"

	"github.com/budgetlint/budgetlint/internal/passtest"
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
	passtest.WriteFile(t, path, text)
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
	if got := messages(res); !slices.Equal(got, []string{"N is 1", "func user.F"}) || res.Stats.Cached != 2 {
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

// A Memo keeps what was type-checked for exports only: the next run
// type-checks no dependency again and finds the same, unsaved edits
// included; when it starts afresh (its FileSet too large) nothing from the
// runs before is mixed in.
func TestMemo(t *testing.T) {
	memo := NewMemo()
	opts := Options{Patterns: []string{"./svc"}, Dir: module(t), Memo: memo}
	first, err := Run([]*analysis.Analyzer{funcs}, opts)
	if err != nil {
		t.Fatal(err)
	}
	if first.Stats.TypesOnly == 0 {
		t.Fatalf("first run: %+v, want the standard library type-checked", first.Stats)
	}
	svc := filepath.Join(module(t), "svc", "svc.go")
	src, err := os.ReadFile(svc)
	if err != nil {
		t.Fatal(err)
	}
	edited := strings.Replace(string(src), "func Do(", "func DoEdited(", 1)
	for _, tc := range []struct {
		what    string
		overlay map[string][]byte
		limit   int
		want    []string
	}{
		{"again", nil, memoLimit, messages(first)},
		{"edited", map[string][]byte{svc: []byte(edited)}, memoLimit, []string{"func svc.Audit", "func svc.DoEdited", "func svc.Handle", "func svc.use"}},
		{"afresh", nil, 1, messages(first)},
	} {
		defer func(limit int) { memoLimit = limit }(memoLimit)
		memoLimit = tc.limit
		opts.Overlay = tc.overlay
		res, err := Run([]*analysis.Analyzer{funcs}, opts)
		if err != nil {
			t.Fatal(err)
		}
		if got := messages(res); !slices.Equal(got, tc.want) || len(res.Broken) > 0 {
			t.Errorf("%s: %q, broken %+v; want %q", tc.what, got, res.Broken, tc.want)
		}
		if s := res.Stats; tc.limit == 1 && (s.TypesOnly == 0 || s.Reused != 0) || tc.limit > 1 && (s.TypesOnly != 0 || s.Reused == 0) || s.Analysed != 2 {
			t.Errorf("%s: %+v, want helpers and svc analysed, and dependencies type-checked only when starting afresh", tc.what, res.Stats)
		}
	}
}

// A package is kept only with every package it imports: one kept against
// an import that was not (it had errors) met a new version of that import
// in the next run, and its importer saw two types plain.T.
func TestMemoKeepsWholeGraphs(t *testing.T) {
	dir := t.TempDir()
	write(t, dir, "go.mod", "module example.com/m\n\ngo 1.26\n")
	write(t, dir, "plain/plain.go", "package plain\n\ntype T int\n\nvar Bad int = \"x\"\n")
	write(t, dir, "mid/mid.go", "package mid\n\nimport \"example.com/m/plain\"\n\nfunc F(t plain.T) plain.T { return t }\n")
	write(t, dir, "user/user.go", "package user\n\nimport (\n\t\"context\"\n\n\t\"example.com/m/mid\"\n\t\"example.com/m/plain\"\n)\n\nfunc G(ctx context.Context) plain.T { var t plain.T; return mid.F(t) }\n")
	opts := Options{Patterns: []string{"./user"}, Dir: dir, Memo: NewMemo()}
	for run := 1; run <= 2; run++ {
		res, err := Run([]*analysis.Analyzer{funcs}, opts)
		if err != nil {
			t.Fatal(err)
		}
		if got := messages(res); len(res.Broken) > 0 || !slices.Equal(got, []string{"func user.G"}) {
			t.Errorf("run %d: %q, broken %+v", run, got, res.Broken)
		}
	}
}

// With the cache, an analysed package is kept too: the next run finds its
// result in the cache and its types in the Memo, and checks nothing but
// the edited package.
func TestMemoWithCache(t *testing.T) {
	opts := Options{Patterns: []string{"./svc"}, Dir: module(t), Memo: NewMemo(), Cache: t.TempDir(), ToolID: "test"}
	if _, err := Run([]*analysis.Analyzer{funcs}, opts); err != nil {
		t.Fatal(err)
	}
	svc := filepath.Join(module(t), "svc", "svc.go")
	src, err := os.ReadFile(svc)
	if err != nil {
		t.Fatal(err)
	}
	opts.Overlay = map[string][]byte{svc: append(src, "\n// edited\n"...)}
	res, err := Run([]*analysis.Analyzer{funcs}, opts)
	if err != nil {
		t.Fatal(err)
	}
	if s := res.Stats; s.Analysed != 1 || s.TypesOnly != 0 || len(messages(res)) != 4 {
		t.Errorf("after an edit of svc: %+v, %q; want svc analysed (4 functions) and helpers from the cache and the Memo", s, messages(res))
	}
}
