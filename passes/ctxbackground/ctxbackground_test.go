package ctxbackground_test

import (
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/budgetlint/budgetlint/internal/passtest"
	"github.com/budgetlint/budgetlint/passes/ctxbackground"
)

// TestShapes covers every reported shape and the left-alone ones in
// ordinary service code.
func TestShapes(t *testing.T) {
	analysistest.Run(t, passtest.Testdata(t), ctxbackground.Analyzer, "ctxbackground/a")
}

// TestFacts covers the cross-package rule: facts exported by helpers and
// the findings at the request-path call sites in svc.
func TestFacts(t *testing.T) {
	analysistest.Run(t, passtest.Testdata(t), ctxbackground.Analyzer, "ctxbackground/facts/helpers", "ctxbackground/facts/svc")
}

func TestFixes(t *testing.T) {
	analysistest.RunWithSuggestedFixes(t, passtest.Testdata(t), ctxbackground.Analyzer, "ctxbackground/fix")
}

func TestSuppression(t *testing.T) {
	analysistest.Run(t, passtest.Testdata(t), ctxbackground.Analyzer, "ctxbackground/suppress", "ctxbackground/generated", "ctxbackground/linedirective")
}

func TestTestsOption(t *testing.T) {
	passtest.SetFlag(t, ctxbackground.Analyzer, "tests", "true")
	analysistest.Run(t, passtest.Testdata(t), ctxbackground.Analyzer, "ctxbackground/tests")
}

func TestTestsLeftAloneByDefault(t *testing.T) {
	analysistest.Run(t, passtest.Testdata(t), ctxbackground.Analyzer, "ctxbackground/testsoff")
}

func TestDetachedOption(t *testing.T) {
	passtest.SetFlag(t, ctxbackground.Analyzer, "detached", "true")
	analysistest.RunWithSuggestedFixes(t, passtest.Testdata(t), ctxbackground.Analyzer, "ctxbackground/detached")
}

// BenchmarkAnalyzer: ctxbackground exports facts, so the checker runs it
// on every dependency too, the standard library included, as go vet does.
func BenchmarkAnalyzer(b *testing.B) {
	passtest.Benchmark(b, ctxbackground.Analyzer, "ctxbackground/a", "ctxbackground/facts/...", "ctxbackground/detached")
}

// TestObserved covers roots that reach nothing observing cancellation,
// detached closures and test helpers outside _test.go files: left alone.
func TestObserved(t *testing.T) {
	analysistest.Run(t, passtest.Testdata(t), ctxbackground.Analyzer, "ctxbackground/observe")
}

// TestLatent reports those roots with -latent.
func TestLatent(t *testing.T) {
	passtest.SetFlag(t, ctxbackground.Analyzer, "latent", "true")
	analysistest.Run(t, passtest.Testdata(t), ctxbackground.Analyzer, "ctxbackground/latent")
}
