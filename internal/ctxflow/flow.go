// Package ctxflow follows values through function bodies for the passes:
// where a local variable is assigned and used, which fresh root a body
// passes on, which calls never return, whether code stands under a nil
// guard. What a single call, expression or type is (a fresh root, a
// derivation, a context) is internal/ctxapi's.
package ctxflow

import (
	"go/ast"
	"go/token"
	"go/types"
	"iter"
	"slices"
	"strings"

	"golang.org/x/tools/go/ast/inspector"

	"github.com/budgetlint/budgetlint/internal/ctxapi"
)

// Unparen returns the cursor of the nearest ancestor of cur that is not a
// parenthesis, and the expression at cur seen from there.
func Unparen(cur inspector.Cursor) (inspector.Cursor, ast.Node) {
	child := cur.Node()
	parent := cur.Parent()
	for {
		if _, ok := parent.Node().(*ast.ParenExpr); !ok {
			return parent, child
		}
		child = parent.Node()
		parent = parent.Parent()
	}
}

// AssignedVar returns the local variable that expr, a child of the
// statement at parent, is assigned to (x = expr, x := expr, var x = expr,
// and the first variable of a multi-value call such as
// ctx, cancel := context.WithCancel(expr)), and that statement.
func AssignedVar(info *types.Info, parent inspector.Cursor, expr ast.Expr) (*types.Var, ast.Node) {
	var lhs, rhs []ast.Expr
	switch n := parent.Node().(type) {
	case *ast.AssignStmt:
		lhs, rhs = n.Lhs, n.Rhs
	case *ast.ValueSpec:
		rhs = n.Values
		for _, id := range n.Names {
			lhs = append(lhs, id)
		}
	default:
		return nil, nil
	}
	for i, r := range rhs {
		if ast.Unparen(r) != expr {
			continue
		}
		if len(lhs) != len(rhs) {
			i = 0 // a single multi-value right-hand side: its first result
		}
		id, ok := ast.Unparen(lhs[i]).(*ast.Ident)
		if !ok {
			return nil, nil
		}
		return VarOf(info, id), parent.Node()
	}
	return nil, nil
}

// HoldingVar returns the variable that the root at cur, or the outermost
// derivation of it, is assigned to (bg := context.Background(), bg =
// context.WithValue(context.Background(), k, v)); nil if none.
func HoldingVar(info *types.Info, cur inspector.Cursor) *types.Var {
	cur = outermostDerivation(info, cur)
	parent, _ := Unparen(cur)
	v, _ := AssignedVar(info, parent, ast.Unparen(cur.Node().(ast.Expr)))
	return v
}

// VarOf returns the variable e names (x, (x)): nil for a field, the blank
// identifier or any other expression.
func VarOf(info *types.Info, e ast.Expr) *types.Var {
	id, ok := ast.Unparen(e).(*ast.Ident)
	if !ok || id.Name == "_" {
		return nil
	}
	obj := info.Defs[id]
	if obj == nil {
		obj = info.Uses[id]
	}
	v, _ := obj.(*types.Var)
	if v == nil || v.IsField() {
		return nil
	}
	return v
}

// RootVar returns the variable at the root of a chain of selectors,
// calls and indexes (c in c.conn.nc, r in r.Context(), s in s.conns[i]),
// nil when e does not start at one.
func RootVar(info *types.Info, e ast.Expr) *types.Var {
	for {
		switch x := ast.Unparen(e).(type) {
		case *ast.Ident:
			v, _ := info.Uses[x].(*types.Var)
			return v
		case *ast.SelectorExpr:
			e = x.X
		case *ast.CallExpr:
			e = x.Fun
		case *ast.IndexExpr:
			e = x.X
		case *ast.StarExpr:
			e = x.X
		default:
			return nil
		}
	}
}

