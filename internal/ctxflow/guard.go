package ctxflow

import (
	"go/ast"
	"go/token"
	"go/types"
	"slices"

	"golang.org/x/tools/go/ast/inspector"

	"github.com/budgetlint/budgetlint/internal/ctxapi"
)

// IsNilGuard reports whether the node at cur runs, within its own
// function, only when some context (or request) is nil, or is a default
// that an if on one not being nil replaces at once (ctx :=
// context.Background(); if r != nil { ctx = r.Context() }): in the body of if ctx == nil,
// in the else of if ctx != nil, or after an if ctx != nil whose body
// returns (if ctx != nil { return p.GetContext(ctx) }; return p.Get()),
// the test written directly or through a flag set once to it (immediate
// := ctx == nil). A fresh root, a stored context or a context-less call
// there stands in for a missing context; there is no caller's context to
// lose.
func IsNilGuard(info *types.Info, cur inspector.Cursor) bool {
	fn, ok := EnclosingFunc(cur)
	if !ok {
		return false
	}
	nilTest := func(cond ast.Expr, op token.Token) bool { return nilTest(info, fn, cond, op) }
	if overriddenDefault(info, cur, nilTest) {
		return true
	}
	for c := cur; ; c = c.Parent() {
		switch p := c.Parent().Node().(type) {
		case nil, *ast.FuncDecl, *ast.FuncLit:
			return false
		case *ast.IfStmt:
			if c.Node() == p.Body && nilTest(p.Cond, token.EQL) || c.Node() == p.Else && nilTest(p.Cond, token.NEQ) {
				return true
			}
		case *ast.BlockStmt:
			for _, s := range p.List {
				if s == c.Node() {
					break
				}
				if ifStmt, ok := s.(*ast.IfStmt); ok && ifStmt.Else == nil && nilTest(ifStmt.Cond, token.NEQ) && returns(ifStmt.Body) {
					return true
				}
			}
		}
	}
}

// overriddenDefault reports whether the node at cur is the value a local
// is set to just before an if on some context or request not being nil
// replaces it (ctx := context.Background(); if r != nil { ctx =
// r.Context() }): a default that stands only when there is none.
func overriddenDefault(info *types.Info, cur inspector.Cursor, nilTest func(ast.Expr, token.Token) bool) bool {
	stmt, ok := cur.Parent().Node().(*ast.AssignStmt)
	if !ok || len(stmt.Lhs) != 1 || len(stmt.Rhs) != 1 || ast.Unparen(stmt.Rhs[0]) != cur.Node() {
		return false
	}
	v := VarOf(info, stmt.Lhs[0])
	block, ok := cur.Parent().Parent().Node().(*ast.BlockStmt)
	if v == nil || !ok {
		return false
	}
	i := slices.Index(block.List, ast.Stmt(stmt))
	if i < 0 || i+1 >= len(block.List) {
		return false
	}
	next, ok := block.List[i+1].(*ast.IfStmt)
	if !ok || next.Init != nil || next.Else != nil || !nilTest(next.Cond, token.NEQ) {
		return false
	}
	for _, s := range next.Body.List {
		if as, ok := s.(*ast.AssignStmt); ok && as.Tok == token.ASSIGN && len(as.Lhs) == 1 && VarOf(info, as.Lhs[0]) == v {
			return true
		}
	}
	return false
}

// nilTest reports whether cond compares a context with nil by op, directly
// or through a local bool of fn set once to that comparison (immediate :=
// ctx == nil; if immediate { ... }).
func nilTest(info *types.Info, fn inspector.Cursor, cond ast.Expr, op token.Token) bool {
	if v := VarOf(info, cond); v != nil {
		var set []ast.Expr
		for a := range fn.Preorder((*ast.AssignStmt)(nil)) {
			as := a.Node().(*ast.AssignStmt)
			for i, l := range as.Lhs {
				if VarOf(info, l) != v {
					continue
				}
				var rhs ast.Expr // nil: set from a tuple, nothing this test knows
				if len(as.Lhs) == len(as.Rhs) {
					rhs = as.Rhs[i]
				}
				set = append(set, rhs)
			}
		}
		if len(set) != 1 || set[0] == nil {
			return false
		}
		cond = set[0] // a comparison, or nothing this test knows
	}
	cmp, ok := ast.Unparen(cond).(*ast.BinaryExpr)
	if !ok || cmp.Op != op {
		return false
	}
	for _, pair := range [][2]ast.Expr{{cmp.X, cmp.Y}, {cmp.Y, cmp.X}} {
		if tv, ok := info.Types[pair[1]]; ok && tv.IsNil() && (ctxapi.IsContextType(info.TypeOf(pair[0])) || ctxapi.IsHTTPRequest(info.TypeOf(pair[0]))) {
			return true
		}
	}
	return false
}

