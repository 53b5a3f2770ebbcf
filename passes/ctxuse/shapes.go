package ctxuse

import (
	"go/ast"
	"go/token"
	"go/types"
	"slices"
	"strings"

	"golang.org/x/tools/go/ast/inspector"

	"github.com/budgetlint/budgetlint/internal/ctxapi"
	"github.com/budgetlint/budgetlint/internal/ctxflow"
	"github.com/budgetlint/budgetlint/internal/knowledge"
)

// checks reports whether fn, which has results, checks the cancellation of
// its context parameter p and reports it: it returns ctx.Err() (or an
// answer computed from it), or returns from the body of an if on
// ctx.Err() or of a case <-ctx.Done(). Contexts derived from p count as p.
func (r *Result) checks(fn *types.Func, body inspector.Cursor, p *types.Var) bool {
	if fn.Type().(*types.Signature).Results().Len() == 0 {
		return false
	}
	carriers := r.derived(p)
	found := false
	body.Inspect([]ast.Node{(*ast.CallExpr)(nil), (*ast.FuncLit)(nil)}, func(cur inspector.Cursor) bool {
		call, ok := cur.Node().(*ast.CallExpr)
		if !ok || found {
			return false // a closure's returns are not fn's
		}
		if r.isCheckOf(call, carriers) && reported(cur) {
			found = true
		}
		return !found
	})
	return found
}

// checksStored reports whether the method fn reads the cancellation of a
// context held in a field of its receiver (b.ctx.Err(), <-b.ctx.Done()),
// outside goroutines it starts.
func (r *Result) checksStored(fn *types.Func, body inspector.Cursor) bool {
	recv := fn.Type().(*types.Signature).Recv()
	if recv == nil {
		return false
	}
	found := false
	body.Inspect([]ast.Node{(*ast.CallExpr)(nil), (*ast.GoStmt)(nil)}, func(cur inspector.Cursor) bool {
		call, ok := cur.Node().(*ast.CallExpr)
		if !ok || found {
			return false
		}
		for _, name := range []string{"Err", "Done", "Deadline"} {
			if !ctxapi.IsContextMethod(r.info, r.iface, call, name) {
				continue
			}
			// b.ctx.Err(): the context is a field of the receiver.
			if field, ok := ast.Unparen(ast.Unparen(call.Fun).(*ast.SelectorExpr).X).(*ast.SelectorExpr); ok {
				id, _ := ast.Unparen(field.X).(*ast.Ident)
				found = id != nil && r.info.Uses[id] == recv
			}
		}
		return !found
	})
	return found
}

// polls reports whether fn, whose first parameter p is a context, is the
// context form of a plain function X (ctxapi.ContextVariant) and calls X
// in a loop that also reads p, outside any goroutine: the shape of
// "ask X on every tick until it answers or ctx is done".
func (r *Result) polls(fn *types.Func, body inspector.Cursor, p *types.Var) bool {
	if !strings.HasSuffix(fn.Name(), "Context") {
		return false
	}
	found := false
	body.Inspect([]ast.Node{(*ast.ForStmt)(nil), (*ast.RangeStmt)(nil), (*ast.GoStmt)(nil), (*ast.FuncLit)(nil)}, func(cur inspector.Cursor) bool {
		switch cur.Node().(type) {
		case *ast.GoStmt, *ast.FuncLit:
			return false
		}
		callsPlain, readsCtx := false, false
		ast.Inspect(cur.Node(), func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.GoStmt, *ast.FuncLit:
				return false
			case *ast.CallExpr:
				if g := ctxapi.Callee(r.info, n); g != nil && ctxapi.ContextVariant(g) == fn.Origin() {
					callsPlain = true
				}
			case *ast.Ident:
				readsCtx = readsCtx || r.info.Uses[n] == p
			}
			return true
		})
		found = found || callsPlain && readsCtx
		return !found
	})
	return found
}

// derived returns p and the local variables holding contexts derived from
// it (ctx2 := ctx, ctx, cancel := context.WithTimeout(ctx, d)), or, for a
// request, taken from it (ctx := req.Context()).
func (r *Result) derived(p *types.Var) map[*types.Var]bool {
	set := map[*types.Var]bool{p: true}
	queue := []*types.Var{p}
	for len(queue) > 0 {
		v := queue[0]
		queue = queue[1:]
		for _, cur := range r.uses[v] {
			if w := r.heldBy(cur); w != nil && !set[w] {
				set[w] = true
				queue = append(queue, w)
			}
		}
	}
	return set
}

