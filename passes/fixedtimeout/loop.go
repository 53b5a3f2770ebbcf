package fixedtimeout

import (
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"time"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ast/inspector"

	"github.com/budgetlint/budgetlint/internal/ctxapi"
	"github.com/budgetlint/budgetlint/internal/ctxflow"
	"github.com/budgetlint/budgetlint/internal/report"
	"github.com/budgetlint/budgetlint/internal/retryloop"
)

// checkLoopWait reports a fixed wait (time.Sleep, <-time.After(d),
// <-ticker.C) repeated by a loop that never checks a context: polling or
// pacing that runs on after the caller has gone. A single wait outside any
// loop is deliberate, and the wait of a retry loop is retrybudget's.
func (c *checker) checkLoopWait(cur inspector.Cursor, w wait) {
	loop, ok := innermostLoop(cur)
	if !ok {
		return // a single deliberate wait
	}
	src, _ := c.inboundAt(cur)
	if src == nil || c.inRetryLoop(loop) || c.loopChecksContext(cur) || c.fromDeadline(cur, w.d) || c.shortPoll(loop, w) || c.shortInAll(loop, w) {
		return
	}
	name, done := src.Expr, src.Expr+".Done()"
	if name == "" {
		name, done = "the caller's context", "its Done()"
	}
	// The waits of one loop, its inner loops' included, are one mistake:
	// the loop never checks ctx.
	c.Rep.ReportSame(fmt.Sprint("loop ", outermostLoop(loop).Node().Pos()), analysis.Diagnostic{
		Pos: w.node.Pos(),
		End: w.node.End(),
		Message: fmt.Sprintf("%s in a loop that never checks %s ignores the caller's deadline and cancellation; wait in a select on %s and a timer",
			c.describe(w), name, done),
	})
}

// shortPoll reports whether the wait, constant and shorter than
// retryloop.ShortWait, is one of a loop whose every pass makes a call
// given a context that leaves the loop on any error
// (retryloop.EndsOnCancel): once the caller has gone, that call fails and
// the loop ends, after at most one short wait. A longer wait still runs on
// after cancellation, each time the loop is left that way.
func (c *checker) shortPoll(loop inspector.Cursor, w wait) bool {
	d := c.waitLength(w.d)
	if e := c.waitLength(w.within); e > 0 && (d <= 0 || e < d) {
		d = e // a select that a quicker timer ends first waits no longer
	}
	return d > 0 && d < retryloop.ShortWait && retryloop.EndsOnCancel(c.Pass.TypesInfo, c.In.Exits(), loop.Node())
}

// shortInAll reports whether the loop, which no other loop of its function
// repeats, makes a known small number of passes (over a slice literal, a
// constant count) whose constant waits add up to less than
// retryloop.ShortWait: three progress notes 50ms apart overrun a
// cancelled caller by at most that sum.
func (c *checker) shortInAll(loop inspector.Cursor, w wait) bool {
	if w.d == nil {
		return false
	}
	d := report.Duration(c.Pass.TypesInfo, w.d)
	if d <= 0 {
		return false
	}
	if _, nested := innermostLoop(loop.Parent()); nested {
		return false
	}
	n := c.passes(loop)
	return n > 0 && d < retryloop.ShortWait/time.Duration(n) // n*d without overflow
}

// passes returns how many times the loop at cur runs when that is written
// in it: the length of a slice or array literal it ranges over (directly
// or through a local set once), or retryloop.Passes. It returns 0 when unknown.
func (c *checker) passes(cur inspector.Cursor) int64 {
	info := c.Pass.TypesInfo
	if loop, ok := cur.Node().(*ast.RangeStmt); ok {
		x := ast.Unparen(loop.X)
		if id, ok := x.(*ast.Ident); ok {
			if init := c.initOf(cur, id); init != nil {
				x = ast.Unparen(init)
			}
		}
		if lit, ok := x.(*ast.CompositeLit); ok {
			if t := info.TypeOf(lit); t != nil {
				switch t.Underlying().(type) {
				case *types.Slice, *types.Array:
					return int64(len(lit.Elts))
				}
			}
			return 0
		}
	}
	if n, ok := retryloop.Passes(info, cur.Node()); ok {
		return n
	}
	return 0
}

