package retrybudget

import (
	"go/ast"
	"go/token"
	"go/types"
	"slices"

	"github.com/budgetlint/budgetlint/internal/ctxapi"
	"github.com/budgetlint/budgetlint/internal/ctxflow"
	"github.com/budgetlint/budgetlint/internal/knowledge"
	"github.com/budgetlint/budgetlint/internal/retryloop"
)

// budgeted reports whether the loop consults a context's budget: a
// context's Err, Done or Deadline written in its condition or body (a
// select case or a closure included), a deadline or done channel read
// before the loop and used in it, or a helper given the context, which
// returns on cancellation. A retried call that checks the context inside
// its own function does not count: its failure is what the loop retries.
func (c *checker) budgeted(loop *retryloop.Loop) bool {
	retried := map[*ast.CallExpr]bool{}
	for _, call := range loop.Retried {
		retried[call] = true
	}
	budgetVars := c.budgetVars()
	info := c.Pass.TypesInfo
	var checks []ast.Node
	ctxflow.InspectSync(loop.Node, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.Ident:
			if v, ok := info.Uses[n].(*types.Var); ok && budgetVars[v] {
				checks = append(checks, n)
			}
		case *ast.SelectStmt:
			if c.stopCase(n) {
				checks = append(checks, n)
			}
		case *ast.CallExpr:
			switch {
			case c.isContextCheck(n):
				checks = append(checks, n)
			case retried[n]:
			case c.waitsOnContext(n):
				checks = append(checks, n)
			}
		}
		return true
	})
	if len(checks) == 0 {
		return false
	}
	// A check counts only where the retry path reaches it: a continue on
	// an error before every check skips them all. In a loop without a
	// wait whose attempts take the context, that path is the one a
	// cancelled attempt's error takes: an immediate retry of another error
	// (errors.Is(err, errStale)) fails fast once the caller has gone and
	// comes round to the check.
	skip := c.retryContinue(loop)
	if skip.IsValid() && loop.Wait == nil && c.passesContext(loop) {
		skip = loop.CancelAgain
	}
	evaluated := selectStarts(loop.Node)
	for _, n := range checks {
		at := n.Pos()
		if start, ok := evaluated[n]; ok {
			at = start
		}
		if !skip.IsValid() || at < skip || !inBody(loop.Node, n) {
			return true
		}
	}
	return false
}

// stopCase reports whether sel has a case on a stop signal of the code's
// own (a chan struct{} its owner closes) that leaves the loop: case
// <-c.stopCh: return. The loop ends when its owner stops it, as it would
// on the context's Done. (An unlabelled break there leaves only the
// select.)
func (c *checker) stopCase(sel *ast.SelectStmt) bool {
	outOfLoop := func(b *ast.BranchStmt) bool {
		return b.Tok == token.GOTO || b.Tok == token.BREAK && b.Label != nil
	}
	for _, stmt := range sel.Body.List {
		cc, ok := stmt.(*ast.CommClause)
		if !ok || cc.Comm == nil {
			continue
		}
		if ch := ctxflow.Received(cc.Comm); ch != nil && ctxapi.IsSignal(c.Pass.TypesInfo.TypeOf(ch)) && c.In.Exits().Ends(cc.Body, outOfLoop) {
			return true
		}
	}
	return false
}

// selectStarts maps the calls in the cases of the loop's select
// statements (case <-ctx.Done():) to where their select starts: they are
// evaluated there, before any case body, so a continue in one of those
// bodies comes back to them.
func selectStarts(loop ast.Node) map[ast.Node]token.Pos {
	starts := map[ast.Node]token.Pos{}
	ast.Inspect(loop, func(n ast.Node) bool {
		sel, ok := n.(*ast.SelectStmt)
		if !ok {
			return true
		}
		for _, cc := range sel.Body.List {
			if comm := cc.(*ast.CommClause).Comm; comm != nil {
				ast.Inspect(comm, func(m ast.Node) bool {
					if _, ok := m.(*ast.CallExpr); ok {
						starts[m] = sel.Pos()
					}
					return true
				})
			}
		}
		return true
	})
	return starts
}

