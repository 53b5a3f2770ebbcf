package ctxflow

import (
	"go/ast"
	"go/token"
	"go/types"
	"iter"
	"slices"

	"golang.org/x/tools/go/ast/inspector"

	"github.com/budgetlint/budgetlint/internal/ctxapi"
	"github.com/budgetlint/budgetlint/internal/knowledge"
)

// Lifetime reports whether the context made at cur (a fresh root, or a
// derivation of one) becomes the lifetime of a component rather than work
// done for the caller: it, a context derived from it, or the cancel
// function of such a derivation is
//   - stored in a struct field or a package-level variable
//     (s.ctx, s.cancel = context.WithCancel(context.Background()));
//   - cancelled only by a closure that outlives the function (a returned
//     reader's closer: func() error { cancel(); ... }), or its cancel
//     function returned in a struct literal (&watcher{cancel: cancel});
//   - put in a struct literal beside its own cancel function
//     (&wantConn{ctx: dctx, cancel: cancel}): whoever holds the struct ends
//     it, not the caller;
//   - put in a struct literal of a component, a type with a destructor
//     (&Conn{txCtx: context.Background()} where Conn has Close), or given
//     to a constructor of one (newPullStream(context.Background(), ...));
//   - put in a struct literal of a type whose users hand it their context
//     with a setter (&Session{ctx: context.Background()} where Session has
//     WithContext(ctx)): the value's default context;
//   - given to a call whose result is stored in a field or package
//     variable (a lazily made shared client: c.keys = fetchKeys(ctx));
//   - read only by goroutines the function starts (the context of a
//     renewal loop it launches);
//   - put in a struct literal that is itself stored, or returned by a
//     constructor (return &Client{ctx: context.Background()} in NewClient);
//     a plain function returning a job with a root in it hands that root
//     to the work it describes;
//   - made while building a shared value on first use (if c.client == nil
//     { ...; c.client = ... }): the set-up done once for every caller.
//
// Such a context outlives the call on purpose; using the caller's context
// there would end the component with the request.
func Lifetime(info *types.Info, cur inspector.Cursor) bool {
	if MemoisedInit(info, cur) {
		return true
	}
	cur = outermostDerivation(info, cur)
	parent, child := Unparen(cur)
	if call, ok := parent.Node().(*ast.CallExpr); ok && slices.Contains(call.Args, ast.Expr(child.(ast.Expr))) {
		return KeptBy(info, parent)
	}
	lhs, rhs := AssignmentSides(parent.Node())
	i := slices.Index(rhs, ast.Expr(child.(ast.Expr)))
	if i < 0 {
		return storedInLiteral(info, cur, nil)
	}
	var ctxTarget, cancelTarget ast.Expr
	switch {
	case len(lhs) == len(rhs):
		ctxTarget = lhs[i]
	case len(rhs) == 1 && len(lhs) == 2:
		ctxTarget, cancelTarget = lhs[0], lhs[1] // ctx, cancel := context.WithCancel(...)
	default:
		return false
	}
	if ctxapi.IsKept(info, ctxTarget) || cancelTarget != nil && ctxapi.IsKept(info, cancelTarget) {
		return true
	}
	ctxVar, cancelVar := VarOf(info, ctxTarget), (*types.Var)(nil)
	if cancelTarget != nil {
		cancelVar = VarOf(info, cancelTarget)
	}
	fn, ok := EnclosingFunc(cur)
	if !ok || ctxVar == nil && cancelVar == nil {
		return false
	}
	// Follow the variables to where they are kept, within the function.
	kept := false
	reads, inGo := 0, 0 // reads of the context, and those in go statements
	fn.Inspect([]ast.Node{(*ast.Ident)(nil)}, func(c inspector.Cursor) bool {
		if kept {
			return false
		}
		v, _ := info.Uses[c.Node().(*ast.Ident)].(*types.Var)
		if v == nil || v != ctxVar && v != cancelVar {
			return true
		}
		kept = Stored(info, c) || v == ctxVar && (storedInLiteral(info, c, cancelVar) || passedToKeeper(info, c)) ||
			v == cancelVar && (inKeptClosure(info, c, fn) || storedInLiteral(info, c, nil) || inCallback(c, fn))
		if v == ctxVar {
			derived, keeps := derivedAgain(info, c)
			if keeps {
				kept = true // rctx, s.cancel = context.WithCancel(rctx)
				return false
			}
			if derived == ctxVar {
				return true // rctx = ...WithCancel(rctx): its reads come after
			}
			reads++
			if inGoStmt(c, fn) {
				inGo++
			}
		}
		return true
	})
	// Read only by goroutines the function starts (refreshCtx for a renewal
	// loop): the lifetime of that detached work.
	return kept || reads > 0 && inGo == reads
}

