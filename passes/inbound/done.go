package inbound

import (
	"go/ast"
	"go/token"
	"slices"

	"golang.org/x/tools/go/ast/inspector"

	"github.com/budgetlint/budgetlint/internal/ctxapi"
	"github.com/budgetlint/budgetlint/internal/ctxflow"
	"github.com/budgetlint/budgetlint/internal/knowledge"
)

// afterDone reports whether the node at cur, inside the function owner,
// runs only once a context is done: in the body of a case <-X.Done() or
// of if X.Err() != nil for any context X (ctxflow.DoneGuarded), or, for
// src's context, after a statement that cannot complete before the
// context is done (<-ctx.Done(), a run-until loop such as
// wait.UntilWithContext(ctx, f, d), a select whose other cases all
// leave). Such code cleans up after the caller has gone: there
// is no deadline left to honour, and the context would make it fail at
// once (srv.Shutdown(ctx) would not wait at all).
func (r *Result) afterDone(cur inspector.Cursor, owner ast.Node, src *Source) bool {
	for c := cur; c.Node() != owner && c.Node() != nil; c = c.Parent() {
		p := c.Parent()
		// In a case <-X.Done() or an if X.Err() != nil, for any context X.
		if ctxflow.DoneGuarded(r.info, r.iface, p.Node(), c.Node()) {
			return true
		}
		if pos := r.firstDone(p.Node(), src); pos.IsValid() && pos < c.Node().Pos() {
			return true
		}
	}
	return false
}

// firstDone returns the position of the first statement in the list n
// holds that completes only once src's context is done, NoPos if none.
// It is remembered: a function of 80,000 lines asked about at every call
// would otherwise be scanned at every call. (Each list belongs to one
// owner, so to one src.)
func (r *Result) firstDone(n ast.Node, src *Source) token.Pos {
	list := ctxflow.StmtList(n)
	if len(list) == 0 {
		return token.NoPos
	}
	r.doneMu.Lock()
	defer r.doneMu.Unlock()
	if pos, ok := r.doneAt[n]; ok {
		return pos
	}
	pos := token.NoPos
	for _, s := range list {
		if r.ensuresDone(s, src) {
			pos = s.Pos()
			break
		}
	}
	if r.doneAt == nil {
		r.doneAt = map[ast.Node]token.Pos{}
	}
	r.doneAt[n] = pos
	return pos
}

// ensuresDone reports whether s completes only once src's context is done.
func (r *Result) ensuresDone(s ast.Stmt, src *Source) bool {
	switch s := s.(type) {
	case *ast.ExprStmt:
		return r.isDoneRecv(s.X, src) || r.runsUntilDone(s.X, src)
	case *ast.SelectStmt:
		done := false
		for _, stmt := range s.Body.List {
			cc, ok := stmt.(*ast.CommClause)
			switch {
			case !ok || cc.Comm == nil:
				return false // a default case: the select may not wait at all
			case r.receivesDone(cc.Comm, src):
				done = true
			case !r.leaves(cc.Body):
				return false
			}
		}
		return done
	case *ast.BlockStmt:
		for _, inner := range s.List {
			if r.ensuresDone(inner, src) {
				return true
			}
		}
	case *ast.IfStmt:
		if s.Else == nil && r.notDone(s.Cond, src) && r.leaves(s.Body.List) {
			// if ctx.Err() == nil { return err }, if !errors.Is(ctx.Err(),
			// context.Canceled) { return err }: what follows runs only once
			// the context is done.
			return true
		}
		return s.Else != nil && r.ensuresDone(s.Body, src) && r.ensuresDone(s.Else, src)
	}
	return false
}

// notDone reports whether cond holds only while src's context is not
// done: ctx.Err() == nil, !(ctx.Err() != nil), or !errors.Is(ctx.Err(),
// context.Canceled) (or DeadlineExceeded).
func (r *Result) notDone(cond ast.Expr, src *Source) bool {
	switch c := ast.Unparen(cond).(type) {
	case *ast.BinaryExpr:
		if c.Op != token.EQL {
			return false
		}
		x, y := c.X, c.Y
		if r.isNil(x) {
			x, y = y, x
		}
		return r.isNil(y) && r.isMethodOfSource(x, "Err", src)
	case *ast.UnaryExpr:
		if c.Op != token.NOT {
			return false
		}
		if r.isErrCheck(c.X, src) {
			return true
		}
		call, ok := ast.Unparen(c.X).(*ast.CallExpr)
		return ok && ctxapi.IsErrorsCall(r.info, call, "Is") && len(call.Args) == 2 &&
			r.isMethodOfSource(call.Args[0], "Err", src) && ctxapi.ContextError(r.info, call.Args[1]) != ""
	}
	return false
}

// leaves reports whether a statement list never completes normally: it
// ends in a return, a continue, a goto, a labelled break or a call that
// never returns (a plain break leaves only the select, to what follows it).
func (r *Result) leaves(list []ast.Stmt) bool {
	if len(list) > 0 {
		switch s := list[len(list)-1].(type) {
		case *ast.BlockStmt:
			return r.leaves(s.List)
		case *ast.IfStmt:
			return s.Else != nil && r.leaves(s.Body.List) && r.leaves([]ast.Stmt{s.Else})
		}
	}
	return r.exits.Ends(list, func(b *ast.BranchStmt) bool {
		return b.Tok == token.CONTINUE || b.Tok == token.GOTO || b.Tok == token.BREAK && b.Label != nil
	})
}

