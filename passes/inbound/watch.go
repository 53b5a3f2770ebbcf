package inbound

import (
	"go/ast"
	"go/token"

	"golang.org/x/tools/go/ast/inspector"

	"github.com/budgetlint/budgetlint/internal/ctxflow"
)

// firstWatch returns the position of the first place where the function at
// owner hands its context src to a cancel watcher, NoPos if none:
//   - a call of a function whose ctxuse fact says it watches that argument
//     (cn.watchCancel(ctx), session.StartContext(ctx));
//   - a go statement of its own that waits for the context's Done() and
//     then acts on it (go func() { <-ctx.Done(); conn.Close() }()), in a
//     function that does not wait for it.
//
// It is remembered per owner: every node of a long function asks.
func (r *Result) firstWatch(owner inspector.Cursor, src *Source) token.Pos {
	if src.Param == nil || r.uses == nil {
		return token.NoPos
	}
	r.watchMu.Lock()
	defer r.watchMu.Unlock()
	if pos, ok := r.watchedAt[owner.Node()]; ok {
		return pos
	}
	derived := r.uses.Derived(src.Param)
	isSource := func(e ast.Expr) bool {
		v := ctxflow.RootVar(r.info, e)
		return v != nil && derived[v]
	}
	pos := token.NoPos
	owner.Inspect([]ast.Node{(*ast.FuncLit)(nil), (*ast.CallExpr)(nil), (*ast.GoStmt)(nil)}, func(c inspector.Cursor) bool {
		if pos.IsValid() {
			return false
		}
		switch n := c.Node().(type) {
		case *ast.FuncLit:
			return n == owner.Node() // the owner's own body only
		case *ast.GoStmt:
			if ctxflow.WatchesDone(r.info, n, derived, nil) && !ctxflow.Waits(r.info, owner) {
				pos = n.Pos()
			}
			return false
		case *ast.CallExpr:
			for i, arg := range n.Args {
				if isSource(arg) && r.uses.Watches(n, i) {
					pos = n.Pos()
				}
			}
		}
		return true
	})
	if r.watchedAt == nil {
		r.watchedAt = map[ast.Node]token.Pos{}
	}
	r.watchedAt[owner.Node()] = pos
	return pos
}