// heldBy returns the local variable that the context read at cur is
// assigned to, itself or through one step that keeps its cancellation: a
// derivation (ctx, cancel := context.WithTimeout(ctx, d)) or, for a
// request, its context (ctx := req.Context()). Nil if none.
func (r *Result) heldBy(cur inspector.Cursor) *types.Var {
	parent, child := ctxflow.Unparen(cur)
	if sel, ok := parent.Node().(*ast.SelectorExpr); ok {
		if call, ok := parent.Parent().Node().(*ast.CallExpr); ok && call.Fun == sel && ctxapi.IsRequestContext(r.info, call) {
			parent, child = ctxflow.Unparen(parent.Parent()) // req.Context()
		}
	}
	if call, ok := parent.Node().(*ast.CallExpr); ok && len(call.Args) > 0 && call.Args[0] == child &&
		ctxapi.IsDerivation(r.info, call) && !ctxapi.IsWithoutCancel(r.info, call) {
		parent, child = ctxflow.Unparen(parent)
	} else if ok {
		if i := slices.Index(call.Args, ast.Expr(child.(ast.Expr))); i >= 0 && r.keepsCancel(call, i) {
			// refreshCtx := metadata.ContextWithMetadata(ctx), g, gctx :=
			// errgroup.WithContext(ctx): the result is ctx's child.
			return r.resultVar(parent)
		}
	}
	w, _ := ctxflow.AssignedVar(r.info, parent, child.(ast.Expr))
	return w
}

// keepsCancel reports whether the context that call returns carries the
// cancellation of its i-th argument: a derivation of another package
// (errgroup.WithContext(ctx), a tracer's WithSpan), a function of a
// values-only package returning a context (tracer.Start), or a function
// whose fact says it returns that parameter with values added
// (metadata.ContextWithMetadata(ctx), tenant.InjectOrgID(ctx, id)).
func (r *Result) keepsCancel(call *ast.CallExpr, i int) bool {
	fn := ctxapi.Callee(r.info, call)
	if fn == nil || fn.Pkg() == nil || ctxapi.ContextResult(r.info.TypeOf(call)) < 0 ||
		!ctxapi.IsContext(r.info.TypeOf(call.Args[i]), r.iface) {
		return false
	}
	if i == 0 && ctxapi.Derives(fn) {
		return true
	}
	switch r.addsValuesTo(call, i) {
	case yes:
		return true
	case unknown:
		return knowledge.IsValueCarrierName(fn.Name()) // user.InjectOrgID of unknown code
	}
	return false
}

// resultVar returns the local variable that the context result of the
// call at cur is assigned to (ctx2 := wrap(ctx); g, gctx := group(ctx)),
// nil if none.
func (r *Result) resultVar(cur inspector.Cursor) *types.Var {
	call := cur.Node().(*ast.CallExpr)
	parent, _ := ctxflow.Unparen(cur)
	as, ok := parent.Node().(*ast.AssignStmt)
	if !ok || len(as.Rhs) != 1 || ast.Unparen(as.Rhs[0]) != call {
		w, _ := ctxflow.AssignedVar(r.info, parent, call)
		return w
	}
	k := 0
	if len(as.Lhs) > 1 {
		k = ctxapi.ContextResult(r.info.TypeOf(call))
	}
	if k < 0 || k >= len(as.Lhs) {
		return nil
	}
	return ctxflow.VarOf(r.info, as.Lhs[k])
}

// isCheckOf reports whether call reads the cancellation of one of the
// carriers: c.Err(), c.Done(), c.Deadline(), context.Cause(c), or a
// checking helper given c.
func (r *Result) isCheckOf(call *ast.CallExpr, carriers map[*types.Var]bool) bool {
	carries := func(e ast.Expr) bool {
		id, ok := ast.Unparen(e).(*ast.Ident)
		if !ok {
			return false
		}
		v, _ := r.info.Uses[id].(*types.Var)
		return v != nil && carriers[v]
	}
	if sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr); ok && carries(sel.X) {
		switch sel.Sel.Name {
		case "Err", "Done", "Deadline":
			return true
		}
	}
	if ctxapi.IsCallTo(r.info, call, "context", "Cause") && len(call.Args) == 1 {
		return carries(call.Args[0])
	}
	f, idx := r.callFact(call)
	if f == nil {
		return false
	}
	for i, arg := range call.Args {
		if carries(arg) && slices.Contains(f.Checks, idx(i)) {
			return true
		}
	}
	return false
}