// derivedAgain reports, for a context variable read at cur, the variable
// a derivation of it is assigned to (rctx, cancel := context.WithCancel(
// rctx)) and whether that assignment keeps the child or its cancel in a
// field or package variable (rctx, s.cancel = context.WithCancel(rctx)).
func derivedAgain(info *types.Info, cur inspector.Cursor) (*types.Var, bool) {
	parent, child := Unparen(cur)
	call, ok := parent.Node().(*ast.CallExpr)
	if !ok || len(call.Args) == 0 || ast.Unparen(call.Args[0]) != child || !ctxapi.IsDerivation(info, call) || ctxapi.IsWithoutCancel(info, call) {
		return nil, false
	}
	lhs, rhs := AssignmentSides(parent.Parent().Node())
	if len(rhs) != 1 || len(lhs) == 0 || ast.Unparen(rhs[0]) != call {
		return nil, false
	}
	for _, target := range lhs {
		if ctxapi.IsKept(info, target) {
			return nil, true
		}
	}
	return VarOf(info, lhs[0]), false
}

// MemoisedInit reports whether cur lies in the body of an if that builds a
// kept value on first use: its condition tests a field or package variable
// for nil and its body sets it (if bs.client == nil { cfg, err :=
// config.Load(context.Background()); ...; bs.client = s3.New(cfg) }).
// The shared client is made once for every caller, the first caller's
// context would end it, and what the set-up checks on the way (a
// bucket's existence) is the component's, not that caller's, work.
func MemoisedInit(info *types.Info, cur inspector.Cursor) bool {
	for c := range cur.Enclosing((*ast.IfStmt)(nil), (*ast.FuncDecl)(nil), (*ast.FuncLit)(nil)) {
		ifs, ok := c.Node().(*ast.IfStmt)
		if !ok {
			return false
		}
		if cur.Node().Pos() < ifs.Body.Pos() || cur.Node().End() > ifs.Body.End() {
			continue // in the condition or the else branch
		}
		for _, v := range nilTested(info, ifs.Cond) {
			if setsVar(info, ifs.Body, v) {
				return true
			}
		}
		if m := missedIn(info, c, ifs.Cond); m != nil && setsVar(info, ifs.Body, m) {
			return true
		}
	}
	return false
}

// missedIn returns the kept map that cond, !ok, finds a key missing from,
// ok set by a comma-ok read of it in the same function (c, ok :=
// s.clients[addr]; if !ok { ...; s.clients[addr] = c }): a client made
// once per key and shared, as one made once for all is.
func missedIn(info *types.Info, cur inspector.Cursor, cond ast.Expr) *types.Var {
	not, ok := ast.Unparen(cond).(*ast.UnaryExpr)
	if !ok || not.Op != token.NOT {
		return nil
	}
	id, ok := ast.Unparen(not.X).(*ast.Ident)
	if !ok {
		return nil
	}
	okVar, _ := info.Uses[id].(*types.Var)
	fn, found := EnclosingFunc(cur)
	if okVar == nil || !found {
		return nil
	}
	var m *types.Var
	fn.Inspect([]ast.Node{(*ast.AssignStmt)(nil)}, func(c inspector.Cursor) bool {
		as := c.Node().(*ast.AssignStmt)
		if m != nil || len(as.Lhs) != 2 || len(as.Rhs) != 1 {
			return m == nil
		}
		if lid, isID := as.Lhs[1].(*ast.Ident); !isID || info.Defs[lid] != okVar && info.Uses[lid] != okVar {
			return true
		}
		if ix, isIndex := ast.Unparen(as.Rhs[0]).(*ast.IndexExpr); isIndex && ctxapi.IsKept(info, ix.X) {
			if _, isMap := info.TypeOf(ix.X).Underlying().(*types.Map); isMap {
				m = KeptVar(info, ix.X)
			}
		}
		return m == nil
	})
	return m
}

