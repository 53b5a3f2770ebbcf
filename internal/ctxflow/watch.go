package ctxflow

import (
	"go/ast"
	"go/token"
	"go/types"
	"slices"

	"golang.org/x/tools/go/ast/inspector"

	"github.com/budgetlint/budgetlint/internal/ctxapi"
)

// Waits reports whether the function at decl calls Wait on a
// sync.WaitGroup, an errgroup.Group or another group of goroutines (a
// type with Go(f) and Wait() methods: an errgroup wrapper): it waits for
// what it launched. A Wait in a go statement (go func() { wg.Wait();
// close(done) }()) does not count: the function goes on while the work
// runs; nor does one in a literal within the function (enterrors.
// GoWrapper(func() { ...; eg.Wait() })): that is the literal's own wait.
func Waits(info *types.Info, decl inspector.Cursor) bool {
	for cur := range decl.Preorder((*ast.CallExpr)(nil)) {
		if InGoWithin(decl, cur) || inLiteralWithin(decl, cur) {
			continue
		}
		fn := ctxapi.Callee(info, cur.Node().(*ast.CallExpr))
		if fn == nil || fn.Name() != "Wait" || fn.Pkg() == nil {
			continue
		}
		switch fn.Pkg().Path() {
		case "sync", "golang.org/x/sync/errgroup":
			return true
		}
		if isGroupWait(fn) {
			return true
		}
	}
	return false
}

// isGroupWait reports whether fn, a method named Wait that takes nothing,
// belongs to a type that also has a Go method taking a function: a group
// that runs functions in goroutines and waits for them.
func isGroupWait(fn *types.Func) bool {
	sig := fn.Type().(*types.Signature)
	if sig.Recv() == nil || sig.Params().Len() != 0 {
		return false
	}
	obj, _, _ := types.LookupFieldOrMethod(sig.Recv().Type(), true, fn.Pkg(), "Go")
	g, ok := obj.(*types.Func)
	if !ok {
		return false
	}
	params := g.Type().(*types.Signature).Params()
	return params.Len() > 0 && isFunc(params.At(0).Type())
}

func isFunc(t types.Type) bool {
	_, ok := t.Underlying().(*types.Signature)
	return ok
}

// inLiteralWithin reports whether cur is inside a function literal that
// decl contains (decl itself aside).
func inLiteralWithin(decl, cur inspector.Cursor) bool {
	for lit := range cur.Enclosing((*ast.FuncLit)(nil)) {
		if lit.Node() != decl.Node() && decl.Contains(lit) {
			return true
		}
	}
	return false
}

// InGoWithin reports whether cur is inside a go statement within decl.
func InGoWithin(decl, cur inspector.Cursor) bool {
	for g := range cur.Enclosing((*ast.GoStmt)(nil)) {
		if decl.Contains(g) {
			return true
		}
	}
	return false
}

// WatchesDone reports whether the go statement g is a cancel watcher: it
// waits for one of the contexts to be done (<-ctx.Done(), or a receive from
// a done channel taken from one, done := ctx.Done()) and then acts on it,
// closing a connection or cancelling a query, rather than only returning.
// A goroutine that merely stops collecting when ctx is done (case
// <-ctx.Done(): return) interrupts nothing.
func WatchesDone(info *types.Info, g *ast.GoStmt, contexts, dones map[*types.Var]bool) bool {
	return onDone(info, g, contexts, dones, acts)
}

// onDone reports whether n, once one of the contexts is done (<-ctx.Done(),
// or a receive from a done channel taken from one), goes on with
// statements of which then is true: a select case on it, or the
// statements after a bare receive.
func onDone(info *types.Info, n ast.Node, contexts, dones map[*types.Var]bool, then func([]ast.Stmt) bool) bool {
	return onReceive(n, func(ch ast.Expr) bool {
		if id, ok := ast.Unparen(ch).(*ast.Ident); ok {
			v, _ := info.Uses[id].(*types.Var)
			return dones[v]
		}
		return ctxapi.IsContextMethod(info, nil, ch, "Done") && Mentions(info, ch, contexts)
	}, then)
}

// onReceive reports whether n, once it receives from a channel that signal
// accepts, goes on with statements of which then is true: a select case
// on it, or the statements after a bare receive.
func onReceive(n ast.Node, signal func(ch ast.Expr) bool, then func([]ast.Stmt) bool) bool {
	received := func(e ast.Expr) bool {
		u, ok := ast.Unparen(e).(*ast.UnaryExpr)
		return ok && u.Op == token.ARROW && signal(u.X)
	}
	found := false
	ast.Inspect(n, func(n ast.Node) bool {
		if found {
			return false
		}
		switch n := n.(type) {
		case *ast.CommClause:
			if recv, ok := n.Comm.(*ast.ExprStmt); ok && received(recv.X) && then(n.Body) {
				found = true
			}
		case *ast.BlockStmt:
			for i, s := range n.List {
				if e, ok := s.(*ast.ExprStmt); ok && received(e.X) && then(n.List[i+1:]) {
					found = true
				}
			}
		}
		return true
	})
	return found
}

