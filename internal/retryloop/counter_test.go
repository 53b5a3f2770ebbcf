package retryloop_test

import (
	"go/ast"
	"testing"

	"github.com/budgetlint/budgetlint/internal/passtest"
	"github.com/budgetlint/budgetlint/internal/retryloop"
)

// TestCounted: the loops whose number of passes is written in them, and
// the values their counter takes; a bound not constant, a counter the body
// moves, or a condition of another shape has none.
func TestCounted(t *testing.T) {
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
	type want struct {
		ok       bool
		counter  string
		from, to int64
	}
	wants := []want{{true, "i", 0, 3}, {true, "i", 1, 4}, {true, "", 0, 5}, {true, "k", 0, 4}, {}, {}, {}, {}, {}}
	if len(loops) != len(wants) {
		t.Fatalf("found %d loops, want %d", len(loops), len(wants))
	}
	for i, loop := range loops {
		c, ok := retryloop.Counted(p.Info, loop)
		name := ""
		if c.V != nil {
			name = c.V.Name()
		}
		got := want{ok, name, c.From, c.To}
		if !ok {
			got = want{}
		}
		if got != wants[i] {
			t.Errorf("loop %d: got %+v, want %+v", i+1, got, wants[i])
		}
	}
}