// Mentions reports whether e reads one of vars, or any variable when vars
// is nil.
func Mentions(info *types.Info, e ast.Node, vars map[*types.Var]bool) bool {
	found := false
	ast.Inspect(e, func(n ast.Node) bool {
		if id, ok := n.(*ast.Ident); ok {
			if v, ok := info.Uses[id].(*types.Var); ok && (vars == nil || vars[v]) {
				found = true
			}
		}
		return !found
	})
	return found
}

// StmtList returns the statements a block, case clause or select case
// holds, nil for any other node.
func StmtList(n ast.Node) []ast.Stmt {
	switch n := n.(type) {
	case *ast.BlockStmt:
		return n.List
	case *ast.CaseClause:
		return n.Body
	case *ast.CommClause:
		return n.Body
	}
	return nil
}

// FuncParts returns the signature and body of a function declaration or
// literal, nils for any other node (and a nil body for a declaration
// without one).
func FuncParts(n ast.Node) (*ast.FuncType, *ast.BlockStmt) {
	switch n := n.(type) {
	case *ast.FuncDecl:
		return n.Type, n.Body
	case *ast.FuncLit:
		return n.Type, n.Body
	}
	return nil, nil
}

// InspectSync is ast.Inspect without the functions go statements start;
// unlike SyncCalls it enters function literals.
func InspectSync(n ast.Node, f func(ast.Node) bool) {
	ast.Inspect(n, func(n ast.Node) bool {
		if _, ok := n.(*ast.GoStmt); ok {
			return false
		}
		return n != nil && f(n)
	})
}

// AnyOutsideLiterals reports whether match holds for a node of n outside
// the function literals in it: what n itself does, not what it defines.
func AnyOutsideLiterals(n ast.Node, match func(ast.Node) bool) bool {
	found := false
	ast.Inspect(n, func(n ast.Node) bool {
		if _, ok := n.(*ast.FuncLit); ok || found || n == nil {
			return false
		}
		found = match(n)
		return !found
	})
	return found
}

// FromDeadline reports whether the duration or time d, in the function
// at fn, is computed from a context's deadline (time.Until(deadline.Add(
// -margin)) after deadline, ok := ctx.Deadline(), or ctx.Deadline() in
// place): it follows the caller's deadline. iface is
// ctxapi.ContextInterface's result.
func FromDeadline(info *types.Info, iface *types.Interface, fn inspector.Cursor, d ast.Expr) bool {
	if d == nil {
		return false
	}
	vars := DeadlineVars(info, iface, fn)
	found := false
	ast.Inspect(d, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.CallExpr:
			found = found || ctxapi.IsContextMethod(info, iface, n, "Deadline")
		case *ast.Ident:
			v, _ := info.Uses[n].(*types.Var)
			found = found || vars[v]
		}
		return !found
	})
	return found
}

// DeadlineVars returns the variables fn sets from a context's deadline
// (deadline in deadline, ok := ctx.Deadline()): what is computed from them
// follows the caller's deadline. iface is ctxapi.ContextInterface's result.
func DeadlineVars(info *types.Info, iface *types.Interface, fn inspector.Cursor) map[*types.Var]bool {
	vars := map[*types.Var]bool{}
	for as := range fn.Preorder((*ast.AssignStmt)(nil)) {
		stmt := as.Node().(*ast.AssignStmt)
		if len(stmt.Rhs) != 1 || len(stmt.Lhs) == 0 || !ctxapi.IsContextMethod(info, iface, stmt.Rhs[0], "Deadline") {
			continue
		}
		if v := VarOf(info, stmt.Lhs[0]); v != nil {
			vars[v] = true
		}
	}
	return vars
}

// IsDeadlineParent reports whether v is the parent argument of a
// context.WithTimeout/WithDeadline call anywhere inside fn.
func IsDeadlineParent(info *types.Info, fn inspector.Cursor, v *types.Var) bool {
	for cur := range fn.Preorder((*ast.CallExpr)(nil)) {
		call := cur.Node().(*ast.CallExpr)
		if len(call.Args) == 0 {
			continue
		}
		if id, ok := ast.Unparen(call.Args[0]).(*ast.Ident); ok && info.Uses[id] == v && ctxapi.IsDeadlineDerivation(info, call) {
			return true
		}
	}
	return false
}

