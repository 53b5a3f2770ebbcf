package report_test

import (
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/budgetlint/budgetlint/internal/passtest"
	"github.com/budgetlint/budgetlint/passes/ctxbackground"
	"github.com/budgetlint/budgetlint/passes/dropcancel"
)

// Issue 16, item 4: a //lint:ignore without a reason, and one that
// suppresses nothing, are findings of the directive's line, reported by
// the pass the directive names; in test files with -tests.
func TestDirectives(t *testing.T) {
	passtest.RunIn(t, ctxbackground.Analyzer, analysistest.TestData(), "directives", passtest.Options{
		"testson": {"tests": "true"},
	})
}

// Each pass judges its own name: dropcancel reports the directive naming
// it and ctxbackground that no dropcancel finding needed.
func TestDirectivesOfAnotherPass(t *testing.T) {
	analysistest.Run(t, analysistest.TestData(), dropcancel.Analyzer, "otherpass")
}