// nilTested returns the fields and package variables that cond, a
// conjunction, requires to be nil (c.client == nil && c.err == nil).
func nilTested(info *types.Info, cond ast.Expr) []*types.Var {
	b, ok := ast.Unparen(cond).(*ast.BinaryExpr)
	if !ok {
		return nil
	}
	switch b.Op {
	case token.LAND:
		return append(nilTested(info, b.X), nilTested(info, b.Y)...)
	case token.EQL:
		for _, pair := range [][2]ast.Expr{{b.X, b.Y}, {b.Y, b.X}} {
			if info.Types[pair[1]].IsNil() && ctxapi.IsKept(info, pair[0]) {
				if v := KeptVar(info, pair[0]); v != nil {
					return []*types.Var{v}
				}
			}
		}
	}
	return nil
}

// setsVar reports whether body (not a function literal in it) assigns to
// the field or package variable v, or to an element of it.
func setsVar(info *types.Info, body ast.Node, v *types.Var) bool {
	return AnyOutsideLiterals(body, func(n ast.Node) bool {
		as, ok := n.(*ast.AssignStmt)
		return ok && slices.ContainsFunc(as.Lhs, func(l ast.Expr) bool {
			if ix, isIndex := ast.Unparen(l).(*ast.IndexExpr); isIndex {
				l = ix.X // m[k] = c: an element of the kept map
			}
			return ctxapi.IsKept(info, l) && KeptVar(info, l) == v
		})
	})
}

// KeptVar returns the field or package variable a kept expression
// (ctxapi.IsKept) names: c.client, pkg.Default, defaultClient.
func KeptVar(info *types.Info, e ast.Expr) *types.Var {
	var id *ast.Ident
	switch e := ast.Unparen(e).(type) {
	case *ast.SelectorExpr:
		id = e.Sel
	case *ast.Ident:
		id = e
	default:
		return nil
	}
	v, _ := info.Uses[id].(*types.Var)
	return v
}

// inKeptClosure reports whether cur stands in a function literal inside fn
// that outlives it: returned or stored in a field or package variable,
// itself or as a field of a struct literal that is (a reader's
// closer: func() error { cancel(); ... }). Whoever holds it ends the
// context.
func inKeptClosure(info *types.Info, cur, fn inspector.Cursor) bool {
	lit, ok := literalIn(cur, fn)
	return ok && KeptValue(info, lit)
}

// literalIn returns the innermost function literal around cur, if it is
// inside fn (not fn itself).
func literalIn(cur, fn inspector.Cursor) (inspector.Cursor, bool) {
	for c := range cur.Enclosing((*ast.FuncLit)(nil)) {
		return c, c.Node() != fn.Node()
	}
	return inspector.Cursor{}, false
}

// inCallback reports whether cur stands in a function literal inside fn
// that is handed to a call as an argument (not run by go or defer): the
// callee calls it when it decides (signal.CancelAfterInactivity(ctx,
// func() { cancel() }, idle): an inactivity timer ends the root), so the
// root has a stop of its own, chosen on purpose.
func inCallback(cur, fn inspector.Cursor) bool {
	lit, ok := literalIn(cur, fn)
	if !ok {
		return false
	}
	parent, child := Unparen(lit)
	call, ok := parent.Node().(*ast.CallExpr)
	if !ok || call.Fun == child {
		return false
	}
	switch parent.Parent().Node().(type) {
	case *ast.GoStmt, *ast.DeferStmt:
		return false
	}
	return true
}

