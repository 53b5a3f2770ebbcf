package dropcancel_test

import (
	"testing"

	"github.com/budgetlint/budgetlint/internal/passtest"
	"github.com/budgetlint/budgetlint/passes/ctxbackground"
	"github.com/budgetlint/budgetlint/passes/dropcancel"
)

// TestOneFinding checks that ctxbackground stays silent on the calls
// dropcancel reports (a plain method whose sibling takes a context, even
// when the plain method roots a fresh context itself) and reports exactly
// the lines marked "ctxbackground's finding".
func TestOneFinding(t *testing.T) {
	passtest.OneFinding(t, passtest.Load(t, "dropcancel/overlap"), dropcancel.Analyzer, ctxbackground.Analyzer)
}

func BenchmarkAnalyzer(b *testing.B) {
	passtest.Benchmark(b, dropcancel.Analyzer, "dropcancel/stdlib", "dropcancel/sibling", "dropcancel/stored")
}
