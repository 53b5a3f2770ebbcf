package fixedtimeout_test

import (
	"testing"

	"github.com/budgetlint/budgetlint/internal/passtest"
	"github.com/budgetlint/budgetlint/passes/ctxbackground"
	"github.com/budgetlint/budgetlint/passes/fixedtimeout"
)

var cleanPackages = []string{
	"fixedtimeout/conn", "fixedtimeout/derive", "fixedtimeout/loops",
	"fixedtimeout/selects", "fixedtimeout/typeparams",
}

// TestOneFinding checks "one mistake, one finding" against ctxbackground on
// this pass's test data: no line is reported by both, and ctxbackground
// reports exactly the lines marked "ctxbackground's finding" (the roots
// this pass leaves to it), not the roots it leaves to this pass.
func TestOneFinding(t *testing.T) {
	passtest.OneFinding(t, passtest.Load(t, cleanPackages...), fixedtimeout.Analyzer, ctxbackground.Analyzer)
}

func BenchmarkAnalyzer(b *testing.B) {
	passtest.Benchmark(b, fixedtimeout.Analyzer, cleanPackages...)
}
