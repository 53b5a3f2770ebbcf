package dropcancel

// The second rule: a context kept in a struct field or a package variable
// passed, derived from or assigned where the caller's context exists.

import (
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"slices"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ast/edge"
	"golang.org/x/tools/go/ast/inspector"

	"github.com/budgetlint/budgetlint/internal/ctxapi"
	"github.com/budgetlint/budgetlint/internal/ctxflow"
	"github.com/budgetlint/budgetlint/internal/knowledge"
	"github.com/budgetlint/budgetlint/passes/inbound"
)

// checkStoredArgs reports a stored context passed as a context argument
// of the call to fn (nil when unknown) where the caller's context exists.
// A function that leaves its context parameter unnamed (func (p *planner)
// Plan(_ context.Context, ...)) discarded the caller's context and uses
// its own on purpose.
func (c *checker) checkStoredArgs(cur inspector.Cursor, call *ast.CallExpr, fn *types.Func) {
	info := c.Pass.TypesInfo
	for i, arg := range call.Args {
		if !c.isStored(arg) || !ctxapi.TakesContext(signature(info, call), i) {
			continue
		}
		src := c.inboundAt(cur)
		if src == nil || src.Discarded() || c.reachedThrough(cur, arg, src) || c.writtenIn(cur, arg) || c.passesInbound(cur, call, src) ||
			c.derivedHere(cur, arg, src) || !c.Uses.Observes(call, i) || ctxflow.BuildsKept(info, cur) || c.setByCaller(arg) || c.inMessage(arg) ||
			c.daemon(cur, fn) || c.registeredWith(cur, arg, src) || c.Uses.Keeps(call, i) {
			continue
		}
		derives := i == 0 && fn != nil && ctxapi.IsDerivation(info, call)
		if derives && ctxflow.Lifetime(info, cur.ChildAt(edge.CallExpr_Args, i)) {
			// A child of the stored lifetime kept by what this builds (a
			// lease with its own cancel): the new component's lifetime.
			continue
		}
		c.reportStored(arg, src, derives)
	}
}

// checkAssign reports a stored context copied into the inbound context's
// variable, or into a local variable that is then passed as a context.
func (c *checker) checkAssign(cur inspector.Cursor, rhs []ast.Expr) {
	for _, r := range rhs {
		if !c.isStored(r) {
			continue
		}
		v, _ := ctxflow.AssignedVar(c.Pass.TypesInfo, cur, ast.Unparen(r))
		if v == nil {
			continue
		}
		src := c.inboundAt(cur)
		if src == nil || src.Discarded() || c.reachedThrough(cur, r, src) || c.writtenIn(cur, r) || c.derivedHere(cur, r, src) || c.setByCaller(r) || c.inMessage(r) ||
			ctxflow.IsNilGuard(c.Pass.TypesInfo, cur) {
			continue
		}
		if v == src.Param && src.Kind == inbound.Param {
			c.reportOverwrite(r, src)
		} else if c.passedAsContext(cur, v) {
			c.reportStored(r, src, false)
		}
	}
}

// isStored reports whether e is a context kept beyond a call: a struct
// field or a package-level variable.
func (c *checker) isStored(e ast.Expr) bool {
	info := c.Pass.TypesInfo
	return ctxapi.IsKept(info, e) && ctxapi.IsContext(info.TypeOf(e), c.Iface) && !c.receiverOwn(e)
}

// receiverOwn reports whether e is the context of a method's receiver
// that is itself a context: one its type embeds (ch.Context where type
// catalogHandler struct{ *Context } and Context embeds context.Context),
// or a field of a type that implements context.Context on its own (a
// workflow context whose Done and Err forward to c.ctx). Such a type is a
// request-scoped wrapper, and its context is the receiver itself, not one
// kept from elsewhere.
func (c *checker) receiverOwn(e ast.Expr) bool {
	sel, ok := ast.Unparen(e).(*ast.SelectorExpr)
	if !ok {
		return false
	}
	recv := ctxflow.VarOf(c.Pass.TypesInfo, sel.X)
	field := c.Pass.TypesInfo.Selections[sel]
	if recv == nil || recv.Kind() != types.RecvVar || field == nil || field.Kind() != types.FieldVal || len(field.Index()) != 1 {
		return false
	}
	if field.Obj().(*types.Var).Embedded() {
		return true
	}
	t := recv.Type()
	if _, ok := t.Underlying().(*types.Pointer); !ok {
		t = types.NewPointer(t) // a value receiver's type; its pointer has every method
	}
	return c.Iface != nil && types.Implements(t, c.Iface)
}

