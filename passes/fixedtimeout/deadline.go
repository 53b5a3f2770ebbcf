package fixedtimeout

import (
	"fmt"
	"go/ast"
	"go/types"
	"slices"

	"golang.org/x/tools/go/ast/inspector"

	"github.com/budgetlint/budgetlint/internal/ctxapi"
	"github.com/budgetlint/budgetlint/internal/ctxflow"
	"github.com/budgetlint/budgetlint/passes/inbound"
)

// nowPlus returns d for an expression time.Now().Add(d), or a local
// variable holding one, else nil.
func (c *checker) nowPlus(cur inspector.Cursor, e ast.Expr) ast.Expr {
	if id, ok := ast.Unparen(e).(*ast.Ident); ok {
		e = c.initOf(cur, id)
	}
	add, ok := ast.Unparen(e).(*ast.CallExpr)
	if !ok || len(add.Args) != 1 {
		return nil
	}
	sel, ok := ast.Unparen(add.Fun).(*ast.SelectorExpr)
	if !ok || sel.Sel.Name != "Add" {
		return nil
	}
	now, ok := ast.Unparen(sel.X).(*ast.CallExpr)
	if !ok || !ctxapi.IsCallTo(c.Pass.TypesInfo, now, "time", "Now") {
		return nil
	}
	return add.Args[0]
}

// deadlineSetters are the methods that bound a connection's I/O by a time
// (net.Conn, tls.Conn, os.File, http.ResponseController, ...).
var deadlineSetters = map[string]string{
	"SetDeadline":      "deadline",
	"SetReadDeadline":  "read deadline",
	"SetWriteDeadline": "write deadline",
}

// checkSetDeadline reports conn.SetDeadline(time.Now().Add(d)) for a
// constant d in a function that never reads the caller's deadline.
func (c *checker) checkSetDeadline(cur inspector.Cursor, call *ast.CallExpr) {
	sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr)
	if !ok || len(call.Args) != 1 {
		return
	}
	kind, ok := deadlineSetters[sel.Sel.Name]
	if !ok {
		return
	}
	d := c.nowPlus(cur, call.Args[0])
	if d == nil {
		return
	}
	value, isConst := c.duration(d)
	if !isConst {
		return // a configured value: the pass only flags numbers written in the code
	}
	src, site := c.inboundAt(cur)
	if src == nil || src.Discarded() || c.consultsDeadline(cur, site.Owner) || c.servesStream(cur, site.Owner) || c.interruptedOnDone(cur, site.Owner, sel.X) {
		return // a discarded context: see checkDerivation
	}
	advice := fmt.Sprintf("use %s.Deadline() when it is sooner", src.Expr)
	if src.Expr == "" {
		advice = "use the caller's context's Deadline() when it is sooner"
	}
	c.reportAt(call, fmt.Sprintf("%s %s on %s ignores the caller's deadline; %s", value, kind, types.ExprString(sel.X), advice), d)
}

// interruptedOnDone reports whether the function bringing the inbound
// context arranges for the connection to be interrupted once a context is
// done: context.AfterFunc(ctx, func() { c.nc.SetDeadline(past) }), a
// watcher goroutine given a context and the connection's owner (go
// c.listener.Listen(ctx, c.abort)), or a helper that starts one
// (closeOnDone(ctx, conn), see watchesFor). Then the caller's deadline and
// cancellation both end the I/O, and the fixed deadline only bounds a
// stall.
func (c *checker) interruptedOnDone(cur inspector.Cursor, owner *inbound.Func, conn ast.Expr) bool {
	info := c.Pass.TypesInfo
	root := ctxflow.RootVar(info, conn)
	if owner == nil || root == nil {
		return false
	}
	mentionsConn := func(n ast.Node) bool { return ctxflow.Mentions(info, n, map[*types.Var]bool{root: true}) }
	for fn := range cur.Enclosing((*ast.FuncDecl)(nil), (*ast.FuncLit)(nil)) {
		if fn.Node() != owner.Node {
			continue
		}
		for n := range fn.Preorder((*ast.CallExpr)(nil), (*ast.GoStmt)(nil)) {
			switch n := n.Node().(type) {
			case *ast.CallExpr:
				if ctxapi.IsCallTo(info, n, "context", "AfterFunc") && len(n.Args) == 2 && mentionsConn(n.Args[1]) {
					return true
				}
				if c.watchesFor(n, mentionsConn) {
					return true
				}
			case *ast.GoStmt:
				if mentionsConn(n.Call) && c.givenContext(n.Call) {
					return true
				}
			}
		}
		break
	}
	return false
}

