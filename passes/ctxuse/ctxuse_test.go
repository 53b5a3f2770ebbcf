package ctxuse_test

import (
	"testing"

	"github.com/budgetlint/budgetlint/internal/passtest"
	"github.com/budgetlint/budgetlint/passes/ctxuse"
)

// TestFacts states, function by function, what the analysis learns, and
// that facts cross package boundaries.
func TestFacts(t *testing.T) {
	passtest.Run(t, ctxuse.Analyzer, nil)
}