// passesInbound reports whether the call is given the inbound context, or
// one derived from it, as well: a stored context beside it (queryDC(ctx,
// tx.ctx, ...), which watches both; Merge(ss.Context(), s.baseCtx), a
// context cancelled by either; NewTransport(connectCtx, cc.ctx), the
// lifetime of what it builds; onQuery(&ctx, stmt.ctx), a trace hook given
// both) is not passed instead of it. Nor is one beside the cancel of a
// context derived from the inbound one (ctx, cancel := WithCancel(ctx);
// cancelIfDone(cancel, c.doneCtx)): the stored context can only end the
// caller's work early, merged into it.
func (c *checker) passesInbound(cur inspector.Cursor, call *ast.CallExpr, src *inbound.Source) bool {
	info := c.Pass.TypesInfo
	derived := c.Uses.Derived(src.Param)
	if slices.ContainsFunc(call.Args, func(arg ast.Expr) bool { return c.cancelOf(cur, arg, derived) }) {
		return true
	}
	for _, arg := range call.Args {
		arg = ast.Unparen(arg)
		if addr, ok := arg.(*ast.UnaryExpr); ok && addr.Op == token.AND {
			arg = ast.Unparen(addr.X) // &ctx: the callee may even replace it
		}
		switch a := arg.(type) {
		case *ast.Ident:
			if v, ok := info.Uses[a].(*types.Var); ok && derived[v] {
				return true
			}
		case *ast.CallExpr:
			// ic.Merge(ss.Context(), s.baseCtx): the accessor of the
			// inbound value itself.
			if sel, ok := ast.Unparen(a.Fun).(*ast.SelectorExpr); ok && len(a.Args) == 0 && ctxapi.IsContext(info.TypeOf(a), c.Iface) {
				if id, ok := ast.Unparen(sel.X).(*ast.Ident); ok && info.Uses[id] == src.Param {
					return true
				}
			}
		}
	}
	return false
}

// cancelOf reports whether e is a local variable set only as the cancel
// function of a context derived from one of the contexts
// (_, cancel := context.WithCancel(ctx)).
func (c *checker) cancelOf(cur inspector.Cursor, e ast.Expr, contexts map[*types.Var]bool) bool {
	info := c.Pass.TypesInfo
	v := ctxflow.VarOf(info, e)
	fn, ok := ctxflow.EnclosingFunc(cur)
	if v == nil || v.Kind() != types.LocalVar || !ok {
		return false
	}
	if _, ok := v.Type().Underlying().(*types.Signature); !ok {
		return false
	}
	assigns := c.locals.Of(fn).Assigns[v]
	return len(assigns) > 0 && !slices.ContainsFunc(assigns, func(a ctxflow.Assignment) bool {
		as, ok := a.Stmt.Node().(*ast.AssignStmt)
		if !ok || len(as.Lhs) != 2 || len(as.Rhs) != 1 || ctxflow.VarOf(info, as.Lhs[1]) != v {
			return true
		}
		derive, ok := ast.Unparen(as.Rhs[0]).(*ast.CallExpr)
		return !ok || !ctxapi.IsDerivation(info, derive) || len(derive.Args) == 0 || !contexts[ctxflow.VarOf(info, derive.Args[0])]
	})
}

