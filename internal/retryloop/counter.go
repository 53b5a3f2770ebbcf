package retryloop

import (
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"

	"github.com/budgetlint/budgetlint/internal/ctxflow"
)

// Counter describes a loop that runs a constant number of times: for i :=
// a; i < b; i++ (or i <= b) with constants a and b and i left alone in the
// body, or for i := range n with a constant n. V is the counter (nil for a
// range without one); it takes the values From, From+1, ..., To-1.
type Counter struct {
	V        *types.Var
	From, To int64
}

// Passes is how many times the loop runs.
func (c Counter) Passes() int64 { return c.To - c.From }

// Counted returns the loop's Counter, and false when the number of passes
// is not written in it.
func Counted(info *types.Info, loop ast.Node) (Counter, bool) {
	fold := func(e ast.Expr) (int64, bool) {
		tv, ok := info.Types[ast.Unparen(e)]
		if !ok || tv.Value == nil || tv.Value.Kind() != constant.Int {
			return 0, false
		}
		return constant.Int64Val(tv.Value)
	}
	switch n := loop.(type) {
	case *ast.LabeledStmt:
		return Counted(info, n.Stmt)
	case *ast.RangeStmt:
		k, ok := fold(n.X)
		if !ok || k <= 0 {
			return Counter{}, false
		}
		c := Counter{From: 0, To: k}
		if n.Key != nil {
			c.V = ctxflow.VarOf(info, n.Key) // nil for _
			if c.V != nil && writes(info, n.Body, c.V) {
				c.V = nil
			}
		}
		return c, true
	case *ast.ForStmt:
		init, ok := n.Init.(*ast.AssignStmt)
		cond, ok2 := n.Cond.(*ast.BinaryExpr)
		post, ok3 := n.Post.(*ast.IncDecStmt)
		if !ok || !ok2 || !ok3 || len(init.Lhs) != 1 || len(init.Rhs) != 1 || post.Tok != token.INC {
			return Counter{}, false
		}
		v := ctxflow.VarOf(info, init.Lhs[0])
		if v == nil || ctxflow.VarOf(info, cond.X) != v || ctxflow.VarOf(info, post.X) != v {
			return Counter{}, false
		}
		a, ok := fold(init.Rhs[0])
		b, ok2 := fold(cond.Y)
		if !ok || !ok2 {
			return Counter{}, false
		}
		switch cond.Op {
		case token.LSS:
		case token.LEQ:
			b++
		default:
			return Counter{}, false
		}
		if b <= a || writes(info, n.Body, v) {
			return Counter{}, false
		}
		return Counter{V: v, From: a, To: b}, true
	}
	return Counter{}, false
}

// writes reports whether n assigns v, steps it or takes its address.
func writes(info *types.Info, n ast.Node, v *types.Var) bool {
	written := false
	ast.Inspect(n, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.AssignStmt:
			for _, l := range n.Lhs {
				written = written || ctxflow.VarOf(info, l) == v
			}
		case *ast.IncDecStmt:
			written = written || ctxflow.VarOf(info, n.X) == v
		case *ast.UnaryExpr:
			written = written || n.Op == token.AND && ctxflow.VarOf(info, n.X) == v
		}
		return !written
	})
	return written
}
