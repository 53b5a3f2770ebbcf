package ctxbackground_test

import (
	"testing"

	"github.com/budgetlint/budgetlint/internal/passtest"
	"github.com/budgetlint/budgetlint/passes/ctxbackground"
)

// TestAnalyzer runs the pass on each of its testdata packages: the shapes
// it reports and those it leaves alone in service code, facts across
// packages, fixes, suppression, test code and the options.
func TestAnalyzer(t *testing.T) {
	passtest.Run(t, ctxbackground.Analyzer, passtest.Options{
		"tests":    {"tests": "true"},
		"detached": {"detached": "true"},
		"latent":   {"latent": "true"},
	})
}

// BenchmarkAnalyzer: ctxbackground exports facts, so the checker runs it
// on every dependency too, the standard library included, as go vet does.
func BenchmarkAnalyzer(b *testing.B) {
	passtest.Benchmark(b, ctxbackground.Analyzer, "ctxbackground/a", "ctxbackground/facts/...", "ctxbackground/detached")
}
