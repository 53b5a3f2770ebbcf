package retrybudget_test

import (
	"testing"

	"github.com/budgetlint/budgetlint/internal/passtest"
	"github.com/budgetlint/budgetlint/passes/retrybudget"
)

// TestAnalyzer runs the pass on each of its testdata packages:
// hand-written retry loops, the retry libraries and pollers, code off the
// request path, service code of several kinds, generic code, context
// checks learned by facts across packages and type errors.
func TestAnalyzer(t *testing.T) {
	passtest.Run(t, retrybudget.Analyzer, nil)
}

func BenchmarkAnalyzer(b *testing.B) {
	passtest.Benchmark(b, retrybudget.Analyzer, "retrybudget/loops", "retrybudget/helpers")
}
