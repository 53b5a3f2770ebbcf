package retrybudget

import (
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
	"time"

	"github.com/budgetlint/budgetlint/internal/ctxapi"
	"github.com/budgetlint/budgetlint/internal/price"
	"github.com/budgetlint/budgetlint/internal/report"
	"github.com/budgetlint/budgetlint/internal/retryloop"
)

// values is what a reported loop fixes in the code for its price: the
// attempt count of `for i := a; i < b; i++` or `range n`, and a constant
// wait (time.Sleep(d), a select on time.After(d)), which is then the same
// before every retry.
func values(info *types.Info, loop *retryloop.Loop) price.Values {
	v := price.Values{Unbounded: !loop.Bounded}
	if loop.Bounded {
		v.Attempts = attempts(info, loop.Node)
	}
	if d := constantWait(info, loop); d > 0 {
		v.Backoff, v.BackoffFactor = d, 1
	}
	return v
}

// constantWait returns the constant duration of the loop's wait
// (time.Sleep, time.After or time.NewTimer), 0 when it has none.
func constantWait(info *types.Info, loop *retryloop.Loop) time.Duration {
	var wait time.Duration
	if loop.Wait == nil {
		return 0
	}
	ast.Inspect(loop.Wait, func(n ast.Node) bool {
		call, ok := n.(*ast.CallExpr)
		if wait > 0 || !ok || len(call.Args) != 1 {
			return wait == 0
		}
		if ctxapi.IsCallTo(info, call, "time", "Sleep") || ctxapi.IsCallTo(info, call, "time", "After") ||
			ctxapi.IsCallTo(info, call, "time", "NewTimer") {
			wait = report.Duration(info, call.Args[0])
		}
		return true
	})
	return wait
}

// attempts folds a counted loop's attempt count; 0 when it is not constant.
func attempts(info *types.Info, n ast.Node) int {
	fold := func(e ast.Expr) (int64, bool) {
		tv, ok := info.Types[ast.Unparen(e)]
		if !ok || tv.Value == nil || tv.Value.Kind() != constant.Int {
			return 0, false
		}
		return constant.Int64Val(tv.Value)
	}
	switch n := n.(type) {
	case *ast.RangeStmt:
		if k, ok := fold(n.X); ok && k > 0 {
			return int(k)
		}
	case *ast.ForStmt:
		init, ok := n.Init.(*ast.AssignStmt)
		cond, ok2 := n.Cond.(*ast.BinaryExpr)
		post, ok3 := n.Post.(*ast.IncDecStmt)
		if !ok || !ok2 || !ok3 || len(init.Lhs) != 1 || len(init.Rhs) != 1 || post.Tok != token.INC {
			return 0
		}
		id, ok := init.Lhs[0].(*ast.Ident)
		x, ok2 := ast.Unparen(cond.X).(*ast.Ident)
		p, ok3 := ast.Unparen(post.X).(*ast.Ident)
		if !ok || !ok2 || !ok3 || x.Name != id.Name || p.Name != id.Name {
			return 0
		}
		from, ok := fold(init.Rhs[0])
		to, ok2 := fold(cond.Y)
		if !ok || !ok2 {
			return 0
		}
		k := to - from
		if cond.Op == token.LEQ {
			k++
		} else if cond.Op != token.LSS {
			return 0
		}
		if k > 0 {
			return int(k)
		}
	}
	return 0
}