// derivedHere reports whether the stored context e hangs off a local
// variable that this function set, directly or through other locals, from
// something given the inbound context (info := Info{Context: ctx}; cfg :=
// selectConfig(info); ctx = cfg.Context): what it holds is the caller's
// context, handed back.
//
// A local container filled here counts too (contexts[name] =
// ctxAndCancel{child, cancel} with child derived from ctx; then
// contexts[name].ctx is one of the caller's children).
func (c *checker) derivedHere(cur inspector.Cursor, e ast.Expr, src *inbound.Source) bool {
	info := c.Pass.TypesInfo
	v := ctxflow.RootVar(info, e)
	if v == nil || v.IsField() {
		return false
	}
	fn := enclosingFunc(cur)
	given := c.Uses.Derived(src.Param) // and, below, the locals set from them
	mentions := func(e ast.Expr) bool { return ctxflow.Mentions(info, e, given) }
	for changed := true; changed && !given[v]; {
		changed = false
		for as := range fn.Preorder((*ast.AssignStmt)(nil)) {
			stmt := as.Node().(*ast.AssignStmt)
			if !slices.ContainsFunc(stmt.Rhs, mentions) {
				continue
			}
			for _, l := range stmt.Lhs {
				var w *types.Var
				switch l := ast.Unparen(l).(type) {
				case *ast.Ident:
					w, _ = info.Defs[l].(*types.Var)
				case *ast.IndexExpr: // an element of a local map or slice
					if w = ctxflow.RootVar(info, l); w != nil && !declaredIn(fn, w) {
						w = nil
					}
				}
				if w != nil && !given[w] {
					given[w] = true
					changed = true
				}
			}
		}
	}
	return given[v]
}

// declaredIn reports whether v is declared inside the function at fn's
// body: a local, not a parameter, receiver or package variable.
func declaredIn(fn inspector.Cursor, v *types.Var) bool {
	_, body := ctxflow.FuncParts(fn.Node())
	return body != nil && body.Pos() <= v.Pos() && v.Pos() < body.End()
}

// reachedThrough reports whether the stored context hangs off the inbound
// value itself (req.Ctx where req brings the context), or off a view of it
// as a concrete type: code that walks a context's parents (switch c :=
// ctx.(type) { case *myCtx: ctx = c.parent }) reads the inbound context's
// own chain.
func (c *checker) reachedThrough(cur inspector.Cursor, e ast.Expr, src *inbound.Source) bool {
	for {
		switch x := ast.Unparen(e).(type) {
		case *ast.SelectorExpr:
			e = x.X
		case *ast.StarExpr:
			e = x.X
		case *ast.Ident:
			obj := c.Pass.TypesInfo.Uses[x]
			return obj == src.Param || c.isViewOf(cur, obj, src.Param)
		default:
			return false
		}
	}
}

// isViewOf reports whether obj, a variable of the function around cur, is
// param seen through a type assertion (v, ok := param.(T)) or a type
// switch (switch v := param.(type)), whose case variables are declared at
// the switch's v.
func (c *checker) isViewOf(cur inspector.Cursor, obj types.Object, param *types.Var) bool {
	if obj == nil || param == nil {
		return false
	}
	info := c.Pass.TypesInfo
	for n := range enclosingFunc(cur).Preorder((*ast.AssignStmt)(nil)) {
		as := n.Node().(*ast.AssignStmt)
		if as.Tok != token.DEFINE || len(as.Rhs) != 1 || len(as.Lhs) == 0 || as.Lhs[0].Pos() != obj.Pos() {
			continue
		}
		assert, ok := ast.Unparen(as.Rhs[0]).(*ast.TypeAssertExpr)
		if !ok {
			return false
		}
		x, ok := ast.Unparen(assert.X).(*ast.Ident)
		return ok && info.Uses[x] == param
	}
	return false
}