// retryContinue returns the position of the first continue of the loop
// that a retried call's error leads to (if err != nil { continue }, if
// errors.Is(err, errBusy) { continue }), NoPos if none.
func (c *checker) retryContinue(loop *retryloop.Loop) token.Pos {
	info := c.Pass.TypesInfo
	body := loopBody(loop.Node)
	if body == nil {
		return token.NoPos
	}
	// The errors of the retried calls.
	retried := map[*ast.CallExpr]bool{}
	for _, call := range loop.Retried {
		retried[call] = true
	}
	errs := map[*types.Var]bool{}
	ast.Inspect(body, func(n ast.Node) bool {
		if as, ok := n.(*ast.AssignStmt); ok && len(as.Rhs) == 1 {
			if call, ok := ast.Unparen(as.Rhs[0]).(*ast.CallExpr); ok && retried[call] {
				for _, l := range as.Lhs {
					if id, ok := ast.Unparen(l).(*ast.Ident); ok {
						if v, ok := objOf(info, id).(*types.Var); ok && ctxflow.IsError(v.Type()) {
							errs[v] = true
						}
					}
				}
			}
		}
		return true
	})
	pos := token.NoPos
	ast.Inspect(body, func(n ast.Node) bool {
		if pos.IsValid() {
			return false
		}
		switch n := n.(type) {
		case *ast.FuncLit, *ast.ForStmt, *ast.RangeStmt:
			return false // their continues are their own
		case *ast.IfStmt:
			if ctxflow.Mentions(info, n.Cond, errs) && continues(n.Body) {
				pos = n.Body.List[len(n.Body.List)-1].Pos()
			}
		}
		return true
	})
	return pos
}

// loopBody returns the body of a for or range statement, through a label.
func loopBody(n ast.Node) *ast.BlockStmt {
	if l, ok := n.(*ast.LabeledStmt); ok {
		n = l.Stmt
	}
	switch n := n.(type) {
	case *ast.ForStmt:
		return n.Body
	case *ast.RangeStmt:
		return n.Body
	}
	return nil
}

// inBody reports whether n lies in the loop's body, not in its condition
// or post statement, which every iteration reaches.
func inBody(loop, n ast.Node) bool {
	body := loopBody(loop)
	return body != nil && body.Pos() <= n.Pos() && n.End() <= body.End()
}

// continues reports whether the block ends in an unlabelled continue.
func continues(b *ast.BlockStmt) bool {
	if len(b.List) == 0 {
		return false
	}
	br, ok := b.List[len(b.List)-1].(*ast.BranchStmt)
	return ok && br.Tok == token.CONTINUE && br.Label == nil
}

// checksContext reports whether n reads a context's Err, Done or Deadline,
// or context.Cause, outside go statements.
func (c *checker) checksContext(n ast.Node) bool {
	found := false
	ctxflow.InspectSync(n, func(n ast.Node) bool {
		if call, ok := n.(*ast.CallExpr); ok && c.isContextCheck(call) {
			found = true
		}
		return !found
	})
	return found
}

// bodyChecksContext is checksContext for a function's body, remembered:
// the same helper is called from many loops. A helper's wait given a
// context counts too (if err := gax.Sleep(ctx, d); err != nil { return
// err }): it returns when the context is done.
func (c *checker) bodyChecksContext(body *ast.BlockStmt) bool {
	if v, ok := c.bodyChecks[body]; ok {
		return v
	}
	if c.bodyChecks == nil {
		c.bodyChecks = map[*ast.BlockStmt]bool{}
	}
	c.bodyChecks[body] = false // a recursive helper decides by the rest of its body
	v := c.checksContext(body)
	if !v {
		ctxflow.InspectSync(body, func(n ast.Node) bool {
			if call, ok := n.(*ast.CallExpr); ok && !v && c.waitsOnContext(call) {
				v = true
			}
			return !v
		})
	}
	c.bodyChecks[body] = v
	return v
}