// reported reports whether the check at cur decides what its function
// returns: it stands in a return statement, or in the condition of an if
// or the communication of a select case whose body returns.
func reported(cur inspector.Cursor) bool {
	for c := cur; ; c = c.Parent() {
		parent := c.Parent()
		switch p := parent.Node().(type) {
		case *ast.ReturnStmt:
			return true
		case *ast.IfStmt:
			if c.Node() == p.Cond || c.Node() == p.Init {
				return returns(p.Body)
			}
			return false
		case *ast.CommClause:
			if c.Node() == p.Comm {
				return slices.ContainsFunc(p.Body, func(s ast.Stmt) bool { return returns(s) })
			}
			return false
		case *ast.FuncDecl, *ast.FuncLit, *ast.BlockStmt, nil:
			return false
		}
	}
}

// returns reports whether n holds a return statement of its own function.
func returns(n ast.Node) bool {
	found := false
	ast.Inspect(n, func(n ast.Node) bool {
		switch n.(type) {
		case *ast.ReturnStmt:
			found = true
		case *ast.FuncLit:
			return false
		}
		return !found
	})
	return found
}

// attaches reports whether the request parameter p is given a context
// (p.WithContext(ctx), p.Clone(ctx)) or handed to a function that gives it
// one.
func (r *Result) attaches(p *types.Var) bool {
	for _, cur := range r.uses[p] {
		parent, child := ctxflow.Unparen(cur)
		switch n := parent.Node().(type) {
		case *ast.SelectorExpr:
			if n.Sel.Name == "WithContext" || n.Sel.Name == "Clone" {
				if call, ok := parent.Parent().Node().(*ast.CallExpr); ok && call.Fun == n {
					return true
				}
			}
		case *ast.CallExpr:
			if i := slices.Index(n.Args, ast.Expr(child.(ast.Expr))); i >= 0 {
				if f, idx := r.callFact(n); f != nil && slices.Contains(f.Attaches, idx(i)) {
					return true
				}
			}
		}
	}
	return false
}

// requestReaders are the methods of *http.Request that only read or fill
// in the request, with no I/O.
var requestReaders = map[string]bool{
	"Context": true, "Cookie": true, "Cookies": true, "CookiesNamed": true, "UserAgent": true, "Referer": true,
	"BasicAuth": true, "SetBasicAuth": true, "AddCookie": true, "ProtoAtLeast": true, "PathValue": true, "SetPathValue": true,
}

// requestInspectors are the standard library's functions that only read
// a request handed to them, in memory: which proxy applies to it, or a
// dump of it (DumpRequestOut writes it to an in-memory connection).
var requestInspectors = map[string]bool{
	"net/http.ProxyFromEnvironment":    true,
	"net/http/httputil.DumpRequest":    true,
	"net/http/httputil.DumpRequestOut": true,
}

// inspectsOnly reports whether the request variable v is only read or
// filled in: its fields (req.Header.Set(...), req.URL), the methods of
// requestReaders, and arguments of callees whose fact says they do the
// same (Fact.Inspects). Anything else, a send, a store, a return, an
// unknown callee, a reassignment, may send it.
func (r *Result) inspectsOnly(v *types.Var) bool {
	if r.written[v] {
		return false
	}
	for _, cur := range r.uses[v] {
		parent, child := ctxflow.Unparen(cur)
		switch n := parent.Node().(type) {
		case *ast.SelectorExpr:
			sel := r.info.Selections[n]
			if sel == nil || sel.Kind() == types.MethodExpr || sel.Kind() == types.MethodVal && !requestReaders[n.Sel.Name] {
				return false
			}
		case *ast.CallExpr:
			i := slices.Index(n.Args, ast.Expr(child.(ast.Expr)))
			if i < 0 {
				return false
			}
			if fn := ctxapi.Callee(r.info, n); fn != nil && requestInspectors[fn.FullName()] {
				continue
			}
			if f, idx := r.callFact(n); f == nil || !slices.Contains(f.Inspects, idx(i)) {
				return false
			}
		default:
			return false
		}
	}
	return true
}