// writtenIn reports whether the function that owns cur stores the context
// itself (s.ctx, s.cancel = context.WithCancel(ctx); &T{ctx: ctx}): it
// then sets up a lifetime of its own on purpose.
func (c *checker) writtenIn(cur inspector.Cursor, e ast.Expr) bool {
	info := c.Pass.TypesInfo
	var obj types.Object
	switch e := ast.Unparen(e).(type) {
	case *ast.SelectorExpr:
		obj = info.Uses[e.Sel]
	case *ast.Ident:
		obj = info.Uses[e]
	}
	if obj == nil {
		return false
	}
	owner := cur
	for fn := range cur.Enclosing((*ast.FuncDecl)(nil), (*ast.FuncLit)(nil)) {
		owner = fn
	}
	writes := func(lhs ast.Expr) bool {
		switch l := ast.Unparen(lhs).(type) {
		case *ast.SelectorExpr:
			return info.Uses[l.Sel] == obj
		case *ast.Ident:
			return info.Uses[l] == obj
		}
		return false
	}
	for n := range owner.Preorder((*ast.AssignStmt)(nil), (*ast.KeyValueExpr)(nil)) {
		switch n := n.Node().(type) {
		case *ast.AssignStmt:
			for _, l := range n.Lhs {
				if writes(l) {
					return true
				}
			}
		case *ast.KeyValueExpr:
			if id, ok := n.Key.(*ast.Ident); ok && info.Uses[id] == obj {
				return true
			}
		}
	}
	return false
}

// inMessage reports whether the stored context e is a field of a struct
// the function was handed by value (params.ctx, hookCtx.Context): a copy
// made for this call, a message in which the caller sends its own context
// down, not state that outlives it.
func (c *checker) inMessage(e ast.Expr) bool {
	sel, ok := ast.Unparen(e).(*ast.SelectorExpr)
	if !ok {
		return false
	}
	v := ctxflow.VarOf(c.Pass.TypesInfo, sel.X)
	if v == nil || v.Kind() != types.ParamVar {
		return false
	}
	_, isStruct := v.Type().Underlying().(*types.Struct)
	field := c.Pass.TypesInfo.Selections[sel]
	return isStruct && field != nil && len(field.Index()) == 1 // not promoted through an embedded pointer
}

// setByCaller reports whether the stored context e is a field that only
// context setters write (func (c *API) WithContext(ctx) *API { c.ctx = ctx;
// return c }, SetContext), or only a request's own context (state :=
// syncState{ctx: req.Context()}): a per-call context the caller hands in
// with a builder, as generated API clients and request builders take it,
// or a handler keeps in its per-request state, not a lifetime kept beyond
// the caller.
func (c *checker) setByCaller(e ast.Expr) bool {
	sel, ok := ast.Unparen(e).(*ast.SelectorExpr)
	if !ok {
		return false
	}
	field, ok := c.Pass.TypesInfo.Uses[sel.Sel].(*types.Var)
	if !ok || !field.IsField() {
		return false
	}
	if is, ok := c.setters[field]; ok {
		return is
	}
	info := c.Pass.TypesInfo
	writes, bySetter := 0, 0
	for n := range c.Insp.Root().Preorder((*ast.AssignStmt)(nil), (*ast.KeyValueExpr)(nil)) {
		var value ast.Expr
		switch n := n.Node().(type) {
		case *ast.AssignStmt:
			for i, l := range n.Lhs {
				if ls, ok := ast.Unparen(l).(*ast.SelectorExpr); ok && info.Uses[ls.Sel] == field && len(n.Lhs) == len(n.Rhs) {
					value = n.Rhs[i]
				}
			}
		case *ast.KeyValueExpr:
			if id, ok := n.Key.(*ast.Ident); ok && info.Uses[id] == field {
				value = n.Value
			}
		}
		if value == nil {
			continue
		}
		writes++
		if ctxapi.IsRequestContext(info, value) {
			bySetter++
			continue
		}
		for fn := range n.Enclosing((*ast.FuncDecl)(nil)) {
			decl := fn.Node().(*ast.FuncDecl)
			setter, ok := info.Defs[decl.Name].(*types.Func)
			if ok && knowledge.IsContextSetterName(setter.Name()) && ctxapi.ParamIndex(info, setter.Type().(*types.Signature).Params(), value) >= 0 {
				bySetter++
			}
		}
	}
	is := writes > 0 && writes == bySetter
	c.setters[field] = is
	return is
}

