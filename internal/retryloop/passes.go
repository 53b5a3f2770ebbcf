package retryloop

import (
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"

	"github.com/budgetlint/budgetlint/internal/ctxflow"
)

// Passes returns how many times the loop runs when that is written in it:
// for i := a; i < b; i++ (or i <= b) with constants a and b and i left
// alone in the body, or for ... range n with a constant n; false otherwise.
func Passes(info *types.Info, loop ast.Node) (int64, bool) {
	fold := func(e ast.Expr) (int64, bool) {
		tv, ok := info.Types[ast.Unparen(e)]
		if !ok || tv.Value == nil || tv.Value.Kind() != constant.Int {
			return 0, false
		}
		return constant.Int64Val(tv.Value)
	}
	switch n := loop.(type) {
	case *ast.LabeledStmt:
		return Passes(info, n.Stmt)
	case *ast.RangeStmt:
		k, ok := fold(n.X)
		return k, ok && k > 0
	case *ast.ForStmt:
		init, ok := n.Init.(*ast.AssignStmt)
		cond, ok2 := n.Cond.(*ast.BinaryExpr)
		post, ok3 := n.Post.(*ast.IncDecStmt)
		if !ok || !ok2 || !ok3 || len(init.Lhs) != 1 || len(init.Rhs) != 1 || post.Tok != token.INC {
			return 0, false
		}
		v := ctxflow.VarOf(info, init.Lhs[0])
		if v == nil || ctxflow.VarOf(info, cond.X) != v || ctxflow.VarOf(info, post.X) != v {
			return 0, false
		}
		a, ok := fold(init.Rhs[0])
		b, ok2 := fold(cond.Y)
		if !ok || !ok2 {
			return 0, false
		}
		switch cond.Op {
		case token.LSS:
		case token.LEQ:
			b++
		default:
			return 0, false
		}
		if b <= a || writes(info, n.Body, v) {
			return 0, false
		}
		return b - a, true
	}
	return 0, false
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