// KeptValue reports whether the value at cur outlives its function:
// returned or stored in a field or package variable, itself, as a field
// of a struct literal that is (return &T{f: v}), or as the argument of a
// call whose result is, once it is in such a literal (p.pool =
// newPool(&Config{OnClose: f}): a configuration the component keeps).
func KeptValue(info *types.Info, cur inspector.Cursor) bool {
	inLiteral := false
	for c := cur; ; {
		parent, child := Unparen(c)
		switch p := parent.Node().(type) {
		case *ast.ReturnStmt:
			return true
		case *ast.KeyValueExpr:
			if p.Value != child {
				return false
			}
			c, inLiteral = parent.Parent(), true // the composite literal
		case *ast.CompositeLit:
			c, inLiteral = parent, true
		case *ast.UnaryExpr: // &T{...}
			c = parent
		case *ast.CallExpr:
			if !inLiteral || !slices.Contains(p.Args, ast.Expr(child.(ast.Expr))) {
				return false
			}
			c = parent
		case *ast.AssignStmt:
			var target ast.Expr
			switch i := slices.Index(p.Rhs, ast.Expr(child.(ast.Expr))); {
			case i < 0:
				return false
			case len(p.Lhs) == len(p.Rhs):
				target = p.Lhs[i]
			default: // p.pool, err = newPool(...): the call's first result
				target = p.Lhs[0]
			}
			// Stored, or in a literal held by a local the function then
			// stores (inf := newInformer(&ListWatch{...}); l.inf = inf).
			return ctxapi.IsKept(info, target) || inLiteral && storedLater(info, c, VarOf(info, target))
		default:
			return false
		}
	}
}

// inGoStmt reports whether cur stands in a go statement inside fn.
func inGoStmt(cur, fn inspector.Cursor) bool {
	for c := range cur.Enclosing((*ast.GoStmt)(nil), (*ast.FuncDecl)(nil), (*ast.FuncLit)(nil)) {
		if _, ok := c.Node().(*ast.GoStmt); ok {
			return true
		}
		if c.Node() == fn.Node() {
			return false
		}
	}
	return false
}

// passedToKeeper reports whether the value at cur is an argument of a
// call that keeps what it is given (KeptBy).
func passedToKeeper(info *types.Info, cur inspector.Cursor) bool {
	parent, child := Unparen(cur)
	call, ok := parent.Node().(*ast.CallExpr)
	return ok && slices.Contains(call.Args, ast.Expr(child.(ast.Expr))) && KeptBy(info, parent)
}

// KeptBy reports whether the call at cur keeps the context it is given as
// a component's lifetime: it builds a component (BuildsKept), it is known
// to keep it for its result (an OAuth2 client, knowledge.KeepsContext), or
// its result is stored in a field or package variable (a lazily made
// shared client, p.keys = NewRemoteKeySet(ctx, url)).
func KeptBy(info *types.Info, cur inspector.Cursor) bool {
	call := cur.Node().(*ast.CallExpr)
	if fn := ctxapi.Callee(info, call); fn != nil && knowledge.KeepsContext(fn.Origin().FullName()) && !usedAtOnce(info, cur) {
		return true // config.Client(ctx): the client's lifetime
	}
	return BuildsKept(info, cur) || Stored(info, cur)
}

// BuildsKept reports whether the call at cur is a constructor (NewPool,
// newHandler) of something that outlives the function: a component
// (BuildsComponent), or a value that is stored in a field or package
// variable or returned by a constructor (return newConnHandler(c.engineCtx,
// conn) in newSubscription). The context handed to it, a fresh root or a
// stored one, is that value's lifetime.
func BuildsKept(info *types.Info, cur inspector.Cursor) bool {
	call := cur.Node().(*ast.CallExpr)
	if BuildsComponent(info, call) {
		return true
	}
	fn := ctxapi.Callee(info, call)
	return fn != nil && knowledge.IsConstructorName(fn.Name()) && (returnedByConstructor(info, cur) || Stored(info, cur))
}

// usedAtOnce reports whether the value made at cur serves only calls of
// its methods in this function (cfg.TokenSource(ctx, t).Token(), or ts
// := ...; ts.Token()): it does not outlive the call that made it.
func usedAtOnce(info *types.Info, cur inspector.Cursor) bool {
	called := func(c inspector.Cursor) bool {
		parent, _ := Unparen(c)
		sel, ok := parent.Node().(*ast.SelectorExpr)
		if !ok {
			return false
		}
		call, ok := parent.Parent().Node().(*ast.CallExpr)
		return ok && call.Fun == sel
	}
	if called(cur) {
		return true
	}
	parent, child := Unparen(cur)
	assign, ok := parent.Node().(*ast.AssignStmt)
	if !ok || len(assign.Lhs) != 1 || len(assign.Rhs) != 1 || assign.Rhs[0] != child.(ast.Expr) {
		return false
	}
	v := VarOf(info, assign.Lhs[0])
	fn, ok := EnclosingFunc(cur)
	if v == nil || !ok {
		return false
	}
	uses := 0
	for id := range fn.Preorder((*ast.Ident)(nil)) {
		if info.Uses[id.Node().(*ast.Ident)] == v {
			if !called(id) {
				return false
			}
			uses++
		}
	}
	return uses > 0
}