// receivesDone reports whether a select case's communication receives
// from src's Done().
func (r *Result) receivesDone(comm ast.Stmt, src *Source) bool {
	switch s := comm.(type) {
	case *ast.ExprStmt:
		return r.isDoneRecv(s.X, src)
	case *ast.AssignStmt:
		return len(s.Rhs) == 1 && r.isDoneRecv(s.Rhs[0], src)
	}
	return false
}

// isDoneRecv reports whether e is <-X.Done() for X src's context.
func (r *Result) isDoneRecv(e ast.Expr, src *Source) bool {
	u, ok := ast.Unparen(e).(*ast.UnaryExpr)
	return ok && u.Op == token.ARROW && r.isMethodOfSource(u.X, "Done", src)
}

// runsUntilDone reports whether e calls a function that returns only once
// src's context is done (knowledge.UntilDone): wait.UntilWithContext(ctx,
// f, period), wait.Until(f, period, ctx.Done()).
func (r *Result) runsUntilDone(e ast.Expr, src *Source) bool {
	call, ok := ast.Unparen(e).(*ast.CallExpr)
	if !ok {
		return false
	}
	fn := ctxapi.Callee(r.info, call)
	if fn == nil {
		return false
	}
	i, ok := knowledge.UntilDone[fn.Origin().FullName()]
	if !ok || i >= len(call.Args) {
		return false
	}
	arg := call.Args[i]
	if r.isMethodOfSource(arg, "Done", src) {
		return true
	}
	return src.Param != nil && ctxapi.IsContext(r.info.TypeOf(arg), r.iface) && ctxflow.RootVar(r.info, arg) == src.Param
}

// isErrCheck reports whether cond is X.Err() != nil for X src's context.
func (r *Result) isErrCheck(cond ast.Expr, src *Source) bool {
	b, ok := ast.Unparen(cond).(*ast.BinaryExpr)
	if !ok || b.Op != token.NEQ {
		return false
	}
	x, y := b.X, b.Y
	if r.isNil(x) {
		x, y = y, x
	}
	return r.isNil(y) && r.isMethodOfSource(x, "Err", src)
}

func (r *Result) isNil(e ast.Expr) bool {
	tv, ok := r.info.Types[ast.Unparen(e)]
	return ok && tv.IsNil()
}

// isMethodOfSource reports whether e calls the context method name on
// src's context: ctx.Done(), r.Context().Done().
func (r *Result) isMethodOfSource(e ast.Expr, name string, src *Source) bool {
	call, ok := ast.Unparen(e).(*ast.CallExpr)
	if !ok || len(call.Args) != 0 {
		return false
	}
	sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr)
	if !ok || sel.Sel.Name != name || !ctxapi.IsContext(r.info.TypeOf(sel.X), r.iface) {
		return false
	}
	return src.Param != nil && ctxflow.RootVar(r.info, sel.X) == src.Param
}

// afterFailure reports whether the node at cur, inside the function owner,
// is clean-up after a failed call given src's context: it stands in a
// failure branch (ctxflow.FailureBranch: if err != nil, left only by
// returning an error; a branch that may still succeed recovers, as when it
// adopts the bucket another request created, and is the request's work)
// whose err that call set, in the if's own statement or the one just
// before, and not in the return itself. The failure may be the caller's
// cancellation, so the clean-up (a rollback, an unlock, a compensating
// delete) must not depend on the caller's context, or it would fail at
// once and leave the half-done work behind.
func (r *Result) afterFailure(cur inspector.Cursor, owner ast.Node, src *Source) bool {
	if src.Param == nil || r.uses == nil {
		return false
	}
	for c := cur; c.Node() != owner && c.Node() != nil; c = c.Parent() {
		if _, ok := c.Node().(*ast.ReturnStmt); ok {
			return false // the function's answer, not its clean-up
		}
		if is, ok := ctxflow.FailureBranch(r.info, c); ok && r.failedWith(c.Parent(), is, src) {
			return true
		}
	}
	return false
}

// failedWith reports whether an error the if statement at cur (is) tests
// was set, by its init or the statement before it, from a call given
// src's context.
func (r *Result) failedWith(cur inspector.Cursor, is *ast.IfStmt, src *Source) bool {
	setter := is.Init
	if setter == nil {
		list := ctxflow.StmtList(cur.Parent().Node())
		if i := slices.Index(list, ast.Stmt(is)); i > 0 {
			setter = list[i-1]
		}
	}
	lhs, rhs := ctxflow.AssignmentSides(setter)
	if len(rhs) != 1 {
		return false
	}
	tested := ctxflow.NonNilErrors(r.info, is.Cond)
	if !slices.ContainsFunc(lhs, func(l ast.Expr) bool {
		v := ctxflow.VarOf(r.info, l)
		return v != nil && slices.ContainsFunc(tested, func(e ast.Expr) bool { return ctxflow.VarOf(r.info, e) == v })
	}) {
		return false
	}
	call, ok := ast.Unparen(rhs[0]).(*ast.CallExpr)
	// Given ctx itself, or a callback that it runs with ctx
	// (withClient(func(c Client) error { return c.Create(ctx, e) })).
	return ok && ctxflow.Mentions(r.info, call, r.uses.Derived(src.Param))
}
