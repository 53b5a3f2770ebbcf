package driver

import (
	"go/ast"
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
