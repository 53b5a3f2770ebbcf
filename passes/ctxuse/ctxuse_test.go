package ctxuse_test

import (
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/budgetlint/budgetlint/internal/passtest"
	"github.com/budgetlint/budgetlint/passes/ctxuse"
)

// TestFacts states, function by function, what the analysis learns, and
// that facts cross package boundaries.
func TestFacts(t *testing.T) {
	analysistest.Run(t, passtest.Testdata(t), ctxuse.Analyzer, "ctxuse/a", "ctxuse/b")
}