// isContextCheck reports whether call is x.Err(), x.Done() or
// x.Deadline() on a context, or context.Cause(x).
func (c *checker) isContextCheck(call *ast.CallExpr) bool {
	info := c.Pass.TypesInfo
	if ctxapi.IsCallTo(info, call, "context", "Cause") {
		return true
	}
	sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr)
	if !ok {
		return false
	}
	switch sel.Sel.Name {
	case "Err", "Done", "Deadline":
	default:
		return false
	}
	if fn, ok := info.Uses[sel.Sel].(*types.Func); ok && fn.Pkg() != nil && fn.Pkg().Path() == "context" {
		return true
	}
	return ctxapi.IsContext(info.TypeOf(sel.X), c.Iface)
}

// budgetVars finds variables that hold a context's done channel or
// deadline (done := ctx.Done(); deadline, ok := ctx.Deadline()). They are
// found once per function body, not once per loop: a long function with
// many loops would otherwise cost its length times its loops.
func (c *checker) budgetVars() map[*types.Var]bool {
	if vars, ok := c.budgetVarsOf[c.body]; ok {
		return vars
	}
	info := c.Pass.TypesInfo
	vars := map[*types.Var]bool{}
	if c.budgetVarsOf == nil {
		c.budgetVarsOf = map[*ast.BlockStmt]map[*types.Var]bool{}
	}
	c.budgetVarsOf[c.body] = vars
	if c.body == nil {
		return vars
	}
	ast.Inspect(c.body, func(n ast.Node) bool {
		as, ok := n.(*ast.AssignStmt)
		if !ok || len(as.Rhs) != 1 {
			return true
		}
		call, ok := ast.Unparen(as.Rhs[0]).(*ast.CallExpr)
		if !ok || !c.isContextCheck(call) {
			return true
		}
		if sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr); ok && sel.Sel.Name == "Err" {
			return true // a snapshot of Err() before the loop does not bound it
		}
		if id, ok := ast.Unparen(as.Lhs[0]).(*ast.Ident); ok {
			if v, ok := objOf(info, id).(*types.Var); ok {
				vars[v] = true
			}
		}
		return true
	})
	return vars
}

// waitsOnContext reports whether call is a wait helper given a context,
// which returns when it is done: a function of the module that checks the
// context it is given (ctxuse's facts), a same-package function that reads
// it, golang.org/x/time/rate and x/sync/semaphore, a closure that checks
// the context (it needs no argument: it captures it), or, where the code is
// unknown (another module, a function value), one whose name says it
// waits or gates (knowledge's name rule).
func (c *checker) waitsOnContext(call *ast.CallExpr) bool {
	info := c.Pass.TypesInfo
	if body := c.closureBody(call); body != nil {
		return c.bodyChecksContext(body)
	}
	if c.checksOwnCarrier(call) || c.backoffStops(call) {
		return true
	}
	if !c.givenContext(call) {
		return false
	}
	if c.Uses.IsCheck(call) {
		return true
	}
	fn := ctxapi.Callee(info, call)
	if fn == nil || fn.Pkg() == nil {
		return retryloop.IsWait(info, call) || knowledge.IsGateName(ctxapi.Name(call.Fun))
	}
	switch fn.Pkg().Path() {
	case "golang.org/x/time/rate", "golang.org/x/sync/semaphore":
		return true
	}
	if fn.Pkg() == c.Pass.Pkg {
		if decl := c.decl(fn.Origin()); decl != nil && decl.Body != nil {
			return c.bodyChecksContext(decl.Body)
		}
	}
	return retryloop.IsWait(info, call) || knowledge.IsGateName(fn.Name())
}

// checksOwnCarrier reports whether call is b.Ongoing() or b.Wait() on a
// local b built by a call given the caller's context (b :=
// backoff.New(ctx, cfg), _, p := newPoller(ctx, d)), where the method
// reads the cancellation of the context b holds (ctxuse's facts): the loop
// consults the caller's context through b.
func (c *checker) checksOwnCarrier(call *ast.CallExpr) bool {
	sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr)
	if !ok {
		return false
	}
	id, ok := ast.Unparen(sel.X).(*ast.Ident)
	if !ok {
		return false
	}
	v, ok := c.Pass.TypesInfo.Uses[id].(*types.Var)
	if !ok || !c.Uses.ChecksStored(call) {
		return false
	}
	values := c.assignments(v)
	for _, e := range values {
		built, ok := ast.Unparen(e).(*ast.CallExpr)
		if !ok || !c.givenContext(built) {
			return false
		}
	}
	return len(values) > 0
}

