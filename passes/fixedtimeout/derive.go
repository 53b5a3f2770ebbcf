package fixedtimeout

import (
	"fmt"
	"go/ast"
	"go/types"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ast/inspector"

	"github.com/budgetlint/budgetlint/internal/ctxapi"
	"github.com/budgetlint/budgetlint/internal/ctxflow"
	"github.com/budgetlint/budgetlint/internal/knowledge"
	"github.com/budgetlint/budgetlint/internal/report"
	"github.com/budgetlint/budgetlint/passes/inbound"
)

// checkDerivation reports context.WithTimeout and friends whose parent is a
// fresh root, written in place or held by a local variable.
func (c *checker) checkDerivation(cur inspector.Cursor, call *ast.CallExpr) {
	if len(call.Args) < 2 {
		return
	}
	src, _ := c.inboundAt(cur)
	if src == nil || src.Discarded() {
		// A function that leaves its context unnamed and bounds its own
		// work with a fixed number has detached that work on purpose and
		// bounded it: what this pass would advise, but for the context's
		// values. The same holds for a timer in a select and a connection
		// deadline; a loop of waits has no such bound and stays reported.
		return
	}
	var root *ast.CallExpr
	fixable := false
	switch p := ast.Unparen(call.Args[0]).(type) {
	case *ast.CallExpr:
		if ctxapi.IsFreshRoot(c.Pass.TypesInfo, p) && !ctxflow.IsNilGuard(c.Pass.TypesInfo, cur) {
			root, fixable = p, true
		}
	case *ast.Ident:
		root, fixable = c.rootHeldBy(cur, call, p)
	}
	if root == nil || ctxflow.Lifetime(c.Pass.TypesInfo, cur) {
		return
	}
	if src.Param != nil && ctxflow.CancelledWith(c.Pass.TypesInfo, cur, c.Uses.Derived(src.Param)) {
		return // cancelled once the caller's context is done, deadline included
	}
	if src.Kind == inbound.Param && ctxflow.ChoosesContext(c.Pass.TypesInfo, cur, src.Param) {
		return // a choice between the caller's context and a bounded fresh one, on purpose
	}
	if ctxflow.OnFailurePath(c.Pass.TypesInfo, cur) {
		return // a bounded clean-up after a failure: detached on purpose
	}
	if c.Uses.DetachedOnly(cur) {
		return // a bound on work only goroutines do: detached on purpose
	}
	if c.boundsOnlyClosers(cur) {
		return // a bound on closing or undoing something: detached on purpose
	}
	// A timeout on a fresh root is sometimes a deliberate bound on work
	// that must finish after the caller gives up (a clean-up): the advice
	// names the shape that keeps that, never only "use ctx".
	advice := fmt.Sprintf("derive it from %s (from context.WithoutCancel(%s) if the work must finish after the caller gives up)", src.Expr, src.Expr)
	if src.Expr == "" {
		advice = "name the context parameter and derive it from that (or from context.WithoutCancel of it, if the work must finish after the caller gives up)"
	}
	d := analysis.Diagnostic{
		Pos:     call.Pos(),
		End:     call.End(),
		Message: fmt.Sprintf("%s on a fresh context ignores the caller's deadline; %s", c.bound(cur, call), advice),
	}
	if expr, ok := src.ExprAt(c.Pass.Pkg, root.Pos()); ok && fixable {
		d.SuggestedFixes = []analysis.SuggestedFix{{
			Message:   "Derive the timeout from " + expr,
			TextEdits: []analysis.TextEdit{{Pos: root.Pos(), End: root.End(), NewText: []byte(expr)}},
		}}
	}
	var timeout ast.Expr // WithDeadline's is a time, not a duration
	if ctxapi.IsCallTo(c.Pass.TypesInfo, call, "context", "WithTimeout") || ctxapi.IsCallTo(c.Pass.TypesInfo, call, "context", "WithTimeoutCause") {
		timeout = call.Args[1]
	}
	c.Rep.ReportSame(report.SameCall(cur, d.Message), c.priced(d, timeout))
}