// watchesFor reports whether call hands the connection, and a context, to
// a function whose fact says it watches that context (a goroutine of its
// own waiting for its Done()): defer closeOnDone(ctx, conn)(), which
// closes the connection once ctx is done.
func (c *checker) watchesFor(call *ast.CallExpr, mentionsConn func(ast.Node) bool) bool {
	if !slices.ContainsFunc(call.Args, func(a ast.Expr) bool { return mentionsConn(a) }) {
		return false
	}
	for i, a := range call.Args {
		if ctxapi.IsContext(c.Pass.TypesInfo.TypeOf(a), c.Iface) && c.Uses.Watches(call, i) {
			return true
		}
	}
	return false
}

// givenContext reports whether a go statement's call is handed a context:
// as an argument, or read by its function literal.
func (c *checker) givenContext(call *ast.CallExpr) bool {
	found := false
	ast.Inspect(call, func(n ast.Node) bool {
		if e, ok := n.(ast.Expr); ok && !found {
			if id, ok := e.(*ast.Ident); ok && ctxapi.IsContext(c.Pass.TypesInfo.TypeOf(id), c.Iface) {
				found = true
			}
		}
		return !found
	})
	return found
}

// consultsDeadline reports whether the function bringing the inbound
// context reads some context's Deadline() anywhere in its body.
func (c *checker) consultsDeadline(cur inspector.Cursor, owner *inbound.Func) bool {
	return c.ownerHas(cur, owner, c.consults, (*ast.CallExpr)(nil), func(n inspector.Cursor) bool {
		return c.isContextMethod(n.Node().(*ast.CallExpr), "Deadline")
	})
}

// servesStream reports whether the function bringing the inbound context
// has a loop that waits in a select on a context's Done(): it serves a
// stream with no overall deadline, ended by the caller's cancellation, and
// a fixed connection deadline there bounds one write's stall, not the
// request. (A loop that only polls ctx.Err() between reads is a relay
// whose read deadline can overrun the caller's.)
func (c *checker) servesStream(cur inspector.Cursor, owner *inbound.Func) bool {
	return c.ownerHas(cur, owner, c.streams, (*ast.SelectStmt)(nil), func(sel inspector.Cursor) bool {
		_, inLoop := innermostLoop(sel)
		return inLoop && c.selectsDone(sel)
	})
}

// ownerHas reports, once per function and remembered in memo, whether the
// function bringing the inbound context holds a node of kind for which
// has is true.
func (c *checker) ownerHas(cur inspector.Cursor, owner *inbound.Func, memo map[ast.Node]bool, kind ast.Node, has func(inspector.Cursor) bool) bool {
	if owner == nil {
		return false
	}
	if v, ok := memo[owner.Node]; ok {
		return v
	}
	found := false
	for fn := range cur.Enclosing((*ast.FuncDecl)(nil), (*ast.FuncLit)(nil)) {
		if fn.Node() != owner.Node {
			continue
		}
		for n := range fn.Preorder(kind) {
			if has(n) {
				found = true
				break
			}
		}
		break
	}
	memo[owner.Node] = found
	return found
}

// selectsDone reports whether the select at cur has a case on a context's
// Done().
func (c *checker) selectsDone(cur inspector.Cursor) bool {
	for _, stmt := range cur.Node().(*ast.SelectStmt).Body.List {
		if cc, ok := stmt.(*ast.CommClause); ok && cc.Comm != nil {
			if ch := ctxflow.Received(cc.Comm); ch != nil && c.isDone(cur, ch) {
				return true
			}
		}
	}
	return false
}