// backoffStops reports whether call is b.NextBackOff() on a cenkalti
// BackOff that carries a context (backoff.WithContext(b, ctx), possibly
// under WithMaxRetries): it returns backoff.Stop once that context is done
// or its deadline is nearer than the next wait, so a loop driven by it
// consults the budget on every pass.
func (c *checker) backoffStops(call *ast.CallExpr) bool {
	sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr)
	if !ok || sel.Sel.Name != "NextBackOff" || len(call.Args) != 0 {
		return false
	}
	fn := ctxapi.Callee(c.Pass.TypesInfo, call)
	return fn != nil && fn.Pkg() != nil && familyOf(fn.Pkg().Path()) == backoff && c.backoffHasContext(sel.X, 3)
}

// givenContext reports whether one of call's arguments is a context that
// is not a fresh root.
func (c *checker) givenContext(call *ast.CallExpr) bool {
	info := c.Pass.TypesInfo
	for _, a := range call.Args {
		if !ctxapi.IsContext(info.TypeOf(a), c.Iface) {
			continue
		}
		if root, ok := ast.Unparen(a).(*ast.CallExpr); ok && ctxapi.IsFreshRoot(info, root) {
			continue
		}
		return true
	}
	return false
}

// detachedOnPurpose reports whether every context the loop hands a call
// is one the function detached from its caller with
// context.WithoutCancel, itself or under a bound of its own
// (WithTimeout(WithoutCancel(ctx), d)): a clean-up or a commit meant to
// finish after the caller has gone, with no caller's budget to consult.
func (c *checker) detachedOnPurpose(loop *retryloop.Loop) bool {
	info := c.Pass.TypesInfo
	some, all := false, true
	ctxflow.InspectSync(loop.Node, func(n ast.Node) bool {
		call, ok := n.(*ast.CallExpr)
		if !ok || !all {
			return all
		}
		for _, a := range call.Args {
			if !ctxapi.IsContext(info.TypeOf(a), c.Iface) {
				continue
			}
			if c.detachedValue(a, map[*types.Var]bool{}) {
				some = true
			} else {
				all = false
			}
		}
		return all
	})
	return some && all
}

// detachedValue reports whether the context e yields comes from
// context.WithoutCancel, directly, through derivations or through local
// variables only ever set to such contexts.
func (c *checker) detachedValue(e ast.Expr, seen map[*types.Var]bool) bool {
	info := c.Pass.TypesInfo
	switch e := ast.Unparen(e).(type) {
	case *ast.CallExpr:
		if ctxapi.IsWithoutCancel(info, e) {
			return true
		}
		return ctxapi.IsDerivation(info, e) && len(e.Args) > 0 && c.detachedValue(e.Args[0], seen)
	case *ast.Ident:
		v := ctxflow.VarOf(info, e)
		if v == nil || seen[v] {
			return false
		}
		seen[v] = true
		values := c.assignments(v)
		return len(values) > 0 && !slices.ContainsFunc(values, func(x ast.Expr) bool { return x == nil || !c.detachedValue(x, seen) })
	}
	return false
}

// closureBody returns the body of the function literal call invokes,
// written in place or bound once to a local variable of the function
// being checked; nil otherwise.
func (c *checker) closureBody(call *ast.CallExpr) *ast.BlockStmt {
	switch f := ast.Unparen(call.Fun).(type) {
	case *ast.FuncLit:
		return f.Body
	case *ast.Ident:
		if v, ok := c.Pass.TypesInfo.Uses[f].(*types.Var); ok {
			if lit := c.closureOf(v); lit != nil {
				return lit.Body
			}
		}
	}
	return nil
}

// closureOf returns the function literal a local variable of the checked
// function is bound to, when it is assigned exactly once.
func (c *checker) closureOf(v *types.Var) *ast.FuncLit {
	values := c.assignments(v)
	if len(values) != 1 || values[0] == nil {
		return nil
	}
	lit, _ := ast.Unparen(values[0]).(*ast.FuncLit)
	return lit
}