// boundsOnlyClosers reports whether the context that the derivation at cur
// yields is only handed to calls that close a component or undo other
// work (srv.Shutdown(ctx), tx.Rollback(ctx), q.Kill(ctx)): such a call must
// finish whatever the caller's state, which is often the reason it runs,
// so a fixed bound on a fresh root is the detachment this pass advises,
// and ctxbackground leaves the same root given in place alone.
func (c *checker) boundsOnlyClosers(cur inspector.Cursor) bool {
	info := c.Pass.TypesInfo
	parent, _ := ctxflow.Unparen(cur)
	v, _ := ctxflow.AssignedVar(info, parent, cur.Node().(ast.Expr))
	top, ok := outermostFunc(cur)
	if v == nil || !ok {
		return false
	}
	uses := c.locals.Of(top).Uses[v]
	for _, id := range uses {
		call, ok := id.Parent().Node().(*ast.CallExpr)
		if !ok || call.Fun == id.Node() {
			return false
		}
		callee := ctxapi.Callee(info, call)
		if callee == nil || !knowledge.IsCloserName(callee.Name()) {
			return false
		}
	}
	return len(uses) > 0
}

// rootHeldBy returns the fresh root a local variable, the parent of the
// deadline derivation call, was assigned, and whether replacing that root
// is a safe fix (its one assignment, and the timeout its one use). A
// variable that may also hold another context is a choice made on purpose
// and is left alone.
//
// It mirrors ctxbackground, which stays silent on a root assigned to a
// variable that is the parent of a deadline derivation in the root's own
// function, reports `ctx = context.TODO()` on the inbound parameter itself,
// and leaves nil guards alone: every root is reported once.
func (c *checker) rootHeldBy(cur inspector.Cursor, call *ast.CallExpr, id *ast.Ident) (*ast.CallExpr, bool) {
	info := c.Pass.TypesInfo
	v, _ := info.Uses[id].(*types.Var)
	if v == nil || v.IsField() || v.Pkg() != c.Pass.Pkg || v.Parent() == c.Pass.Pkg.Scope() {
		return nil, false
	}
	top, ok := outermostFunc(cur)
	if !ok {
		return nil, false
	}
	var roots []*ast.CallExpr
	l := c.locals.Of(top)
	for _, a := range l.Assigns[v] {
		root, ok := ast.Unparen(a.Value).(*ast.CallExpr)
		if !ok || !ctxapi.IsFreshRoot(info, root) {
			return nil, false // also holds another context
		}
		rc, ok := a.Stmt.FindNode(root)
		if !ok {
			return nil, false
		}
		if fn, ok := enclosing(rc, (*ast.FuncDecl)(nil), (*ast.FuncLit)(nil)); !ok || call.Pos() < fn.Node().Pos() || call.End() > fn.Node().End() {
			continue // ctxbackground reports this root itself
		}
		if site := c.In.At(rc); site.Context != nil && site.Context.Param == v {
			return nil, false // ctx = context.TODO(): ctxbackground reports the overwrite
		}
		if ctxflow.IsNilGuard(info, rc) {
			return nil, false // stands in for a missing context: nothing is lost
		}
		roots = append(roots, root)
	}
	if len(roots) == 0 {
		return nil, false
	}
	return roots[0], len(roots) == 1 && len(l.Uses[v]) == 1
}

// bound describes the fixed bound a deadline derivation sets: "5s timeout",
// "timeout (s.cfg.Timeout)", "deadline (job.Due)".
func (c *checker) bound(cur inspector.Cursor, call *ast.CallExpr) string {
	arg := call.Args[1]
	fn := ctxapi.Callee(c.Pass.TypesInfo, call)
	if fn.Name() == "WithDeadline" || fn.Name() == "WithDeadlineCause" {
		d := c.nowPlus(cur, arg)
		if d == nil {
			return "deadline (" + types.ExprString(arg) + ")"
		}
		arg = d
	}
	if s, ok := c.duration(arg); ok {
		return s + " timeout"
	}
	return "timeout (" + types.ExprString(arg) + ")"
}
