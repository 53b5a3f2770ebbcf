package dropcancel_test

import (
	"testing"

	"github.com/budgetlint/budgetlint/internal/passtest"
	"github.com/budgetlint/budgetlint/passes/dropcancel"
)

// TestAnalyzer runs the pass on each of its testdata packages: standard
// library calls, siblings that take a context, stored contexts, fixes,
// suppression, type errors and a company package listed with -exclude
// (its context variants carry values only; the built-in list still
// applies).
func TestAnalyzer(t *testing.T) {
	passtest.Run(t, dropcancel.Analyzer, passtest.Options{
		"exclude": {"exclude": "example.com/corp/audit"},
	})
}