// StoredComponent reports whether the call at cur returns a component (a
// value with a destructor: Close, Stop, Shutdown) that is then kept in a
// struct field or package variable (s, err := NewShell(); t.sess = s): a
// shared component built on first use, whose set-up is its own, not the
// work of the request that happens to build it. Data kept the same way (a
// cached lookup result) is still that request's work.
func StoredComponent(info *types.Info, cur inspector.Cursor) bool {
	call, ok := cur.Node().(*ast.CallExpr)
	return ok && returnsComponent(info.TypeOf(call)) && Stored(info, cur)
}

// Stored reports whether the value at cur is assigned to a struct field
// or a package-level variable, directly or through a local the function
// then stores (s, err := NewSession(); t.sess = s): long-lived state, such
// as a lazily built shared client.
func Stored(info *types.Info, cur inspector.Cursor) bool {
	parent, child := Unparen(cur)
	if call, ok := parent.Node().(*ast.CallExpr); ok && slices.Contains(call.Args, ast.Expr(child.(ast.Expr))) {
		return KeptBy(info, parent)
	}
	if _, ok := parent.Node().(*ast.KeyValueExpr); ok {
		return KeptValue(info, cur) // &T{m: NewManager(ctx)}, returned
	}
	lhs, rhs := AssignmentSides(parent.Node())
	i := slices.Index(rhs, ast.Expr(child.(ast.Expr)))
	var target ast.Expr
	switch {
	case i < 0:
		return false
	case len(lhs) == len(rhs):
		target = lhs[i]
	case len(rhs) == 1 && len(lhs) > 0: // p.keys, err = fetchKeys(ctx): the call's first result
		target = lhs[0]
	default:
		return false
	}
	return ctxapi.IsKept(info, target) || storedLater(info, cur, VarOf(info, target))
}

// storedLater reports whether the local v is itself stored in a struct
// field or package variable by the function enclosing cur (conn, err :=
// dial(ctx); a.conns[i] = conn).
func storedLater(info *types.Info, cur inspector.Cursor, v *types.Var) bool {
	fn, ok := EnclosingFunc(cur)
	if v == nil || !ok {
		return false
	}
	stored := false
	fn.Inspect([]ast.Node{(*ast.AssignStmt)(nil)}, func(c inspector.Cursor) bool {
		as := c.Node().(*ast.AssignStmt)
		if len(as.Lhs) == len(as.Rhs) {
			for i, r := range as.Rhs {
				if id, ok := ast.Unparen(r).(*ast.Ident); ok && info.Uses[id] == v && ctxapi.IsKept(info, as.Lhs[i]) {
					stored = true
				}
			}
		}
		return !stored
	})
	return stored
}

// storedInLiteral reports whether the value at cur is a field of a struct
// literal that also holds cancel, or that is itself stored or returned.
func storedInLiteral(info *types.Info, cur inspector.Cursor, cancel *types.Var) bool {
	parent, _ := Unparen(cur)
	if _, ok := parent.Node().(*ast.KeyValueExpr); ok {
		parent, _ = Unparen(parent)
	}
	lit, ok := parent.Node().(*ast.CompositeLit)
	if !ok {
		return false
	}
	if _, isStruct := info.TypeOf(lit).Underlying().(*types.Struct); !isStruct {
		return false
	}
	if cancel != nil && Mentions(info, lit, map[*types.Var]bool{cancel: true}) || closable(info.TypeOf(lit)) || contextSettable(info.TypeOf(lit)) {
		return true
	}
	// &T{...}: the literal's address is what is stored or returned.
	outer := parent
	if u, ok := outer.Parent().Node().(*ast.UnaryExpr); ok && u.X == lit {
		outer = outer.Parent()
	}
	if Stored(info, outer) {
		return true
	}
	return returnedByConstructor(info, outer)
}