// hijacks reports whether the function whose body is at body takes over
// the connection of its http.ResponseWriter parameter p: it calls Hijack()
// on p (w.(http.Hijacker).Hijack()), on a local set from p (h, ok :=
// w.(http.Hijacker), rc := http.NewResponseController(w)), or hands p to
// a function that hijacks it.
func (r *Result) hijacks(body inspector.Cursor, p *types.Var) bool {
	fromP := map[*types.Var]bool{}
	mentions := func(e ast.Expr) bool {
		found := false
		ast.Inspect(e, func(n ast.Node) bool {
			if id, ok := n.(*ast.Ident); ok {
				v, _ := r.info.Uses[id].(*types.Var)
				found = found || v == p || fromP[v]
			}
			return !found
		})
		return found
	}
	found := false
	body.Inspect([]ast.Node{(*ast.AssignStmt)(nil), (*ast.CallExpr)(nil)}, func(c inspector.Cursor) bool {
		switch n := c.Node().(type) {
		case *ast.AssignStmt:
			if len(n.Rhs) == 1 && mentions(n.Rhs[0]) {
				for _, l := range n.Lhs {
					if id, ok := l.(*ast.Ident); ok {
						if v, ok := r.info.ObjectOf(id).(*types.Var); ok {
							fromP[v] = true
						}
					}
				}
			}
		case *ast.CallExpr:
			if sel, ok := ast.Unparen(n.Fun).(*ast.SelectorExpr); ok && mentions(sel.X) {
				if fn := ctxapi.Callee(r.info, n); fn != nil && ctxapi.IsHijack(fn) {
					found = true // h.Hijack()
				}
			}
			for i, arg := range n.Args {
				if mentions(arg) && r.hijacksArg(n, i) {
					found = true // upgrader.Upgrade(w, r, nil)
				}
			}
		}
		return !found
	})
	return found
}

// launches reports whether the function parameter p is run in a go
// statement of the function at decl (go p(), go func() { p() }()) or
// handed to a function that launches it, and the function does not wait
// for it (a WaitGroup's or errgroup's Wait): work it waits for stays on
// the caller's path.
func (r *Result) launches(decl inspector.Cursor, p *types.Var) bool {
	launched := func(cur inspector.Cursor) bool { return r.inGoroutine(cur, r.launcher) }
	return slices.ContainsFunc(r.uses[p], launched) && !ctxflow.Waits(r.info, decl)
}

// callsAfterDone reports whether every read of the function parameter p,
// never reassigned, calls it once a context is done (in a case
// <-ctx.Done(), under if ctx.Err() != nil) or hands it to a callee that
// does.
func (r *Result) callsAfterDone(p *types.Var) bool {
	if r.written[p] || len(r.uses[p]) == 0 {
		return false
	}
	for _, cur := range r.uses[p] {
		parent, child := ctxflow.Unparen(cur)
		call, ok := parent.Node().(*ast.CallExpr)
		if !ok {
			return false
		}
		if call.Fun == child.(ast.Expr) {
			if !ctxflow.UnderDone(r.info, r.iface, parent) {
				return false
			}
			continue
		}
		if i := slices.Index(call.Args, ast.Expr(child.(ast.Expr))); i < 0 || !r.factHas(call, i, func(f *Fact) []int { return f.AfterDone }) {
			return false
		}
	}
	return true
}

// stores reports whether the function parameter p, never reassigned, is
// only kept for others to call later: every read assigns or appends it to
// a field or package variable, puts it in a struct literal that is kept,
// or hands it to a callee that stores it (SubscribeChanges(fn) keeping fn
// in s.subscribers).
func (r *Result) stores(p *types.Var) bool {
	if r.written[p] || len(r.uses[p]) == 0 {
		return false
	}
	for _, cur := range r.uses[p] {
		if !r.keeps(cur) {
			return false
		}
	}
	return true
}

// wraps reports whether the function parameter p, never reassigned, is
// read only inside closures the function returns, itself or in a struct
// it returns (a predicate constructor's return Funcs{Create: func(e
// Event) bool { return filter(e.Object) }}).
func (r *Result) wraps(p *types.Var) bool {
	if r.written[p] || len(r.uses[p]) == 0 {
		return false
	}
	for _, cur := range r.uses[p] {
		if !returnedClosure(cur) {
			return false
		}
	}
	return true
}

// keeps reports whether the value at cur is kept beyond the function (see
// stores).
func (r *Result) keeps(cur inspector.Cursor) bool {
	parent, child := ctxflow.Unparen(cur)
	switch p := parent.Node().(type) {
	case *ast.AssignStmt:
		i := slices.Index(p.Rhs, ast.Expr(child.(ast.Expr)))
		return i >= 0 && len(p.Lhs) == len(p.Rhs) && ctxapi.IsKept(r.info, p.Lhs[i])
	case *ast.KeyValueExpr, *ast.CompositeLit:
		return ctxflow.KeptValue(r.info, cur)
	case *ast.SendStmt:
		return p.Value == child // s.queue <- fn: queued for whoever receives it
	case *ast.CallExpr:
		i := slices.Index(p.Args, ast.Expr(child.(ast.Expr)))
		if i < 0 {
			return false
		}
		if i > 0 && ctxapi.IsBuiltin(r.info, p, "append") {
			return r.keeps(parent) // s.hooks = append(s.hooks, fn)
		}
		return r.factHas(p, i, func(f *Fact) []int { return f.Stores })
	}
	return false
}

