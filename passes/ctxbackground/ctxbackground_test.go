package ctxbackground_test

import (
	"path/filepath"
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/budgetlint/budgetlint/passes/ctxbackground"
)

func testdata(t *testing.T) string {
	dir, err := filepath.Abs(filepath.Join("..", "..", "testdata"))
	if err != nil {
		t.Fatal(err)
	}
	return dir
}

func TestShapes(t *testing.T) {
	analysistest.Run(t, testdata(t), ctxbackground.Analyzer, "ctxbackground/a")
}
