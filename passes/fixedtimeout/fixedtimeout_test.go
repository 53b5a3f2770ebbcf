package fixedtimeout_test

import (
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/budgetlint/budgetlint/internal/passtest"
	"github.com/budgetlint/budgetlint/passes/fixedtimeout"
)

// TestDerivations covers WithTimeout/WithDeadline on fresh roots and the
// fix that derives them from the inbound context.
func TestDerivations(t *testing.T) {
	analysistest.RunWithSuggestedFixes(t, passtest.Testdata(t), fixedtimeout.Analyzer, "fixedtimeout/derive")
}

// TestSelects covers selects waiting on timers.
func TestSelects(t *testing.T) {
	analysistest.Run(t, passtest.Testdata(t), fixedtimeout.Analyzer, "fixedtimeout/selects")
}

// TestConnDeadlines covers SetDeadline and its read/write forms.
func TestConnDeadlines(t *testing.T) {
	analysistest.Run(t, passtest.Testdata(t), fixedtimeout.Analyzer, "fixedtimeout/conn")
}

// TestLoops covers waits repeated by polling and pacing loops.
func TestLoops(t *testing.T) {
	analysistest.Run(t, passtest.Testdata(t), fixedtimeout.Analyzer, "fixedtimeout/loops")
}

// TestTypeParams covers generic code.
func TestTypeParams(t *testing.T) {
	analysistest.Run(t, passtest.Testdata(t), fixedtimeout.Analyzer, "fixedtimeout/typeparams")
}

// TestBroken runs the pass on a package with type errors: no panic.
func TestBroken(t *testing.T) {
	analysistest.Run(t, passtest.Testdata(t), fixedtimeout.Analyzer, "fixedtimeout/broken")
}

// TestStopSignals covers loops that stop on a signal of their own or call
// a helper checking the context, and a stream's per-write deadlines.
func TestStopSignals(t *testing.T) {
	analysistest.Run(t, passtest.Testdata(t), fixedtimeout.Analyzer, "fixedtimeout/stop")
}