// returnedByConstructor reports whether the value at cur is returned by a
// function named as a constructor (NewClient, newHandler), directly or
// assigned to its named result (webhook = &Webhook{...}): what it returns
// outlives the call.
func returnedByConstructor(info *types.Info, cur inspector.Cursor) bool {
	decl, _ := EnclosingFunc(cur)
	fd, ok := decl.Node().(*ast.FuncDecl)
	if !ok || !knowledge.IsConstructorName(fd.Name.Name) {
		return false
	}
	if Returned(cur) {
		return true
	}
	lhs, ok := AssignedTo(cur)
	if !ok {
		return false
	}
	v := VarOf(info, lhs)
	return v != nil && (IsResult(info, cur.Parent(), v) || returnsVar(info, decl, v))
}

// returnsVar reports whether the function at fn returns the local v itself
// (b := &shard{...}; return b).
func returnsVar(info *types.Info, fn inspector.Cursor, v *types.Var) bool {
	for ret := range OwnReturns(fn) {
		if slices.ContainsFunc(ret.Results, func(r ast.Expr) bool { return VarOf(info, r) == v }) {
			return true
		}
	}
	return false
}

// OwnReturns yields the return statements of the function, or function
// body, at fn: not those of the closures inside it.
func OwnReturns(fn inspector.Cursor) iter.Seq[*ast.ReturnStmt] {
	return func(yield func(*ast.ReturnStmt) bool) {
		stopped := false
		fn.Inspect([]ast.Node{(*ast.ReturnStmt)(nil), (*ast.FuncLit)(nil)}, func(c inspector.Cursor) bool {
			ret, ok := c.Node().(*ast.ReturnStmt)
			if !ok {
				return !stopped && c.Node() == fn.Node()
			}
			stopped = stopped || !yield(ret)
			return false
		})
	}
}

// IsResult reports whether v is a named result of the function enclosing
// cur: a closure assigned to it is returned (onStart = func() error {...}).
func IsResult(info *types.Info, cur inspector.Cursor, v *types.Var) bool {
	for fn := range cur.Enclosing((*ast.FuncDecl)(nil), (*ast.FuncLit)(nil)) {
		ft, _ := FuncParts(fn.Node())
		if ft == nil || ft.Results == nil {
			return false
		}
		for _, field := range ft.Results.List {
			for _, id := range field.Names {
				if info.Defs[id] == v {
					return true
				}
			}
		}
		return false
	}
	return false
}

// Returned reports whether the value at cur is one of a return
// statement's results.
func Returned(cur inspector.Cursor) bool {
	p, _ := Unparen(cur)
	_, ok := p.Node().(*ast.ReturnStmt)
	return ok
}

// BuildsComponent reports whether call constructs a component that keeps
// the context it is given: a constructor (NewPool, newPullStream) whose
// result has a destructor. The context handed to it is the component's
// lifetime, whether a fresh root or a stored one (newGroup(d.ctx, ...)).
func BuildsComponent(info *types.Info, call *ast.CallExpr) bool {
	fn := ctxapi.Callee(info, call)
	return fn != nil && knowledge.IsConstructorName(fn.Name()) && returnsComponent(fn.Type().(*types.Signature).Results())
}

// returnsComponent reports whether results, a call's type (one result or
// a tuple), begins with a component, or a pointer to one: a value with a
// destructor (closable).
func returnsComponent(results types.Type) bool {
	t := results
	if tuple, ok := t.(*types.Tuple); ok {
		if tuple.Len() == 0 {
			return false
		}
		t = tuple.At(0).Type()
	}
	if p, ok := t.(*types.Pointer); ok {
		t = p.Elem()
	}
	return t != nil && closable(t)
}

// closable reports whether t, or a pointer to it, has a destructor (Close,
// Stop, Shutdown; an interface's own methods count): a component, whose fields live until it is closed, not
// a message carrying one request's work.
func closable(t types.Type) bool {
	return hasMethod(t, func(fn *types.Func) bool { return knowledge.IsDestructorName(fn.Name()) })
}

// hasMethod reports whether the named type t (a pointer to it, for a
// struct) has a method that match accepts.
func hasMethod(t types.Type, match func(*types.Func) bool) bool {
	named, ok := types.Unalias(t).(*types.Named)
	if !ok {
		return false
	}
	var ms *types.MethodSet
	if types.IsInterface(named) {
		ms = types.NewMethodSet(named) // a pointer to an interface has no methods
	} else {
		ms = types.NewMethodSet(types.NewPointer(named))
	}
	for i := range ms.Len() {
		if fn, ok := ms.At(i).Obj().(*types.Func); ok && match(fn) {
			return true
		}
	}
	return false
}