// passedAsContext reports whether the function around cur passes v to a
// context parameter of its own work. A derivation of v is followed to the
// local that holds it; work launched in a go statement the function does
// not wait for is detached (go c.completeOffer(p, offerCtx), a shared dial
// on the client's lifetime while the caller waits on its own ctx), and
// the component's lifetime is the context it should run on.
func (c *checker) passedAsContext(cur inspector.Cursor, v *types.Var) bool {
	fn := enclosingFunc(cur)
	waits := ctxflow.Waits(c.Pass.TypesInfo, fn)
	return c.passesToWork(fn, v, waits, map[*types.Var]bool{v: true})
}

func (c *checker) passesToWork(fn inspector.Cursor, v *types.Var, waits bool, seen map[*types.Var]bool) bool {
	info := c.Pass.TypesInfo
	for cc := range fn.Preorder((*ast.CallExpr)(nil)) {
		call := cc.Node().(*ast.CallExpr)
		if ctxapi.IsWithoutCancel(info, call) {
			continue
		}
		for i, arg := range call.Args {
			if !usesVar(info, arg, v) || !ctxapi.TakesContext(signature(info, call), i) {
				continue
			}
			if i == 0 && ctxapi.IsDerivation(info, call) {
				parent, _ := ctxflow.Unparen(cc)
				if w, _ := ctxflow.AssignedVar(info, parent, call); w != nil && w.Kind() == types.LocalVar {
					if !seen[w] {
						seen[w] = true
						if c.passesToWork(fn, w, waits, seen) {
							return true
						}
					}
					continue
				}
			}
			if !waits && ctxflow.InGoWithin(fn, cc) {
				continue
			}
			return true
		}
	}
	return false
}

func (c *checker) reportStored(e ast.Expr, src *inbound.Source, derives bool) {
	name := types.ExprString(e)
	var msg string
	switch {
	case src.Expr == "" && derives:
		msg = fmt.Sprintf("deriving from the stored context %s ignores the caller's cancellation; name the caller's context parameter and derive from it", name)
	case src.Expr == "":
		msg = fmt.Sprintf("passing the stored context %s ignores the caller's cancellation; name the caller's context parameter and pass it", name)
	case derives:
		msg = fmt.Sprintf("deriving from the stored context %s ignores the cancellation of %s; derive from %s", name, src.Expr, src.Expr)
	default:
		msg = fmt.Sprintf("passing the stored context %s ignores the cancellation of %s; pass %s", name, src.Expr, src.Expr)
	}
	c.reportReplace(e, msg, src)
}

func (c *checker) reportOverwrite(e ast.Expr, src *inbound.Source) {
	name := src.Param.Name()
	msg := fmt.Sprintf("assigning the stored context %s to %s drops the caller's cancellation; keep %s", types.ExprString(e), name, name)
	c.Rep.Report(analysis.Diagnostic{Pos: e.Pos(), End: e.End(), Message: msg})
}

// reportReplace reports e and offers to replace it with the inbound context.
func (c *checker) reportReplace(e ast.Expr, msg string, src *inbound.Source) {
	d := analysis.Diagnostic{Pos: e.Pos(), End: e.End(), Message: msg}
	if ctx, ok := src.ExprAt(c.Pass.Pkg, e.Pos()); ok {
		d.SuggestedFixes = []analysis.SuggestedFix{{
			Message:   fmt.Sprintf("Replace %s with %s", types.ExprString(e), ctx),
			TextEdits: []analysis.TextEdit{{Pos: e.Pos(), End: e.End(), NewText: []byte(ctx)}},
		}}
	}
	c.Rep.Report(d)
}

// registration names a method and the stored context field it may be
// handed back (see registeredWith).
type registration struct {
	method *types.Func
	field  *types.Var
}