// SyncCalls yields the cursors of the calls in body that run before the
// function returns: not those inside go statements, nor inside function
// literals other than those a call runs in place (see RootPassedOn).
func SyncCalls(body inspector.Cursor, inPlace func(call inspector.Cursor, i int) bool) iter.Seq[inspector.Cursor] {
	return func(yield func(inspector.Cursor) bool) {
		ok := true
		body.Inspect([]ast.Node{(*ast.CallExpr)(nil), (*ast.FuncLit)(nil), (*ast.GoStmt)(nil)}, func(c inspector.Cursor) bool {
			if !ok {
				return false
			}
			switch c.Node().(type) {
			case *ast.GoStmt:
				return false
			case *ast.FuncLit:
				return runInPlace(c, inPlace)
			}
			ok = yield(c)
			return ok
		})
	}
}

// runInPlace reports whether the function literal at lit is an argument
// of a call that runs it before returning, as inPlace says.
func runInPlace(lit inspector.Cursor, inPlace func(call inspector.Cursor, i int) bool) bool {
	parent, child := Unparen(lit)
	call, ok := parent.Node().(*ast.CallExpr)
	if !ok {
		return false
	}
	i := slices.Index(call.Args, child.(ast.Expr))
	return i >= 0 && inPlace(parent, i)
}

