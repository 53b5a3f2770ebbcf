package dropcancel_test

import (
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/budgetlint/budgetlint/internal/passtest"
	"github.com/budgetlint/budgetlint/passes/dropcancel"
)

func TestStdlib(t *testing.T) {
	analysistest.Run(t, passtest.Testdata(t), dropcancel.Analyzer, "dropcancel/stdlib")
}

func TestSibling(t *testing.T) {
	analysistest.Run(t, passtest.Testdata(t), dropcancel.Analyzer, "dropcancel/sibling")
}

func TestStored(t *testing.T) {
	analysistest.Run(t, passtest.Testdata(t), dropcancel.Analyzer, "dropcancel/stored")
}

func TestFixes(t *testing.T) {
	analysistest.RunWithSuggestedFixes(t, passtest.Testdata(t), dropcancel.Analyzer, "dropcancel/fix")
}

// TestSuppress covers //nolint, //lint:ignore and generated files.
func TestSuppress(t *testing.T) {
	analysistest.Run(t, passtest.Testdata(t), dropcancel.Analyzer, "dropcancel/suppress")
}

// TestBroken runs the pass on a package with type errors: no panic.
func TestBroken(t *testing.T) {
	analysistest.Run(t, passtest.Testdata(t), dropcancel.Analyzer, "dropcancel/broken")
}
