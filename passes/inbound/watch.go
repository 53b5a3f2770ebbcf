package inbound

import (
	"go/ast"
	"go/token"
	"go/types"

	"golang.org/x/tools/go/ast/inspector"

	"github.com/budgetlint/budgetlint/internal/ctxapi"
	"github.com/budgetlint/budgetlint/internal/ctxflow"
)

// firstWatch returns the position of the first place where the function at
// owner hands its context src to a cancel watcher, NoPos if none:
//   - a call of a function whose ctxuse fact says it watches that argument
//     (cn.watchCancel(ctx), session.StartContext(ctx)), or
//     context.AfterFunc(ctx, f), which runs f once ctx is done (closing
//     the connection the work below uses);
//   - a go statement of its own that waits for the context's Done() and
//     then acts on it (go func() { <-ctx.Done(); conn.Close() }()), in a
//     function that does not wait for it.
func (r *Result) firstWatch(owner inspector.Cursor, src *Source) token.Pos {
	if src.Param == nil || r.uses == nil {
		return token.NoPos
	}
	var derived map[*types.Var]bool // asked for once the body is walked
	return r.firstInBody(&r.watchedAt, owner, func(c inspector.Cursor) bool {
		if derived == nil {
			derived = r.uses.Derived(src.Param)
		}
		switch n := c.Node().(type) {
		case *ast.GoStmt:
			return ctxflow.WatchesDone(r.info, n, derived, nil) && !ctxflow.Waits(r.info, owner)
		case *ast.CallExpr:
			if ctxapi.IsCallTo(r.info, n, "context", "AfterFunc") && len(n.Args) == 2 {
				v := ctxflow.RootVar(r.info, n.Args[0])
				return v != nil && derived[v]
			}
			for i, arg := range n.Args {
				if v := ctxflow.RootVar(r.info, arg); v != nil && derived[v] && r.uses.Watches(n, i) {
					return true
				}
			}
		}
		return false
	})
}

// firstHijack returns the position of the first call in the own body of
// the handler at owner that takes over its connection, NoPos if none: a
// Hijack() (http.Hijacker, http.ResponseController) or a function that
// hijacks the writer it is given (a websocket upgrade; see ctxuse's
// Hijacks). From there on the server no longer watches the connection:
// the request's context reports neither the client leaving nor any
// deadline of the server's, and ends only when the handler returns.
func (r *Result) firstHijack(owner inspector.Cursor) token.Pos {
	if r.uses == nil {
		return token.NoPos
	}
	return r.firstInBody(&r.hijackedAt, owner, func(c inspector.Cursor) bool {
		call, ok := c.Node().(*ast.CallExpr)
		return ok && r.uses.Hijacks(call)
	})
}

// firstInBody returns the position of the first call or go statement of
// the owner's own body (not of the closures in it, nor inside a go
// statement) that is, remembering it in memo per owner: every node of a
// long function asks.
func (r *Result) firstInBody(memo *map[ast.Node]token.Pos, owner inspector.Cursor, is func(inspector.Cursor) bool) token.Pos {
	r.watchMu.Lock()
	defer r.watchMu.Unlock()
	if pos, ok := (*memo)[owner.Node()]; ok {
		return pos
	}
	pos := token.NoPos
	owner.Inspect([]ast.Node{(*ast.FuncLit)(nil), (*ast.CallExpr)(nil), (*ast.GoStmt)(nil)}, func(c inspector.Cursor) bool {
		if pos.IsValid() {
			return false
		}
		if lit, ok := c.Node().(*ast.FuncLit); ok {
			return lit == owner.Node() // the owner's own body only
		}
		if is(c) {
			pos = c.Node().Pos()
		}
		_, isGo := c.Node().(*ast.GoStmt)
		return !isGo
	})
	if *memo == nil {
		*memo = map[ast.Node]token.Pos{}
	}
	(*memo)[owner.Node()] = pos
	return pos
}