// RootPassedOn returns the fresh root (context.Background() or TODO()) that
// the body passes to a call taking a context, directly, through a local
// variable, or through contexts derived from it; nil if there is none.
// Closures (but those run in place) and go statements are not followed, nor calls whose result is
// kept in a field or a package variable (long-lived state built on
// purpose from a root), nor (*http.Request).Clone, nor a context used
// after its cancel function was called (deliberately dead). observes says
// whether the i-th argument of the call at its cursor can reach
// cancellation (ctxuse's facts): a root handed only to callees that ignore
// it or read its values loses nothing. inPlace says whether the call at
// its cursor runs its i-th argument, a function, before it returns (a
// client helper's WithClient(func(c Client) error {...})): a root in such
// a closure is the body's own.
func RootPassedOn(info *types.Info, body inspector.Cursor, observes, inPlace func(call inspector.Cursor, i int) bool) *ast.CallExpr {
	tainted := map[*types.Var]*ast.CallExpr{}
	// rootOf returns the fresh root an expression stands for.
	var rootOf func(e ast.Expr) *ast.CallExpr
	rootOf = func(e ast.Expr) *ast.CallExpr {
		switch e := ast.Unparen(e).(type) {
		case *ast.Ident:
			if v, ok := info.Uses[e].(*types.Var); ok {
				return tainted[v]
			}
		case *ast.CallExpr:
			if ctxapi.IsFreshRoot(info, e) {
				return e
			}
			if ctxapi.IsDerivation(info, e) && !ctxapi.IsWithoutCancel(info, e) {
				return rootOf(e.Args[0])
			}
		}
		return nil
	}
	// A root kept as a component's lifetime, made only once some context
	// is done (to clean up after it), standing in for a nil context
	// (if ctx == nil { ctx = context.Background() }: the context comes in
	// some other way, an options struct's field), or cancelled when a
	// signal the caller hands over fires, is not the caller's lost
	// deadline, wherever it is also used.
	notLost := map[*ast.CallExpr]bool{}
	isNotLost := func(root *ast.CallExpr) bool {
		is, ok := notLost[root]
		if !ok {
			rc, found := body.FindNode(root)
			is = found && (Lifetime(info, rc) || UnderDone(info, nil, rc) || IsNilGuard(info, rc) || PreCancelled(info, rc) || CancelledOnParamSignal(info, rc))
			notLost[root] = is
		}
		return is
	}
	var found *ast.CallExpr
	cancels := map[*types.Var]*types.Var{} // cancel function -> the context it cancels
	body.Inspect([]ast.Node{(*ast.AssignStmt)(nil), (*ast.ValueSpec)(nil), (*ast.CallExpr)(nil), (*ast.FuncLit)(nil), (*ast.GoStmt)(nil)}, func(c inspector.Cursor) bool {
		if found != nil {
			return false
		}
		switch n := c.Node().(type) {
		case *ast.GoStmt:
			return false
		case *ast.FuncLit:
			return runInPlace(c, inPlace)
		case *ast.AssignStmt:
			taint(info, tainted, n.Lhs, n.Rhs, rootOf)
			// ctx, cancel := context.WithCancel(root): remember which
			// context the cancel function ends.
			if len(n.Lhs) == 2 && len(n.Rhs) == 1 {
				if call, ok := ast.Unparen(n.Rhs[0]).(*ast.CallExpr); ok && ctxapi.IsDerivation(info, call) {
					ctxID, _ := ast.Unparen(n.Lhs[0]).(*ast.Ident)
					cancelID, _ := ast.Unparen(n.Lhs[1]).(*ast.Ident)
					if ctxID != nil && cancelID != nil {
						if cv, fv := VarOf(info, ctxID), VarOf(info, cancelID); cv != nil && fv != nil {
							cancels[fv] = cv
						}
					}
				}
			}
		case *ast.ValueSpec:
			lhs := make([]ast.Expr, len(n.Names))
			for i, id := range n.Names {
				lhs[i] = id
			}
			taint(info, tainted, lhs, n.Values, rootOf)
		case *ast.CallExpr:
			if ctxapi.IsFreshRoot(info, n) || ctxapi.IsDerivation(info, n) {
				return true
			}
			// cancel() (or cancel(cause)) as a statement of its own, not
			// deferred: the context is cancelled from here on, on purpose
			// (pgx's die forces an immediate close with one); it carries no
			// lost deadline.
			if id, ok := ast.Unparen(n.Fun).(*ast.Ident); ok {
				if _, isStmt := c.Parent().Node().(*ast.ExprStmt); isStmt {
					if v, ok := info.Uses[id].(*types.Var); ok && cancels[v] != nil {
						delete(tainted, cancels[v])
					}
				}
			}
			if ctxapi.IsRequestClone(info, n) {
				return true
			}
			var sig *types.Signature
			if t := info.TypeOf(n.Fun); t != nil { // nil when the callee does not type-check
				sig, _ = t.Underlying().(*types.Signature)
			}
			for i, arg := range n.Args {
				if ctxapi.TakesContext(sig, i) && observes(c, i) {
					if root := rootOf(arg); root != nil && !isNotLost(root) {
						found = root
						return false
					}
				}
			}
		}
		return true
	})
	return found
}

func taint(info *types.Info, tainted map[*types.Var]*ast.CallExpr, lhs, rhs []ast.Expr, rootOf func(ast.Expr) *ast.CallExpr) {
	for i, r := range rhs {
		root := rootOf(r)
		if root == nil {
			continue
		}
		j := i
		if len(lhs) != len(rhs) {
			j = 0
		}
		if j >= len(lhs) {
			continue
		}
		if id, ok := ast.Unparen(lhs[j]).(*ast.Ident); ok {
			if v := VarOf(info, id); v != nil {
				tainted[v] = root
			}
		}
	}
}

// Received returns the channel a select case receives from (case <-ch:,
// case v := <-ch:), nil for a send.
func Received(comm ast.Stmt) ast.Expr {
	var e ast.Expr
	switch s := comm.(type) {
	case *ast.ExprStmt:
		e = s.X
	case *ast.AssignStmt:
		if len(s.Rhs) == 1 {
			e = s.Rhs[0]
		}
	}
	if u, ok := ast.Unparen(e).(*ast.UnaryExpr); ok && u.Op == token.ARROW {
		return u.X
	}
	return nil
}

