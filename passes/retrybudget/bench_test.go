package retrybudget_test

import (
	"testing"

	"github.com/budgetlint/budgetlint/internal/passtest"
	"github.com/budgetlint/budgetlint/passes/retrybudget"
)

func BenchmarkAnalyzer(b *testing.B) {
	passtest.Benchmark(b, retrybudget.Analyzer, "retrybudget/loops", "retrybudget/helpers")
}