// returnedClosure reports whether cur is inside a function literal that
// its function returns, as a result or as a field of a struct literal
// (or its address) that is a result.
func returnedClosure(cur inspector.Cursor) bool {
	var lit inspector.Cursor
	found := false
	for c := range cur.Enclosing((*ast.FuncLit)(nil), (*ast.FuncDecl)(nil)) {
		if _, ok := c.Node().(*ast.FuncLit); !ok {
			break
		}
		lit, found = c, true // the outermost literal of the declaration
	}
	if !found {
		return false
	}
	for c := lit; ; {
		parent, _ := ctxflow.Unparen(c)
		switch p := parent.Node().(type) {
		case *ast.ReturnStmt:
			return true
		case *ast.KeyValueExpr, *ast.CompositeLit:
			c = parent
			continue
		case *ast.UnaryExpr:
			if p.Op == token.AND {
				c = parent
				continue
			}
		}
		return false
	}
}

// memoises reports whether the function parameter p is run for every
// caller with its result kept: a call of it assigned to a field or package
// variable (pc.query, pc.err = f()), or p handed to a memoiser.
func (r *Result) memoises(p *types.Var) bool {
	for _, cur := range r.uses[p] {
		parent, child := ctxflow.Unparen(cur)
		call, ok := parent.Node().(*ast.CallExpr)
		if !ok {
			continue
		}
		if i := slices.Index(call.Args, ast.Expr(child.(ast.Expr))); i >= 0 && r.memoiser(call, i) {
			return true
		}
		if call.Fun != child {
			continue
		}
		stmt, _ := ctxflow.Unparen(parent)
		as, ok := stmt.Node().(*ast.AssignStmt)
		if ok && len(as.Rhs) == 1 && slices.ContainsFunc(as.Lhs, func(e ast.Expr) bool { return ctxapi.IsKept(r.info, e) }) {
			return true
		}
	}
	return false
}

// watches reports whether the function at decl starts a goroutine that
// waits for the context p to be done and then acts on it (closes a
// connection, cancels a query), without waiting for that goroutine: a
// cancel watcher.
func (r *Result) watches(decl inspector.Cursor, p *types.Var) bool {
	dones := map[*types.Var]bool{}
	for _, u := range r.uses[p] {
		// done := p.Done(): the channel is p's too.
		sel, ok := u.Parent().Node().(*ast.SelectorExpr)
		if !ok || sel.Sel.Name != "Done" {
			continue
		}
		call := u.Parent().Parent()
		if c, ok := call.Node().(*ast.CallExpr); ok && c.Fun == sel {
			if v, _ := ctxflow.AssignedVar(r.info, call.Parent(), c); v != nil {
				dones[v] = true
			}
		}
	}
	contexts := map[*types.Var]bool{p: true}
	for g := range decl.Preorder((*ast.GoStmt)(nil)) {
		if ctxflow.WatchesDone(r.info, g.Node().(*ast.GoStmt), contexts, dones) {
			return !ctxflow.Waits(r.info, decl)
		}
	}
	return false
}

// detaches reports whether the context parameter p is read only by work
// the function at decl starts and does not wait for: inside a go
// statement, or handed to a parameter that detaches it in turn. A cancel
// watcher's goroutine is no detached work: it ends the caller's work when
// the context is done.
func (r *Result) detaches(decl inspector.Cursor, p *types.Var) bool {
	return !ctxflow.Waits(r.info, decl) && !r.watches(decl, p) && r.onlyInGoroutines(p, r.detacher)
}