// assignments returns the values assigned to a local variable in the
// function being checked (madeBy: a multi-value call for one of its
// results).
func (c *checker) assignments(v *types.Var) []ast.Expr {
	if c.body == nil || !c.owner.Valid() {
		return nil
	}
	var values []ast.Expr
	for _, a := range c.locals.Of(c.owner).Assigns[v] {
		values = append(values, ctxflow.MadeBy(a))
	}
	return values
}

func (c *checker) decl(fn *types.Func) *ast.FuncDecl {
	if c.decls == nil {
		c.decls = map[*types.Func]*ast.FuncDecl{}
		for cur := range c.Insp.Root().Preorder((*ast.FuncDecl)(nil)) {
			d := cur.Node().(*ast.FuncDecl)
			if f, ok := c.Pass.TypesInfo.Defs[d.Name].(*types.Func); ok {
				c.decls[f] = d
			}
		}
	}
	return c.decls[fn]
}

// passesContext reports whether an attempt carries a context: a call in
// the loop is given one (as an argument, through the receiver chain as in
// db.QueryRowContext(ctx, q).Scan(&v), or in a request, which carries its
// context), or the closure the loop retries is. Then an attempt after the
// caller has gone fails fast, whichever call of the attempt it reaches
// first (tx, err := db.BeginTx(ctx, nil) ... tx.Commit()). So does an
// attempt that runs, or hands on, a callback parameter whose callers all
// write one that does (n.waitOnStore(wait), where every call gives wait a
// literal calling db.WaitFor(ctx, rev)).
func (c *checker) passesContext(loop *retryloop.Loop) bool {
	if c.carriesContext(loop.Node) {
		return true
	}
	for _, call := range loop.Retried {
		if body := c.closureBody(call); body != nil && c.carriesContext(body) {
			return true
		}
		if slices.ContainsFunc(append([]ast.Expr{call.Fun}, call.Args...), c.carryingCallback) {
			return true
		}
	}
	return false
}

// carryingCallback reports whether e is a function-valued parameter given,
// at every call of its function, a literal that passes a context on.
func (c *checker) carryingCallback(e ast.Expr) bool {
	v := ctxflow.VarOf(c.Pass.TypesInfo, e)
	if v == nil {
		return false
	}
	lits := c.Uses.CallbackLiterals(v)
	return len(lits) > 0 && !slices.ContainsFunc(lits, func(lit *ast.FuncLit) bool { return !c.carriesContext(lit.Body) })
}

// carriesContext reports whether n gives a context value (not a fresh
// root), an *http.Request or a gRPC server stream, which carry one, to a
// call, other than a logging call (log/slog's Context forms carry values,
// not cancellation).
func (c *checker) carriesContext(n ast.Node) bool {
	info := c.Pass.TypesInfo
	found := false
	ctxflow.InspectSync(n, func(n ast.Node) bool {
		if found {
			return false
		}
		call, ok := n.(*ast.CallExpr)
		if !ok {
			return true
		}
		if ctxapi.IsFreshRoot(info, call) {
			return false
		}
		if fn := ctxapi.Callee(info, call); fn != nil && fn.Pkg() != nil && (fn.Pkg().Path() == "log/slog" || fn.Pkg().Path() == "log") {
			return false
		}
		for _, a := range append([]ast.Expr{call.Fun}, call.Args...) {
			t := info.TypeOf(a)
			if sel, ok := a.(*ast.SelectorExpr); ok && a == call.Fun {
				t = info.TypeOf(sel.X) // the receiver
			}
			if t == nil {
				continue
			}
			if root, ok := ast.Unparen(a).(*ast.CallExpr); ok && ctxapi.IsFreshRoot(info, root) {
				continue
			}
			if ctxapi.IsContext(t, c.Iface) || ctxapi.IsHTTPRequest(t) || ctxapi.IsRPCStream(t) {
				found = true
			}
		}
		return !found
	})
	return found
}

func objOf(info *types.Info, id *ast.Ident) types.Object {
	if obj := info.Defs[id]; obj != nil {
		return obj
	}
	return info.Uses[id]
}
