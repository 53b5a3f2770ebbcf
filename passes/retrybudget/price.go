package retrybudget

import (
	"go/ast"
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
	if n, ok := retryloop.Passes(info, loop.Node); loop.Bounded && ok {
		v.Attempts = int(n)
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