// keepsContext reports whether the function at decl keeps its context
// parameter p beyond the call, as the lifetime of what it starts: p, a
// context derived from it or the cancel of such a derivation is stored in
// a field or package variable (s.ctx = ctx; rctx, cancel :=
// context.WithCancel(ctx); e.cancelRetry = cancel), or handed to a callee
// that keeps it. A context only put in a value the function returns is
// that value's, and so the caller's, work.
func (r *Result) keepsContext(decl inspector.Cursor, p *types.Var) bool {
	from := map[*types.Var]bool{p: true} // p, and what is derived from it
	var derived func(e ast.Expr) bool
	derived = func(e ast.Expr) bool {
		switch e := ast.Unparen(e).(type) {
		case *ast.Ident:
			v, _ := r.info.Uses[e].(*types.Var)
			return v != nil && from[v]
		case *ast.CallExpr:
			return ctxapi.IsDerivation(r.info, e) && !ctxapi.IsWithoutCancel(r.info, e) && derived(e.Args[0])
		}
		return false
	}
	for c := range decl.Preorder((*ast.AssignStmt)(nil), (*ast.CallExpr)(nil)) {
		switch n := c.Node().(type) {
		case *ast.AssignStmt:
			for j, rhs := range n.Rhs {
				if !derived(rhs) {
					continue
				}
				targets := n.Lhs // ctx, cancel := context.WithCancel(p)
				if len(n.Lhs) == len(n.Rhs) {
					targets = n.Lhs[j : j+1]
				}
				for _, l := range targets {
					if ctxapi.IsKept(r.info, l) {
						return true
					}
					if v := ctxflow.VarOf(r.info, l); v != nil {
						from[v] = true
					}
				}
			}
		case *ast.CallExpr:
			for i, arg := range n.Args {
				if derived(arg) && r.factHas(n, i, func(f *Fact) []int { return f.Keeps }) {
					return true
				}
			}
		}
	}
	return false
}

// addsValues reports whether fn returns its context parameter p with
// values added and nothing else: every return's context result (the first
// context among the results: ctx, or ctx and an error) is p,
// context.WithValue of such a context, or a call of a function with the
// same fact on it; p itself may be set again only to such a context of
// itself (ctx = withToken(ctx); ctx, err = withServer(ctx, url)).
func (r *Result) addsValues(fn *types.Func, body inspector.Cursor, p *types.Var) bool {
	k := ctxapi.ContextResult(fn.Type().(*types.Signature).Results())
	if k < 0 {
		return false
	}
	var onlyValues func(e ast.Expr) bool
	onlyValues = func(e ast.Expr) bool {
		switch e := ast.Unparen(e).(type) {
		case *ast.Ident:
			v, ok := r.info.Uses[e].(*types.Var)
			if !ok || v == p {
				return v == p
			}
			// sctx, span := tracer.Start(ctx, name): a local set once.
			rhs := r.setOnce(body, v)
			return rhs != nil && onlyValues(rhs)
		case *ast.CallExpr:
			if len(e.Args) == 0 {
				return false
			}
			if ctxapi.IsCallTo(r.info, e, "context", "WithValue") {
				return onlyValues(e.Args[0])
			}
			for i, arg := range e.Args {
				if ctxapi.IsContext(r.info.TypeOf(arg), r.iface) {
					// A function of its own with this fact, or one of a
					// values-only package (a tracer's Start).
					return r.addsValuesTo(e, i) == yes && onlyValues(arg)
				}
			}
		}
		return false
	}
	if r.written[p] && !r.rewrittenWithValues(body, p, onlyValues) {
		return false
	}
	returned := false
	for ret := range ctxflow.OwnReturns(body) {
		returned = true
		if len(ret.Results) <= k || !onlyValues(ret.Results[k]) {
			return false
		}
	}
	return returned
}

// setOnce returns the expression that the local context variable v of
// body is declared with and never set again (v := e, or v, x := f() where
// v is f's context result), nil if there is none or its address is taken.
func (r *Result) setOnce(body inspector.Cursor, v *types.Var) ast.Expr {
	if r.written[v] || slices.ContainsFunc(r.uses[v], ctxflow.IsAddressed) {
		return nil
	}
	var rhs ast.Expr
	for cur := range body.Preorder((*ast.AssignStmt)(nil)) {
		n := cur.Node().(*ast.AssignStmt)
		if n.Tok != token.DEFINE {
			continue
		}
		for i, l := range n.Lhs {
			if id, ok := l.(*ast.Ident); !ok || r.info.Defs[id] != v {
				continue
			}
			switch {
			case len(n.Lhs) == len(n.Rhs):
				rhs = n.Rhs[i]
			case len(n.Rhs) == 1 && ctxapi.ContextResult(r.info.TypeOf(n.Rhs[0])) == i:
				rhs = n.Rhs[0]
			}
			return rhs
		}
	}
	return nil
}