// CancellableGuarded reports whether the use of the context variable v at
// cur runs only once v.Done() was found not nil, that is once v can be
// cancelled at all: on the right of v.Done() != nil && … (or of
// v.Done() == nil || …), in the body of an if on v.Done() != nil (or the
// else of one on == nil), or after if v.Done() == nil { return … }.
// context.Background() and TODO() never get there. iface is
// ctxapi.ContextInterface's result.
func CancellableGuarded(info *types.Info, iface *types.Interface, cur inspector.Cursor, v *types.Var) bool {
	doneTest := func(cond ast.Expr, op token.Token) bool { return doneNilTest(info, iface, cond, v, op) }
	for c := cur; ; c = c.Parent() {
		switch p := c.Parent().Node().(type) {
		case nil, *ast.FuncDecl, *ast.FuncLit:
			return false
		case *ast.BinaryExpr:
			if c.Node() == p.Y && (p.Op == token.LAND && doneTest(p.X, token.NEQ) || p.Op == token.LOR && doneTest(p.X, token.EQL)) {
				return true
			}
		case *ast.IfStmt:
			if c.Node() == p.Body && doneTest(p.Cond, token.NEQ) || c.Node() == p.Else && doneTest(p.Cond, token.EQL) {
				return true
			}
		case *ast.BlockStmt:
			for _, s := range p.List {
				if s == c.Node() {
					break
				}
				if ifStmt, ok := s.(*ast.IfStmt); ok && ifStmt.Else == nil && doneTest(ifStmt.Cond, token.EQL) && returns(ifStmt.Body) {
					return true
				}
			}
		}
	}
}

// doneNilTest reports whether cond holds only if v.Done() compares to nil
// by op: it is that comparison, or a term of a && chain of them (for !=)
// or of a || chain (for ==).
func doneNilTest(info *types.Info, iface *types.Interface, cond ast.Expr, v *types.Var, op token.Token) bool {
	c, ok := ast.Unparen(cond).(*ast.BinaryExpr)
	if !ok {
		return false
	}
	if op == token.NEQ && c.Op == token.LAND || op == token.EQL && c.Op == token.LOR {
		return doneNilTest(info, iface, c.X, v, op) || doneNilTest(info, iface, c.Y, v, op)
	}
	if c.Op != op {
		return false
	}
	for _, pair := range [][2]ast.Expr{{c.X, c.Y}, {c.Y, c.X}} {
		if tv, ok := info.Types[ast.Unparen(pair[1])]; ok && tv.IsNil() && ctxapi.IsContextMethod(info, iface, pair[0], "Done") {
			sel := ast.Unparen(ast.Unparen(pair[0]).(*ast.CallExpr).Fun).(*ast.SelectorExpr)
			return VarOf(info, sel.X) == v
		}
	}
	return false
}

// returns reports whether a block ends with a return.
func returns(b *ast.BlockStmt) bool {
	if len(b.List) == 0 {
		return false
	}
	_, ok := b.List[len(b.List)-1].(*ast.ReturnStmt)
	return ok
}

// UnderDone reports whether the node at cur stands, within its own
// function, where DoneGuarded says code runs only once some context is
// done. That code cleans up after it (drains a connection, confirms a
// cancel): a fresh root there is no caller's lost deadline, and the done
// context would make the clean-up fail at once. Any context counts, not
// only the caller's: a stored one is the lifetime the caller's work was
// tied to. iface is ctxapi.ContextInterface's result (nil: context.Context
// itself only).
func UnderDone(info *types.Info, iface *types.Interface, cur inspector.Cursor) bool {
	for c := cur; ; c = c.Parent() {
		switch p := c.Parent().Node().(type) {
		case nil, *ast.FuncDecl, *ast.FuncLit:
			return false
		default:
			if DoneGuarded(info, iface, p, c.Node()) {
				return true
			}
		}
	}
}

// DoneGuarded reports whether child, a direct child of parent, runs only
// once some context is done: a statement of a select case that receives
// from its Done() (case <-t.ctx.Done():), or the body of an if whose
// condition holds only once a context is done (t.ctx.Err() != nil,
// errors.Is(err, context.Canceled)).
func DoneGuarded(info *types.Info, iface *types.Interface, parent, child ast.Node) bool {
	switch p := parent.(type) {
	case *ast.CommClause:
		return p.Comm != nil && child != p.Comm && receivesDone(info, iface, p.Comm)
	case *ast.IfStmt:
		return child == p.Body && signalsDone(info, iface, p.Cond)
	}
	return false
}