// contextSettable reports whether t has a method that hands it a context
// for the calls to come (a session's WithContext(ctx) *Session): the
// context its literal holds is only the default of a value whose users
// give it theirs.
func contextSettable(t types.Type) bool {
	return hasMethod(t, func(fn *types.Func) bool {
		params := fn.Type().(*types.Signature).Params()
		return knowledge.IsContextSetterName(fn.Name()) && params.Len() == 1 && ctxapi.IsContext(params.At(0).Type(), nil)
	})
}

// AssignmentSides returns the two sides of an assignment or a declaration with
// values; nil for any other node.
func AssignmentSides(n ast.Node) (lhs, rhs []ast.Expr) {
	switch n := n.(type) {
	case *ast.AssignStmt:
		return n.Lhs, n.Rhs
	case *ast.ValueSpec:
		for _, id := range n.Names {
			lhs = append(lhs, id)
		}
		return lhs, n.Values
	}
	return nil, nil
}

// AssignedTo returns the left-hand side that the value at cur is assigned
// to one to one (x = v, c.f, y = v, w), and whether it is: the value is
// the whole of one right-hand side of an assignment.
func AssignedTo(cur inspector.Cursor) (ast.Expr, bool) {
	parent, child := Unparen(cur)
	as, ok := parent.Node().(*ast.AssignStmt)
	if !ok || len(as.Lhs) != len(as.Rhs) {
		return nil, false
	}
	i := slices.Index(as.Rhs, ast.Expr(child.(ast.Expr)))
	if i < 0 {
		return nil, false
	}
	return as.Lhs[i], true
}

// outermostDerivation climbs from the context at cur through the
// cancellable derivations wrapped around it (WithCancel of it, WithTimeout
// of that, a helper that returns it with values added, such as a span
// copied from the caller's context), to the outermost.
func outermostDerivation(info *types.Info, cur inspector.Cursor) inspector.Cursor {
	for {
		parent, child := Unparen(cur)
		call, ok := parent.Node().(*ast.CallExpr)
		if !ok || len(call.Args) == 0 || ast.Unparen(call.Args[0]) != child || !(ctxapi.IsDerivation(info, call) || wraps(info, call)) || ctxapi.IsWithoutCancel(info, call) {
			return cur
		}
		cur = parent
	}
}

// wraps reports whether call hands its first argument, a context, to a
// function that returns a context (trace.CopySpan(context.Background(),
// ctx), withCallerInfo(root)): the result stands for the context it was
// given, as a derivation's does.
func wraps(info *types.Info, call *ast.CallExpr) bool {
	sig, ok := info.TypeOf(call.Fun).(*types.Signature)
	return ok && sig.Params().Len() > 0 && sig.Results().Len() > 0 &&
		ctxapi.IsContextType(sig.Params().At(0).Type()) && ctxapi.IsContextType(sig.Results().At(0).Type())
}

// ChoosesContext reports whether the context made at cur (a fresh root,
// or a timeout on one) is returned by a function whose other returns give
// back param, its caller's context: the function's job is to choose which
// context its callers run under (go-redis's ContextTimeoutEnabled switch
// returns ctx or context.Background(); a transfer's clean-up context is
// ctx, or a fresh one bounded by a configured FailTimeout). Replacing the
// root with param would remove the choice.
func ChoosesContext(info *types.Info, cur inspector.Cursor, param *types.Var) bool {
	parent, _ := Unparen(cur)
	if _, ok := parent.Node().(*ast.ReturnStmt); !ok || param == nil {
		return false
	}
	fn, ok := EnclosingFunc(cur)
	if !ok {
		return false
	}
	for ret := range OwnReturns(fn) {
		if len(ret.Results) > 0 {
			if id, ok := ast.Unparen(ret.Results[0]).(*ast.Ident); ok && info.Uses[id] == param {
				return true
			}
		}
	}
	return false
}

// EnclosingFunc returns the innermost function declaration or literal
// around cur.
func EnclosingFunc(cur inspector.Cursor) (inspector.Cursor, bool) {
	for fn := range cur.Enclosing((*ast.FuncDecl)(nil), (*ast.FuncLit)(nil)) {
		return fn, true
	}
	return inspector.Cursor{}, false
}
