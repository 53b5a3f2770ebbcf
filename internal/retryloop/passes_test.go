package retryloop_test

import (
	"go/ast"
	"testing"

	"github.com/budgetlint/budgetlint/internal/passtest"
	"github.com/budgetlint/budgetlint/internal/retryloop"
)

// TestPasses: the loops whose number of passes is written in them; a
// bound not constant, a counter the body moves, or a condition of another
// shape has none.
func TestPasses(t *testing.T) {
	const src = `package p

const max = 3

func loops(n int) {
	for i := 0; i < 3; i++ {}
	for i := 1; i <= max; i++ {}
	for range 5 {}
	for k := range 4 { _ = k }
	for i := 0; i < n; i++ {}
	for i := 0; i < 3; i++ { i++ }
	for i := 0; i < 3; i++ { p := &i; _ = p }
	for i := 3; i > 0; i-- {}
	for i := 0; i != 3; i++ {}
}
`
	p := passtest.Check(t, src)
	var loops []ast.Node
	ast.Inspect(p.File, func(n ast.Node) bool {
		switch n.(type) {
		case *ast.ForStmt, *ast.RangeStmt:
			loops = append(loops, n)
		}
		return true
	})
	wants := []int64{3, 3, 5, 4, 0, 0, 0, 0, 0}
	if len(loops) != len(wants) {
		t.Fatalf("found %d loops, want %d", len(loops), len(wants))
	}
	for i, loop := range loops {
		n, ok := retryloop.Passes(p.Info, loop)
		if !ok {
			n = 0
		}
		if n != wants[i] {
			t.Errorf("loop %d: %d passes, want %d", i+1, n, wants[i])
		}
	}
}