// CancelledWith reports whether the fresh root at cur is made cancellable
// (c, cancel := context.WithCancel(root)) and its cancel is called, in
// the same function, once one of the contexts is done: handed to
// context.AfterFunc on it, or called by a goroutine or closure that waits
// for its Done() (a merge of two contexts; wg.Go(func() { <-ctx.Done();
// cancel() })). The root then ends when the caller's
// context does, deadline included: nothing of the caller's is lost.
func CancelledWith(info *types.Info, cur inspector.Cursor, contexts map[*types.Var]bool) bool {
	done := func(ch ast.Expr) bool {
		return ctxapi.IsContextMethod(info, nil, ch, "Done") && Mentions(info, ch, contexts)
	}
	return cancelledOn(info, cur, done, func(ctx ast.Expr) bool { return Mentions(info, ctx, contexts) })
}

// CancelledOnParamSignal reports whether the fresh root at cur is made
// cancellable and its cancel is called, in the same function, once a
// channel taken from one of the function's parameters delivers (case
// <-c.Canceled(): cancel(), with c the caller's own cancellation handle;
// <-stop; cancel()): the caller's signal reaches the root through a
// protocol of the program's own, so the root is bridged, not lost.
func CancelledOnParamSignal(info *types.Info, cur inspector.Cursor) bool {
	fn, ok := EnclosingFunc(cur)
	if !ok {
		return false
	}
	ft, _ := FuncParts(fn.Node())
	scope := info.Scopes[ft]
	if scope == nil {
		return false
	}
	fromParam := func(ch ast.Expr) bool {
		v := RootVar(info, ch)
		return v != nil && v.Kind() == types.ParamVar && v.Parent() == scope
	}
	return cancelledOn(info, cur, fromParam, func(ast.Expr) bool { return false })
}

// cancelledOn reports whether the fresh root at cur is made cancellable and
// its cancel is called, in the same function, in a select case on a
// channel signal accepts or after a bare receive from one, or handed to
// context.AfterFunc on a context afterFunc accepts.
func cancelledOn(info *types.Info, cur inspector.Cursor, signal, afterFunc func(ast.Expr) bool) bool {
	cur = outermostDerivation(info, cur)
	parent, child := Unparen(cur)
	lhs, rhs := AssignmentSides(parent.Node())
	if len(lhs) != 2 || len(rhs) != 1 || rhs[0] != child {
		return false
	}
	cancel := VarOf(info, lhs[1])
	fn, ok := EnclosingFunc(cur)
	if cancel == nil || !ok {
		return false
	}
	callsCancel := func(n ast.Node) bool {
		found := false
		ast.Inspect(n, func(n ast.Node) bool {
			if c, ok := n.(*ast.CallExpr); ok && VarOf(info, c.Fun) == cancel {
				found = true
			}
			return !found
		})
		return found
	}
	then := func(list []ast.Stmt) bool {
		return slices.ContainsFunc(list, func(s ast.Stmt) bool { return callsCancel(s) })
	}
	for n := range fn.Preorder((*ast.GoStmt)(nil), (*ast.FuncLit)(nil), (*ast.CallExpr)(nil)) {
		switch n := n.Node().(type) {
		case *ast.GoStmt, *ast.FuncLit:
			// A go statement, or a closure however it is started (a
			// WaitGroup's Go, an errgroup's): one that waits for the
			// signal and then cancels runs the cancel only then.
			if onReceive(n, signal, then) {
				return true
			}
		case *ast.CallExpr:
			if ctxapi.IsCallTo(info, n, "context", "AfterFunc") && len(n.Args) == 2 && afterFunc(n.Args[0]) &&
				(VarOf(info, n.Args[1]) == cancel || callsCancel(n.Args[1])) {
				return true
			}
		}
	}
	return false
}

// acts reports whether a statement list does something before it ends: a
// call, an assignment, a send, not only a return or a break.
func acts(list []ast.Stmt) bool {
	for _, s := range list {
		switch s.(type) {
		case *ast.ReturnStmt, *ast.BranchStmt, *ast.EmptyStmt:
		default:
			return true
		}
	}
	return false
}
