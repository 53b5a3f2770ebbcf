package fixedtimeout_test

import (
	"testing"

	"github.com/budgetlint/budgetlint/internal/passtest"
	"github.com/budgetlint/budgetlint/passes/fixedtimeout"
)

// TestAnalyzer runs the pass on each of its testdata packages:
// WithTimeout/WithDeadline on fresh roots and the fix that derives them
// from the inbound context, selects waiting on timers, SetDeadline and its
// read/write forms, polling and pacing loops, loops that stop on a signal
// of their own, generic code and type errors.
func TestAnalyzer(t *testing.T) {
	passtest.Run(t, fixedtimeout.Analyzer, nil)
}