// rewrittenWithValues reports whether every assignment to p in body sets
// it to a context that onlyValues accepts (itself with values added), in
// the function's own code (not in a closure) and with its address never
// taken.
func (r *Result) rewrittenWithValues(body inspector.Cursor, p *types.Var, onlyValues func(ast.Expr) bool) bool {
	for _, use := range r.uses[p] {
		if ctxflow.IsAddressed(use) {
			return false
		}
	}
	ok := true
	body.Inspect([]ast.Node{(*ast.AssignStmt)(nil), (*ast.FuncLit)(nil)}, func(cur inspector.Cursor) bool {
		switch n := cur.Node().(type) {
		case *ast.FuncLit:
			for id := range cur.Preorder((*ast.Ident)(nil)) {
				if r.info.Uses[id.Node().(*ast.Ident)] == p && ctxflow.IsAssigned(id) {
					ok = false // set in a closure: when is not known
				}
			}
			return false
		case *ast.AssignStmt:
			for i, l := range n.Lhs {
				id, isID := ast.Unparen(l).(*ast.Ident)
				if !isID || r.info.Uses[id] != p {
					continue
				}
				switch {
				case len(n.Lhs) == len(n.Rhs):
					ok = ok && n.Tok == token.ASSIGN && onlyValues(n.Rhs[i])
				case len(n.Rhs) == 1:
					ok = ok && ctxapi.ContextResult(r.info.TypeOf(n.Rhs[0])) == i && onlyValues(n.Rhs[0])
				default:
					ok = false
				}
			}
		}
		return true
	})
	return ok
}

// Handoff says that a function calls its parameter Func, a function,
// giving argument Arg of every call its own context parameter Ctx,
// unchanged.
type Handoff struct{ Func, Ctx, Arg int }

// hands reports how the function parameter p, the i-th of params, is
// given one of the function's context parameters: every call of p, in
// place or in a goroutine, passes the same never-reassigned context
// parameter at the same argument (go func() { for { f(ctx, <-msgs) } }()).
// A p that is read other than to call it is handed elsewhere: nothing is
// known.
func (r *Result) hands(params *types.Tuple, i int, p *types.Var) (Handoff, bool) {
	if r.written[p] || len(r.uses[p]) == 0 {
		return Handoff{}, false
	}
	h := Handoff{Func: i, Ctx: -1, Arg: -1}
	for _, cur := range r.uses[p] {
		parent, child := ctxflow.Unparen(cur)
		call, ok := parent.Node().(*ast.CallExpr)
		if !ok || call.Fun != child.(ast.Expr) {
			return Handoff{}, false
		}
		found := false
		for a, arg := range call.Args {
			v := ctxflow.VarOf(r.info, arg)
			if v == nil || r.written[v] {
				continue
			}
			for j := range params.Len() {
				if params.At(j) == v && ctxapi.IsContext(v.Type(), r.iface) && (h.Ctx < 0 || h.Ctx == j && h.Arg == a) {
					h.Ctx, h.Arg, found = j, a, true
				}
			}
		}
		if !found {
			return Handoff{}, false
		}
	}
	return h, true
}

// Rooting says that a function calls its parameter Func, a function,
// giving argument Arg of every call a fresh root the function makes.
type Rooting struct{ Func, Arg int }

// roots reports at which argument every call of the function parameter p,
// in the function whose body is body, hands it a fresh root made there
// (ctx, cancel := context.WithTimeout(context.Background(), d); defer
// cancel(); return fn(ctx)). A p read other than to call it is handed
// elsewhere: nothing is known.
func (r *Result) roots(body inspector.Cursor, p *types.Var) (int, bool) {
	if r.written[p] || len(r.uses[p]) == 0 {
		return 0, false
	}
	at := -1
	for _, cur := range r.uses[p] {
		parent, child := ctxflow.Unparen(cur)
		call, ok := parent.Node().(*ast.CallExpr)
		if !ok || call.Fun != child.(ast.Expr) {
			return 0, false
		}
		found := false
		for a, arg := range call.Args {
			if (at < 0 || at == a) && r.freshIn(body, arg, 0) {
				at, found = a, true
				break
			}
		}
		if !found {
			return 0, false
		}
	}
	return at, true
}

