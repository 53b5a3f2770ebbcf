package ctxflow

import (
	"go/ast"
	"go/token"
	"go/types"

	"golang.org/x/tools/go/ast/inspector"

	"github.com/budgetlint/budgetlint/internal/ctxapi"
)

// Waits reports whether the function at decl calls Wait on a
// sync.WaitGroup or an errgroup.Group: it waits for what it launched.
func Waits(info *types.Info, decl inspector.Cursor) bool {
	for cur := range decl.Preorder((*ast.CallExpr)(nil)) {
		fn := ctxapi.Callee(info, cur.Node().(*ast.CallExpr))
		if fn == nil || fn.Name() != "Wait" || fn.Pkg() == nil {
			continue
		}
		switch fn.Pkg().Path() {
		case "sync", "golang.org/x/sync/errgroup":
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
	isDone := func(e ast.Expr) bool {
		u, ok := ast.Unparen(e).(*ast.UnaryExpr)
		if !ok || u.Op != token.ARROW {
			return false
		}
		if id, ok := ast.Unparen(u.X).(*ast.Ident); ok {
			v, _ := info.Uses[id].(*types.Var)
			return dones[v]
		}
		return ctxapi.IsContextMethod(info, nil, u.X, "Done") && Mentions(info, u.X, contexts)
	}
	found := false
	ast.Inspect(g, func(n ast.Node) bool {
		if found {
			return false
		}
		switch n := n.(type) {
		case *ast.CommClause:
			if recv, ok := n.Comm.(*ast.ExprStmt); ok && isDone(recv.X) && acts(n.Body) {
				found = true
			}
		case *ast.BlockStmt:
			for i, s := range n.List {
				if e, ok := s.(*ast.ExprStmt); ok && isDone(e.X) && acts(n.List[i+1:]) {
					found = true
				}
			}
		}
		return true
	})
	return found
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