// PreCancelled reports whether the root at cur makes a context that is
// cancelled before anything can use it: ctx, cancel :=
// context.WithCancel(context.Background()) followed at once by cancel()
// (or cancel(err)), with at most calls that attach it in between
// (q.WithContext(ctx)): a dead context handed on so that lazy work is not
// started or fails with the cause. It carries no deadline to lose.
func PreCancelled(info *types.Info, cur inspector.Cursor) bool {
	derive, ok := cur.Parent().Node().(*ast.CallExpr)
	if !ok || len(derive.Args) == 0 || ast.Unparen(derive.Args[0]) != cur.Node() ||
		!ctxapi.IsCallTo(info, derive, "context", "WithCancel") && !ctxapi.IsCallTo(info, derive, "context", "WithCancelCause") {
		return false
	}
	assign, ok := cur.Parent().Parent().Node().(*ast.AssignStmt)
	if !ok || len(assign.Lhs) != 2 || len(assign.Rhs) != 1 {
		return false
	}
	cancel := VarOf(info, assign.Lhs[1])
	block, ok := cur.Parent().Parent().Parent().Node().(*ast.BlockStmt)
	if !ok || cancel == nil {
		return false
	}
	i := slices.Index(block.List, ast.Stmt(assign))
	if i < 0 {
		return false
	}
	for _, s := range block.List[i+1:] {
		next, ok := s.(*ast.ExprStmt)
		if !ok {
			return false
		}
		call, ok := ast.Unparen(next.X).(*ast.CallExpr)
		if !ok {
			return false
		}
		switch fun := ast.Unparen(call.Fun).(type) {
		case *ast.Ident:
			return info.Uses[fun] == cancel
		case *ast.SelectorExpr:
			// query.WithContext(ctx) before the cancel only attaches it.
			if !strings.HasPrefix(fun.Sel.Name, "With") && !strings.HasPrefix(fun.Sel.Name, "Set") {
				return false
			}
		default:
			return false
		}
	}
	return false
}

// AssignedBefore reports whether v is assigned in body by a statement
// that ends before pos (name, err = resolve(ctx, name) assigns after its
// call).
func AssignedBefore(info *types.Info, body inspector.Cursor, v *types.Var, pos token.Pos) bool {
	found := false
	body.Inspect([]ast.Node{(*ast.AssignStmt)(nil), (*ast.IncDecStmt)(nil), (*ast.UnaryExpr)(nil)}, func(c inspector.Cursor) bool {
		if found || c.Node().Pos() >= pos {
			return false
		}
		if c.Node().End() > pos {
			return true // around pos: assigns after what it evaluates
		}
		var targets []ast.Expr
		switch n := c.Node().(type) {
		case *ast.AssignStmt:
			targets = n.Lhs
		case *ast.IncDecStmt:
			targets = []ast.Expr{n.X}
		case *ast.UnaryExpr:
			if n.Op == token.AND {
				targets = []ast.Expr{n.X} // &name: may be set anywhere
			}
		}
		for _, t := range targets {
			if id, ok := ast.Unparen(t).(*ast.Ident); ok && info.Uses[id] == v {
				found = true
			}
		}
		return true
	})
	return found
}

// IsAssigned reports whether the expression at cur is the target of an
// assignment (ctx = ..., ctx, cancel := ..., s.ctx = ...), not a read of it.
func IsAssigned(cur inspector.Cursor) bool {
	as, ok := cur.Parent().Node().(*ast.AssignStmt)
	return ok && slices.Contains(as.Lhs, cur.Node().(ast.Expr))
}

// IsAddressed reports whether the expression at cur has its address taken
// (&G): what it holds may be changed through the pointer.
func IsAddressed(cur inspector.Cursor) bool {
	u, ok := cur.Parent().Node().(*ast.UnaryExpr)
	return ok && u.Op == token.AND
}
