package ctxflow

import (
	"go/ast"
	"go/token"
	"go/types"

	"golang.org/x/tools/go/ast/inspector"

	"github.com/budgetlint/budgetlint/internal/ctxapi"
)

// IsNilGuard reports whether the node at cur stands inside an
// `if x == nil` test on a context (`if ctx == nil { ctx = context.Background() }`),
// within its own function: a fresh root there replaces a missing context,
// there is no caller's context to lose.
func IsNilGuard(info *types.Info, cur inspector.Cursor) bool {
	for c := range cur.Enclosing((*ast.IfStmt)(nil), (*ast.FuncDecl)(nil), (*ast.FuncLit)(nil)) {
		ifStmt, ok := c.Node().(*ast.IfStmt)
		if !ok {
			return false
		}
		if cmp, ok := ast.Unparen(ifStmt.Cond).(*ast.BinaryExpr); ok && cmp.Op == token.EQL {
			for _, pair := range [][2]ast.Expr{{cmp.X, cmp.Y}, {cmp.Y, cmp.X}} {
				if tv, ok := info.Types[pair[1]]; ok && tv.IsNil() && ctxapi.IsContextType(info.TypeOf(pair[0])) {
					return true
				}
			}
		}
	}
	return false
}

// UnderDone reports whether the node at cur stands, within its own
// function, in the body of a select case that receives from some
// context's Done() (case <-t.ctx.Done():) or of an if whose condition
// holds only once a context is done (t.ctx.Err() != nil,
// errors.Is(err, context.Canceled)). That code runs only once the context is
// done, to clean up after it (drain a connection, confirm a cancel): a
// fresh root there is no caller's lost deadline, and the done context
// would make the clean-up fail at once. Any context counts, not only the
// caller's: a stored one is the lifetime the caller's work was tied to.
func UnderDone(info *types.Info, cur inspector.Cursor) bool {
	node := cur.Node()
	for c := range cur.Enclosing((*ast.CommClause)(nil), (*ast.IfStmt)(nil), (*ast.FuncDecl)(nil), (*ast.FuncLit)(nil)) {
		switch n := c.Node().(type) {
		case *ast.FuncDecl, *ast.FuncLit:
			return false
		case *ast.CommClause:
			if n.Comm != nil && !contains(n.Comm, node) && receivesDone(info, n.Comm) {
				return true
			}
		case *ast.IfStmt:
			if contains(n.Body, node) && signalsDone(info, n.Cond) {
				return true
			}
		}
	}
	return false
}

func contains(outer, inner ast.Node) bool {
	return outer.Pos() <= inner.Pos() && inner.End() <= outer.End()
}

// receivesDone reports whether a select case's communication is
// <-X.Done() (or v := <-X.Done(), v, ok := <-X.Done()) for a context X.
func receivesDone(info *types.Info, comm ast.Stmt) bool {
	var e ast.Expr
	switch s := comm.(type) {
	case *ast.ExprStmt:
		e = s.X
	case *ast.AssignStmt:
		if len(s.Rhs) != 1 {
			return false
		}
		e = s.Rhs[0]
	default:
		return false
	}
	u, ok := ast.Unparen(e).(*ast.UnaryExpr)
	return ok && u.Op == token.ARROW && ctxapi.IsContextMethod(info, nil, u.X, "Done")
}

// signalsDone reports whether cond holds only once a context is done or
// a call failed because one was: X.Err() != nil, errors.Is(err,
// context.Canceled), err == context.DeadlineExceeded, and the || and &&
// of such tests.
func signalsDone(info *types.Info, cond ast.Expr) bool {
	switch c := ast.Unparen(cond).(type) {
	case *ast.BinaryExpr:
		switch c.Op {
		case token.LOR:
			return signalsDone(info, c.X) && signalsDone(info, c.Y)
		case token.LAND:
			return signalsDone(info, c.X) || signalsDone(info, c.Y)
		case token.EQL:
			return ctxapi.ContextError(info, c.X) != "" || ctxapi.ContextError(info, c.Y) != ""
		}
	case *ast.CallExpr:
		return ctxapi.IsCallTo(info, c, "errors", "Is") && len(c.Args) == 2 && ctxapi.ContextError(info, c.Args[1]) != ""
	}
	return errNotNil(info, cond)
}

// errNotNil reports whether cond is X.Err() != nil for a context X.
func errNotNil(info *types.Info, cond ast.Expr) bool {
	b, ok := ast.Unparen(cond).(*ast.BinaryExpr)
	if !ok || b.Op != token.NEQ {
		return false
	}
	x, y := b.X, b.Y
	if tv, ok := info.Types[ast.Unparen(x)]; ok && tv.IsNil() {
		x, y = y, x
	}
	tv, ok := info.Types[ast.Unparen(y)]
	return ok && tv.IsNil() && ctxapi.IsContextMethod(info, nil, x, "Err")
}