// receivesDone reports whether a select case's communication is
// <-X.Done() (or v := <-X.Done(), v, ok := <-X.Done()) for a context X.
func receivesDone(info *types.Info, iface *types.Interface, comm ast.Stmt) bool {
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
	return ok && u.Op == token.ARROW && ctxapi.IsContextMethod(info, iface, u.X, "Done")
}

// signalsDone reports whether cond holds only once a context is done or
// a call failed because one was: X.Err() != nil, errors.Is(err,
// context.Canceled), err == context.DeadlineExceeded, and the || and &&
// of such tests.
func signalsDone(info *types.Info, iface *types.Interface, cond ast.Expr) bool {
	switch c := ast.Unparen(cond).(type) {
	case *ast.BinaryExpr:
		switch c.Op {
		case token.LOR:
			return signalsDone(info, iface, c.X) && signalsDone(info, iface, c.Y)
		case token.LAND:
			return signalsDone(info, iface, c.X) || signalsDone(info, iface, c.Y)
		case token.EQL:
			return ctxapi.ContextError(info, c.X) != "" || ctxapi.ContextError(info, c.Y) != ""
		}
	case *ast.CallExpr:
		return ctxapi.IsErrorsCall(info, c, "Is") && len(c.Args) == 2 && ctxapi.ContextError(info, c.Args[1]) != ""
	}
	return errNotNil(info, iface, cond)
}

// errNotNil reports whether cond is X.Err() != nil for a context X.
func errNotNil(info *types.Info, iface *types.Interface, cond ast.Expr) bool {
	b, ok := ast.Unparen(cond).(*ast.BinaryExpr)
	if !ok || b.Op != token.NEQ {
		return false
	}
	x, y := b.X, b.Y
	if tv, ok := info.Types[ast.Unparen(x)]; ok && tv.IsNil() {
		x, y = y, x
	}
	tv, ok := info.Types[ast.Unparen(y)]
	return ok && tv.IsNil() && ctxapi.IsContextMethod(info, iface, x, "Err")
}

// OnFailurePath reports whether the node at cur runs, within its own
// function, only on the way out of a failure: in the body of an if whose
// condition holds only when an error is non-nil (err != nil, and its &&
// with other tests), a body that ends in a return and leaves only by
// returns that each hand back a non-nil error. Work there cannot make the
// call succeed; it cleans up after a failure that may be the caller's own
// cancellation (hang up the call just answered, release what was
// reserved), so a bound of its own is deliberate detachment, and the
// caller's context would skip the clean-up exactly when it gave up.
func OnFailurePath(info *types.Info, cur inspector.Cursor) bool {
	for c := cur; ; c = c.Parent() {
		switch c.Parent().Node().(type) {
		case nil, *ast.FuncDecl, *ast.FuncLit:
			return false
		case *ast.IfStmt:
			if _, ok := FailureBranch(info, c); ok {
				return true
			}
		}
	}
}

// FailureBranch returns the if statement whose body c is, when that body
// is the way out of a failure (see OnFailurePath): the condition holds
// only when an error is non-nil, and the body leaves only by returning a
// non-nil error.
func FailureBranch(info *types.Info, c inspector.Cursor) (*ast.IfStmt, bool) {
	p, ok := c.Parent().Node().(*ast.IfStmt)
	if !ok || c.Node() != p.Body || len(NonNilErrors(info, p.Cond)) == 0 || !failsOut(info, p.Body) {
		return nil, false
	}
	return p, true
}

// NonNilErrors returns the errors that cond, to hold, needs non-nil: X in
// X != nil, and those of the operands of an &&.
func NonNilErrors(info *types.Info, cond ast.Expr) []ast.Expr {
	b, ok := ast.Unparen(cond).(*ast.BinaryExpr)
	if !ok {
		return nil
	}
	switch b.Op {
	case token.LAND:
		return append(NonNilErrors(info, b.X), NonNilErrors(info, b.Y)...)
	case token.NEQ:
		for _, pair := range [][2]ast.Expr{{b.X, b.Y}, {b.Y, b.X}} {
			if tv, ok := info.Types[pair[1]]; ok && tv.IsNil() && IsError(info.TypeOf(pair[0])) {
				return []ast.Expr{pair[0]}
			}
		}
	}
	return nil
}