// freshIn reports whether e, in the function whose body is body, is a
// context made there from nothing: context.Background() or TODO(), one
// derived from it (a timeout, a cancel, values added), a local set once,
// where it is declared, to one of those, or the parameter of a literal
// that a runner calls with a root of its own.
func (r *Result) freshIn(body inspector.Cursor, e ast.Expr, depth int) bool {
	if depth > 8 {
		return false
	}
	switch e := ast.Unparen(e).(type) {
	case *ast.CallExpr:
		if ctxapi.IsFreshRoot(r.info, e) {
			return true
		}
		return len(e.Args) > 0 && (ctxapi.IsDerivation(r.info, e) || r.addsValuesTo(e, 0) == yes) && r.freshIn(body, e.Args[0], depth+1)
	case *ast.Ident:
		v, ok := r.info.Uses[e].(*types.Var)
		if !ok || r.written[v] || !r.interesting(v) {
			return false
		}
		switch v.Kind() {
		case types.LocalVar:
			assigns := r.locals.Of(body).Assigns[v] // never written again: its declaration only
			return len(assigns) == 1 && r.freshIn(body, ctxflow.MadeBy(assigns[0]), depth+1)
		case types.ParamVar:
			// The parameter of a literal handed to a runner that calls
			// it with a root of its own (withTimeout(func(ctx) error {
			// return fn(ctx) })).
			for lit := range body.Preorder((*ast.FuncLit)(nil)) {
				if r.literalRooted(lit, v) {
					return true
				}
			}
		}
	}
	return false
}

// LiteralRooted reports whether the function literal at lit is handed to
// a callee that calls it with a fresh root of its own for param, one of
// the literal's parameters (see Rooting): withTimeout(func(ctx
// context.Context) error {...}).
func (r *Result) LiteralRooted(lit inspector.Cursor, param *types.Var) bool {
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.literalRooted(lit, param)
}

// literalRooted is LiteralRooted without the lock.
func (r *Result) literalRooted(lit inspector.Cursor, param *types.Var) bool {
	sig, ok := r.info.TypeOf(lit.Node().(*ast.FuncLit)).(*types.Signature)
	if !ok {
		return false
	}
	k := -1
	for i := range sig.Params().Len() {
		if sig.Params().At(i) == param {
			k = i
		}
	}
	parent, child := ctxflow.Unparen(lit)
	call, ok := parent.Node().(*ast.CallExpr)
	if k < 0 || !ok {
		return false
	}
	i := slices.Index(call.Args, child.(ast.Expr))
	f, idx := r.callFact(call)
	return i >= 0 && f != nil && slices.Contains(f.Roots, Rooting{Func: idx(i), Arg: k})
}

// Handoffs returns how the callee of call runs its function arguments with
// its context arguments unchanged, in the call's argument positions: Func
// the function argument, Ctx the context argument it is given, Arg that
// function's parameter (JetStreamConsumer(t.ctx, ..., t.onMessage) running
// onMessage(ctx, msgs)).
func (r *Result) Handoffs(call *ast.CallExpr) []Handoff {
	r.mu.Lock()
	defer r.mu.Unlock()
	f, idx := r.callFact(call)
	if f == nil || len(f.Hands) == 0 {
		return nil
	}
	argOf := func(param int) int {
		for i := range call.Args {
			if idx(i) == param {
				return i
			}
		}
		return -1
	}
	var out []Handoff
	for _, h := range f.Hands {
		if i, j := argOf(h.Func), argOf(h.Ctx); i >= 0 && j >= 0 {
			out = append(out, Handoff{Func: i, Ctx: j, Arg: h.Arg})
		}
	}
	return out
}

// HandsContext reports whether the callee of call runs its i-th argument,
// a function, with its j-th argument, a context, unchanged, as that
// function's k-th argument.
func (r *Result) HandsContext(call *ast.CallExpr, i, j, k int) bool {
	r.mu.Lock()
	defer r.mu.Unlock()
	f, idx := r.callFact(call)
	if f == nil {
		return false
	}
	return slices.Contains(f.Hands, Handoff{Func: idx(i), Ctx: idx(j), Arg: k})
}

// processOnce reports whether the code at cur runs inside a function
// literal handed to the Do of a package-level sync.Once: it runs once for
// the whole process (a memoised environment probe, onGCEOnce.Do(func() {
// onGCE = probe(ctx) })), so a context it reads is the first caller's
// only, and whether it honours the others' cancellation is moot: their
// calls return the memoised answer at once.
func processOnce(info *types.Info, cur inspector.Cursor) bool {
	for lit := range cur.Enclosing((*ast.FuncLit)(nil)) {
		parent, child := ctxflow.Unparen(lit)
		call, ok := parent.Node().(*ast.CallExpr)
		if !ok || len(call.Args) != 1 || call.Args[0] != child {
			continue
		}
		fn := ctxapi.Callee(info, call)
		if fn == nil || fn.FullName() != "(*sync.Once).Do" {
			continue
		}
		sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr)
		if !ok {
			continue
		}
		if v := ctxflow.VarOf(info, sel.X); v != nil && v.Pkg() != nil && v.Parent() == v.Pkg().Scope() {
			return true // a package-level once
		}
	}
	return false
}
