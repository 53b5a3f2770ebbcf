package fixedtimeout

import (
	"fmt"
	"go/ast"
	"go/token"
	"go/types"

	"golang.org/x/tools/go/ast/inspector"

	"github.com/budgetlint/budgetlint/internal/ctxapi"
	"github.com/budgetlint/budgetlint/internal/ctxflow"
)

// fromDeadline reports whether the duration d is computed from a
// context's deadline (ctxflow.FromDeadline) in the outermost function
// around cur: the wait honours the caller's deadline.
func (c *checker) fromDeadline(cur inspector.Cursor, d ast.Expr) bool {
	top, ok := outermostFunc(cur)
	return ok && ctxflow.FromDeadline(c.Pass.TypesInfo, c.Iface, top, d)
}

// checkSelect reports a select that waits on a fixed timeout with no case
// on a context's Done(). A select whose cases are all timers is a sleep,
// and a ticker case that leaves the select's loop running is pacing: both
// are judged as loop waits. A one-shot timer that starts work and keeps
// the loop going (a fallback trigger) is not a timeout.
func (c *checker) checkSelect(cur inspector.Cursor, sel *ast.SelectStmt) {
	var first, timeout, pacing *wait
	var quickest ast.Expr // the shortest constant timer of the select
	onlyTimers := true
	endsWithWork := false // a case the caller's own work signals ends the wait
	for _, stmt := range sel.Body.List {
		cc, ok := stmt.(*ast.CommClause)
		if !ok {
			continue
		}
		if cc.Comm == nil {
			return // a default case: the select polls, it does not wait
		}
		ch := ctxflow.Received(cc.Comm)
		if ch == nil {
			onlyTimers = false // a send
			continue
		}
		if c.isDone(cur, ch) || c.componentStop(cur, cc, ch) {
			return
		}
		byOwnWork, byDerivedWork := c.signalledByWork(cur, ch)
		if byDerivedWork {
			return
		}
		endsWithWork = endsWithWork || byOwnWork && c.endsWait(cur, cc)
		w, ok := c.timerWait(cur, ch)
		if ok && first == nil {
			first = &w
		}
		if d := c.waitLength(w.d); ok && d > 0 && (quickest == nil || d < c.waitLength(quickest)) {
			quickest = w.d
		}
		switch {
		case !ok:
			onlyTimers = false
		case c.alwaysEndsWait(cur, cc):
			if timeout == nil {
				timeout = &w
			}
		case (w.periodic || c.endsWait(cur, cc)) && pacing == nil:
			pacing = &w // the loop waits again unless a check fails
		}
	}
	switch {
	case first == nil:
		return
	case onlyTimers:
		first.within = quickest // select { case <-deadline: ...; case <-ticker.C: }
		c.checkLoopWait(cur, *first)
		return
	case timeout == nil:
		// A ticker that only paces the wait for work given the caller's
		// context (case <-ticker.C: log "still connecting"; case <-ready:
		// return) never ends it: the work does, and so does the caller.
		if pacing != nil && !endsWithWork {
			pacing.within = quickest
			c.checkLoopWait(cur, *pacing)
		}
		return
	}
	if c.inRetryLoop(cur) {
		return // the wait of a retry loop: retrybudget's
	}
	src, _ := c.inboundAt(cur)
	if src == nil || src.Discarded() || c.fromDeadline(cur, timeout.d) {
		return // a discarded context: see checkDerivation
	}
	done := src.Expr + ".Done()"
	if src.Expr == "" {
		done = "the caller's context's Done()"
	}
	waits := "waits"
	if timeout.d != nil {
		waits += " " + types.ExprString(timeout.d)
		if s, ok := c.duration(timeout.d); ok {
			waits = "waits " + s
		}
	}
	c.reportAt(timeout.node, fmt.Sprintf("select %s on %s with no case on %s, so it ignores the caller's deadline; add a case <-%s", waits, timeout.on, done, done), timeout.d)
}

// endsWait reports whether the select case cc, when its timer fires, ends
// the wait: the select stands outside any loop, or the case leaves the
// loop (return, a labelled break, goto, panic, or an assignment to a
// variable of the loop's condition), possibly only on some condition.
func (c *checker) endsWait(cur inspector.Cursor, cc *ast.CommClause) bool {
	return c.leaves(cur, cc, false)
}

// alwaysEndsWait is endsWait where the case leaves whatever happens: a
// timer case that leaves only if a check fails (case <-recheck: if err :=
// check(); err != nil { return err }) keeps the loop going otherwise, a
// periodic wait rather than a timeout.
func (c *checker) alwaysEndsWait(cur inspector.Cursor, cc *ast.CommClause) bool {
	return c.leaves(cur, cc, true)
}