// failsOut reports whether body ends in a return and every way out of it
// is a return whose last result is an error other than nil: no break,
// continue or goto leaves it, so no path goes on with the function's work
// (a retry's continue is not a failure).
func failsOut(info *types.Info, body *ast.BlockStmt) bool {
	if !returns(body) {
		return false
	}
	ok := true
	var walk func(n ast.Node, inner bool) // inner: within a loop, switch or select of body
	walk = func(n ast.Node, inner bool) {
		ast.Inspect(n, func(n ast.Node) bool {
			if !ok {
				return false
			}
			switch n := n.(type) {
			case *ast.FuncLit:
				return false
			case *ast.ForStmt, *ast.RangeStmt, *ast.SwitchStmt, *ast.TypeSwitchStmt, *ast.SelectStmt:
				if !inner {
					walk(n, true) // a break or continue in there stays in there
					return false
				}
			case *ast.BranchStmt:
				if n.Tok == token.GOTO || n.Label != nil || !inner && n.Tok != token.FALLTHROUGH {
					ok = false
				}
			case *ast.ReturnStmt:
				if len(n.Results) == 0 {
					ok = false // a bare return of named results: not known to fail
					break
				}
				last := n.Results[len(n.Results)-1]
				if tv, known := info.Types[last]; !known || tv.IsNil() || !IsError(tv.Type) {
					ok = false
				}
			}
			return true
		})
	}
	walk(body, false)
	return ok
}

// IsError reports whether t is the error interface itself.
func IsError(t types.Type) bool {
	return t != nil && types.Identical(t, errorType)
}

var errorType = types.Universe.Lookup("error").Type()

// EntryCheck reports whether the use of the context variable v at cur is
// part of an up-front check that it is not done yet: an if statement at
// the top level of its function whose condition reads v.Err() (if
// v.Err() != nil, if err := v.Err(); err != nil), whose body returns, and
// after which the function goes on to other work. Such a check asks once
// whether the caller has already gone; the work after it never looks
// again. context.Background() and TODO() are never done, so a root handed
// there is observed by nothing. iface is ctxapi.ContextInterface's result.
func EntryCheck(info *types.Info, iface *types.Interface, cur inspector.Cursor, v *types.Var) bool {
	var ifCur inspector.Cursor
	found := false
	for c := cur; !found; c = c.Parent() {
		switch p := c.Parent().Node().(type) {
		case nil, *ast.FuncDecl, *ast.FuncLit:
			return false
		case *ast.IfStmt:
			if c.Node() != p.Else {
				ifCur, found = c.Parent(), true
			}
		}
	}
	stmt := ifCur.Node().(*ast.IfStmt)
	block, ok := ifCur.Parent().Node().(*ast.BlockStmt)
	if !ok || stmt.Else != nil || !returns(stmt.Body) || !errTest(info, iface, stmt, v) {
		return false
	}
	switch ifCur.Parent().Parent().Node().(type) {
	case *ast.FuncDecl, *ast.FuncLit:
	default:
		return false // inside a loop or a branch: it may be asked again
	}
	i := slices.Index(block.List, ast.Stmt(stmt))
	for _, s := range block.List[i+1:] {
		if AnyOutsideLiterals(s, func(n ast.Node) bool { _, call := n.(*ast.CallExpr); return call }) {
			return true // work follows
		}
	}
	return false
}

// errTest reports whether the condition of stmt tests v.Err() against nil,
// directly or through a variable its init statement sets to it.
func errTest(info *types.Info, iface *types.Interface, stmt *ast.IfStmt, v *types.Var) bool {
	isErr := func(e ast.Expr) bool {
		return ctxapi.IsContextMethod(info, iface, e, "Err") && VarOf(info, ast.Unparen(ast.Unparen(e).(*ast.CallExpr).Fun).(*ast.SelectorExpr).X) == v
	}
	cmp, ok := ast.Unparen(stmt.Cond).(*ast.BinaryExpr)
	if !ok || cmp.Op != token.NEQ {
		return false
	}
	for _, side := range []ast.Expr{cmp.X, cmp.Y} {
		if isErr(side) {
			return true
		}
		if as, ok := stmt.Init.(*ast.AssignStmt); ok && len(as.Lhs) == 1 && len(as.Rhs) == 1 && isErr(as.Rhs[0]) {
			if w := VarOf(info, side); w != nil && w == VarOf(info, as.Lhs[0]) {
				return true
			}
		}
	}
	return false
}
