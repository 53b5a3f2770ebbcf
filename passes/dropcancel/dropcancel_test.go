package dropcancel_test

import (
	"path/filepath"
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/budgetlint/budgetlint/passes/dropcancel"
)

func testdata(t testing.TB) string {
	dir, err := filepath.Abs(filepath.Join("..", "..", "testdata"))
	if err != nil {
		t.Fatal(err)
	}
	return dir
}

func TestStdlib(t *testing.T) {
	analysistest.Run(t, testdata(t), dropcancel.Analyzer, "dropcancel/stdlib")
}

func TestSibling(t *testing.T) {
	analysistest.Run(t, testdata(t), dropcancel.Analyzer, "dropcancel/sibling")
}

func TestStored(t *testing.T) {
	analysistest.Run(t, testdata(t), dropcancel.Analyzer, "dropcancel/stored")
}

func TestFixes(t *testing.T) {
	analysistest.RunWithSuggestedFixes(t, testdata(t), dropcancel.Analyzer, "dropcancel/fix")
}

// TestSuppress covers //nolint, //lint:ignore and generated files.
func TestSuppress(t *testing.T) {
	analysistest.Run(t, testdata(t), dropcancel.Analyzer, "dropcancel/suppress")
}

// TestBroken runs the pass on a package with type errors: no panic.
func TestBroken(t *testing.T) {
	analysistest.Run(t, testdata(t), dropcancel.Analyzer, "dropcancel/broken")
}
