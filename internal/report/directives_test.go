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
// the pass the directive names.
func TestDirectives(t *testing.T) {
	analysistest.Run(t, analysistest.TestData(), ctxbackground.Analyzer,
		"directives/rules", "directives/norequest", "directives/gen", "directives/testfiles")
}

func TestDirectivesInTests(t *testing.T) {
	passtest.SetFlag(t, ctxbackground.Analyzer, "tests", "true")
	analysistest.Run(t, analysistest.TestData(), ctxbackground.Analyzer, "directives/testson")
}

// Each pass judges its own name: dropcancel reports the directive naming
// it and ctxbackground that no dropcancel finding needed.
func TestDirectivesOfAnotherPass(t *testing.T) {
	analysistest.Run(t, analysistest.TestData(), dropcancel.Analyzer, "directives/otherpass")
}