func (c *checker) leaves(cur inspector.Cursor, cc *ast.CommClause, always bool) bool {
	loop, ok := innermostLoop(cur)
	if !ok {
		return true
	}
	info := c.Pass.TypesInfo
	condVars := map[types.Object]bool{}
	if fs, ok := loop.Node().(*ast.ForStmt); ok && fs.Cond != nil {
		ast.Inspect(fs.Cond, func(n ast.Node) bool {
			if id, ok := n.(*ast.Ident); ok && info.Uses[id] != nil {
				condVars[info.Uses[id]] = true
			}
			return true
		})
	}
	found := false
	for _, stmt := range cc.Body {
		ast.Inspect(stmt, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.FuncLit:
				return false
			case *ast.IfStmt, *ast.SwitchStmt, *ast.TypeSwitchStmt, *ast.SelectStmt, *ast.ForStmt, *ast.RangeStmt:
				return !always // conditional or repeated: not whatever happens
			case *ast.ReturnStmt:
				found = true
			case *ast.BranchStmt:
				found = found || n.Tok == token.GOTO || (n.Tok == token.BREAK && n.Label != nil)
			case *ast.CallExpr:
				found = found || c.In.Exits().Call(n)
			case *ast.AssignStmt:
				for _, l := range n.Lhs {
					if id, ok := ast.Unparen(l).(*ast.Ident); ok && condVars[info.Uses[id]] {
						found = true
					}
				}
			}
			return !found
		})
	}
	return found
}

// inSelectCase reports whether the receive at cur is the communication of
// a select case, which checkSelect judges with its siblings.
func inSelectCase(cur inspector.Cursor) bool {
	stmt, _ := ctxflow.Unparen(cur)
	if as, ok := stmt.Node().(*ast.AssignStmt); ok && len(as.Rhs) == 1 {
		// v := <-ch and v, ok = <-ch
	} else if _, ok := stmt.Node().(*ast.ExprStmt); !ok {
		return false
	}
	cc, ok := stmt.Parent().Node().(*ast.CommClause)
	return ok && cc.Comm == stmt.Node()
}

// isDone reports whether ch is a context's Done() channel, or the
// request's close notification (http.CloseNotifier's CloseNotify(), the
// older form of r.Context().Done()), called in place or held by a local
// variable.
func (c *checker) isDone(cur inspector.Cursor, ch ast.Expr) bool {
	switch e := ast.Unparen(ch).(type) {
	case *ast.CallExpr:
		return c.isDoneCall(e)
	case *ast.Ident:
		for _, v := range c.values(cur, e) {
			if call, ok := ast.Unparen(v).(*ast.CallExpr); ok && c.isDoneCall(call) {
				return true // done := ctx.Done(), perhaps set to nil later
			}
		}
	}
	return false
}

func (c *checker) isDoneCall(call *ast.CallExpr) bool {
	if c.isContextMethod(call, "Done") {
		return true
	}
	fn := ctxapi.Callee(c.Pass.TypesInfo, call)
	return fn != nil && fn.Name() == "CloseNotify" && fn.Pkg() != nil && fn.Pkg().Path() == "net/http"
}

// signalledByWork reports whether ch, a local channel, is sent to or
// closed by a goroutine of the function that gives the inbound context to
// a call: own, the context itself or one derived from it here; derived,
// one derived here (cancelCtx, cancel := context.WithCancel(ctx); go
// func() { err = open(cancelCtx); done <- struct{}{} }()). The latter is
// a stall guard, whose timer cuts a stalled attempt short through its own
// cancel, while the caller's cancellation ends the work and so the wait.
// Work handed the inbound context itself, raced by a timer, is the
// hand-rolled timeout that fixedtimeout reports; with no timer that ends
// the wait, it ends the wait when the caller gives up.
func (c *checker) signalledByWork(cur inspector.Cursor, ch ast.Expr) (own, derived bool) {
	info := c.Pass.TypesInfo
	v := ctxflow.VarOf(info, ch)
	if v == nil {
		return false, false
	}
	src, _ := c.inboundAt(cur)
	fn, ok := enclosing(cur, (*ast.FuncDecl)(nil), (*ast.FuncLit)(nil))
	if src == nil || src.Param == nil || !ok {
		return false, false
	}
	from := c.Uses.Derived(src.Param) // the parameter itself included
	for g := range fn.Preorder((*ast.GoStmt)(nil)) {
		signals, givenOwn, givenDerived := false, false, false
		ast.Inspect(g.Node(), func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.SendStmt:
				signals = signals || ctxflow.VarOf(info, n.Chan) == v
			case *ast.CallExpr:
				if len(n.Args) == 1 && ctxflow.VarOf(info, n.Args[0]) == v && ctxapi.IsBuiltin(info, n, "close") {
					signals = true
				}
				// A derivation is not work: context.WithoutCancel(ctx)
				// hands the work no signal.
				if ctxapi.IsDerivation(info, n) {
					return true
				}
				for _, arg := range n.Args {
					if w := ctxflow.VarOf(info, arg); w != nil && from[w] {
						givenOwn = true
						givenDerived = givenDerived || w != src.Param
					}
				}
			}
			return true
		})
		if signals {
			own, derived = own || givenOwn, derived || givenDerived
		}
	}
	return own, derived
}

// componentStop reports whether the select case cc receives from the stop
// signal of a component (a chan struct{} kept in a field: case <-g.done)
// and leaves: the wait is cancellable by its owner. A signal in a local
// variable is awaited work finishing (case <-wait), not a stop.
func (c *checker) componentStop(cur inspector.Cursor, cc *ast.CommClause, ch ast.Expr) bool {
	info := c.Pass.TypesInfo
	return ctxapi.IsSignal(info.TypeOf(ch)) && ctxapi.IsKept(info, ch) && c.endsWait(cur, cc)
}
