package retrybudget_test

import (
	"os"
	"testing"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/checker"
	"golang.org/x/tools/go/packages"

	"github.com/budgetlint/budgetlint/passes/retrybudget"
)

// BenchmarkRetrybudget runs the pass (with inspect and inbound, which it
// requires) on the loops and helpers test packages, loaded once.
func BenchmarkRetrybudget(b *testing.B) {
	cfg := &packages.Config{
		Mode:  packages.LoadAllSyntax,
		Dir:   testdata(b),
		Tests: false,
		Env:   append(os.Environ(), "GOPATH="+testdata(b), "GO111MODULE=off", "GOPROXY=off", "GOTOOLCHAIN=local"),
	}
	pkgs, err := packages.Load(cfg, "retrybudget/loops", "retrybudget/helpers")
	if err != nil {
		b.Fatal(err)
	}
	if packages.PrintErrors(pkgs) > 0 {
		b.Fatal("test packages do not load")
	}
	opts := &checker.Options{Sequential: true}
	b.ReportAllocs()
	for b.Loop() {
		graph, err := checker.Analyze([]*analysis.Analyzer{retrybudget.Analyzer}, pkgs, opts)
		if err != nil {
			b.Fatal(err)
		}
		for act := range graph.All() {
			if act.Err != nil {
				b.Fatal(act.Err)
			}
		}
	}
}