// loopChecksContext reports whether a loop around cur, within its function,
// asks a context whether it is done.
func (c *checker) loopChecksContext(cur inspector.Cursor) bool {
	for l := range cur.Enclosing((*ast.ForStmt)(nil), (*ast.RangeStmt)(nil), (*ast.FuncDecl)(nil), (*ast.FuncLit)(nil)) {
		switch l.Node().(type) {
		case *ast.FuncDecl, *ast.FuncLit:
			return false
		}
		if c.checksContext(l) {
			return true
		}
	}
	return false
}

// checksContext reports whether the loop at cur (its condition included)
// asks a context whether it is done: Err(), Done(), Deadline(),
// context.Cause, a helper that checks the context it is given (ctxuse), an
// error compared with context.Canceled or DeadlineExceeded, or a select
// case on a stop signal of its own (case <-s.done: return): a daemon loop
// that its owner stops.
func (c *checker) checksContext(loop inspector.Cursor) bool {
	info := c.Pass.TypesInfo
	for cur := range loop.Preorder((*ast.CallExpr)(nil), (*ast.BinaryExpr)(nil), (*ast.SelectStmt)(nil)) {
		switch n := cur.Node().(type) {
		case *ast.SelectStmt:
			if c.stopCase(cur, n) {
				return true
			}
		case *ast.CallExpr:
			if c.isContextMethod(n, "Err") || c.isContextMethod(n, "Done") || c.isContextMethod(n, "Deadline") ||
				ctxapi.IsCallTo(info, n, "context", "Cause") || c.Uses.IsCheck(n) {
				return true
			}
			// errors.Is(err, context.Canceled): the loop asks whether a
			// call it made ended because the context did.
			if ctxapi.IsErrorsCall(info, n, "Is") && len(n.Args) == 2 && ctxapi.ContextError(info, n.Args[1]) != "" {
				return true
			}
		case *ast.BinaryExpr:
			if (n.Op == token.EQL || n.Op == token.NEQ) && (ctxapi.ContextError(info, n.X) != "" || ctxapi.ContextError(info, n.Y) != "") {
				return true
			}
		}
	}
	return false
}

// stopCase reports whether the select at cur has a case on a signal
// channel (chan struct{}) that is not a timer and leaves the loop.
func (c *checker) stopCase(cur inspector.Cursor, sel *ast.SelectStmt) bool {
	for _, stmt := range sel.Body.List {
		cc, ok := stmt.(*ast.CommClause)
		if !ok || cc.Comm == nil {
			continue
		}
		ch := ctxflow.Received(cc.Comm)
		if ch == nil || !ctxapi.IsSignal(c.Pass.TypesInfo.TypeOf(ch)) {
			continue
		}
		if _, timer := c.timerWait(cur, ch); !timer && c.endsWait(cur, cc) {
			return true
		}
	}
	return false
}

// innermostLoop returns the nearest for or range statement around cur (cur
// itself included) within the same function.
// inRetryLoop reports whether a loop around cur, within its function, is a
// retry loop: a wait in a nested loop that continues an outer retry is
// that retry's wait, and retrybudget's finding.
func (c *checker) inRetryLoop(cur inspector.Cursor) bool {
	for l := range cur.Enclosing((*ast.ForStmt)(nil), (*ast.RangeStmt)(nil), (*ast.FuncDecl)(nil), (*ast.FuncLit)(nil)) {
		switch l.Node().(type) {
		case *ast.FuncDecl, *ast.FuncLit:
			return false
		}
		if retryloop.Is(c.Pass.TypesInfo, c.In.Exits(), l.Node()) {
			return true
		}
	}
	return false
}

// outermostLoop returns the outermost loop around the loop at cur within
// its function (cur itself when no other loop encloses it).
func outermostLoop(cur inspector.Cursor) inspector.Cursor {
	outer := cur
	for l := range cur.Parent().Enclosing((*ast.ForStmt)(nil), (*ast.RangeStmt)(nil), (*ast.FuncDecl)(nil), (*ast.FuncLit)(nil)) {
		switch l.Node().(type) {
		case *ast.FuncDecl, *ast.FuncLit:
			return outer
		}
		outer = l
	}
	return outer
}

func innermostLoop(cur inspector.Cursor) (inspector.Cursor, bool) {
	for l := range cur.Enclosing((*ast.ForStmt)(nil), (*ast.RangeStmt)(nil), (*ast.FuncDecl)(nil), (*ast.FuncLit)(nil)) {
		switch l.Node().(type) {
		case *ast.ForStmt, *ast.RangeStmt:
			return l, true
		}
		break
	}
	return inspector.Cursor{}, false
}