// registeredWith reports whether the stored context e, a field of the
// method's own receiver (s.ctx), is the very context the method receives
// as src: the method is an unexported callback only ever handed, as a
// method value of a receiver, to calls that run it with that receiver's
// same field, unchanged (jetstream.Consumer(s.ctx, ..., s.onMessage),
// whose fact says it calls onMessage(ctx, msgs) with its own ctx), or
// called directly with that same field (w.getUploadURL(w.ctx), or ctx :=
// p.ctx; p.save(ctx)). The parameter and the field are one value: passing
// either loses nothing.
func (c *checker) registeredWith(cur inspector.Cursor, e ast.Expr, src *inbound.Source) bool {
	info := c.Pass.TypesInfo
	sel, ok := ast.Unparen(e).(*ast.SelectorExpr)
	if !ok || src.Param == nil {
		return false
	}
	field, ok := info.Uses[sel.Sel].(*types.Var)
	recv := ctxflow.VarOf(info, sel.X)
	if !ok || !field.IsField() || recv == nil || recv.Kind() != types.RecvVar {
		return false
	}
	var method *types.Func
	for fc := range cur.Enclosing((*ast.FuncDecl)(nil)) {
		method, _ = info.Defs[fc.Node().(*ast.FuncDecl).Name].(*types.Func)
	}
	if method == nil || method.Exported() {
		return false // another package may call it with any context
	}
	sig := method.Type().(*types.Signature)
	if sig.Recv() != recv {
		return false
	}
	k := -1
	for i := range sig.Params().Len() {
		if sig.Params().At(i) == src.Param {
			k = i
		}
	}
	if k < 0 {
		return false
	}
	key := registration{method, field}
	if is, ok := c.registrations[key]; ok {
		return is
	}
	is := false
	for ref := range c.Insp.Root().Preorder((*ast.SelectorExpr)(nil)) {
		s := ref.Node().(*ast.SelectorExpr)
		if info.Uses[s.Sel] != method {
			continue
		}
		if !c.handsBack(ref, s, field, k) {
			is = false
			break
		}
		is = true
	}
	c.registrations[key] = is
	return is
}

// handsBack reports whether the method x.M at ref gets x's field as its
// k-th argument: called with it, or handed as a method value to a call
// that also receives the field and runs the method with it unchanged.
func (c *checker) handsBack(ref inspector.Cursor, m *ast.SelectorExpr, field *types.Var, k int) bool {
	info := c.Pass.TypesInfo
	parent, child := ctxflow.Unparen(ref)
	call, ok := parent.Node().(*ast.CallExpr)
	if !ok {
		return false
	}
	if call.Fun == child {
		// Called directly: with x's same field as its k-th argument
		// (getUploadURL(w.ctx), or ctx := p.ctx; p.save(ctx)).
		return k < len(call.Args) && c.isFieldOf(ref, call.Args[k], m.X, field)
	}
	i := slices.Index(call.Args, ast.Expr(child.(ast.Expr)))
	if i < 0 {
		return false
	}
	for j, arg := range call.Args {
		f, ok := ast.Unparen(arg).(*ast.SelectorExpr)
		if ok && info.Uses[f.Sel] == field && types.ExprString(f.X) == types.ExprString(m.X) && c.Uses.HandsContext(call, i, j, k) {
			return true
		}
	}
	return false
}

// isFieldOf reports whether e, at cur, is x.field: written so, or a local
// variable set only to it (ctx := p.ctx).
func (c *checker) isFieldOf(cur inspector.Cursor, e, x ast.Expr, field *types.Var) bool {
	info := c.Pass.TypesInfo
	if v := ctxflow.VarOf(info, e); v != nil && v.Kind() == types.LocalVar {
		var fn inspector.Cursor
		for fc := range cur.Enclosing((*ast.FuncDecl)(nil)) {
			fn = fc
		}
		if !fn.Valid() {
			return false
		}
		assigns := c.locals.Of(fn).Assigns[v]
		if len(assigns) != 1 || assigns[0].Value == nil {
			return false
		}
		e = assigns[0].Value
	}
	f, ok := ast.Unparen(e).(*ast.SelectorExpr)
	return ok && info.Uses[f.Sel] == field && types.ExprString(f.X) == types.ExprString(x)
}
