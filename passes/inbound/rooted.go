package inbound

import (
	"go/ast"
	"go/types"
	"slices"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ast/inspector"
	"golang.org/x/tools/go/types/typeutil"

	"github.com/budgetlint/budgetlint/internal/ctxapi"
	"github.com/budgetlint/budgetlint/internal/ctxflow"
	"github.com/budgetlint/budgetlint/internal/knowledge"
	"github.com/budgetlint/budgetlint/passes/ctxuse"
)

// rootedByCallers finds the package's functions whose context parameter
// only ever receives a fresh root from their callers: an engine loop
// handed the bg := context.Background() of the goroutine that runs it, a
// helper of main handed main's context (whatever deadline or signal main
// gave it: the process's). No caller's deadline reaches such a
// parameter, so it does not put the function on a request path.
//
// Only functions whose every caller is in view qualify: unexported
// functions and methods (no interface of the package names the method) and
// any function of package main, referred to only by static calls. A
// parameter is rooted when every call passes a fresh root, one given only
// values, the caller's own rooted parameter, or a context of a command of
// a command-line program (its context parameter, cmd.Context()).
//
// It also returns the candidates that are only ever started by a go
// statement handed the caller's own context parameter (go d.loop(ctx) in
// Start(ctx), or a call in a go statement's literal): their whole body is
// detached work, as a go statement's
// function literal is, and outlives the context it was handed. (One handed
// a lifetime its caller made for it, go p.connect(poolCtx), keeps it.)
//
// And the candidates only ever called once a context is done (in a case
// <-ctx.Done() or an if ctx.Err() != nil, see ctxflow.UnderDone): a
// clean-up such as sending a protocol's CANCEL after the caller gave up,
// whose whole body runs after the caller has gone.
//
// Last, the package's own context types that only fresh roots fill (see
// contextTypes).
//
// It also returns classify, for the summary of the package's calls that
// the standalone command joins across packages (see Program); program
// asks for it even where the package has no candidate of its own.
func rootedByCallers(pass *analysis.Pass, insp *inspector.Inspector, iface *types.Interface, uses *ctxuse.Result, program bool) callerFacts {
	info := pass.TypesInfo
	forProcess := processFuncs(pass, insp, iface)
	ifaceMethods := map[string]bool{}
	scope := pass.Pkg.Scope()
	for _, name := range scope.Names() {
		if tn, ok := scope.Lookup(name).(*types.TypeName); ok && types.IsInterface(tn.Type()) {
			it := tn.Type().Underlying().(*types.Interface)
			for m := range it.Methods() {
				ifaceMethods[m.Name()] = true
			}
		}
	}
	// The candidates and the index of their context parameter.
	param := map[*types.Func]int{}
	decls := map[*types.Func]*ast.FuncDecl{}
	for cur := range insp.Root().Preorder((*ast.FuncDecl)(nil)) {
		decl := cur.Node().(*ast.FuncDecl)
		fn, ok := info.Defs[decl.Name].(*types.Func)
		if !ok || (fn.Exported() && pass.Pkg.Name() != "main") || decl.Recv != nil && ifaceMethods[fn.Name()] {
			continue
		}
		params := fn.Type().(*types.Signature).Params()
		request := -1
		for i := range params.Len() {
			if ctxapi.IsContext(params.At(i).Type(), iface) {
				param[fn] = i
				decls[fn] = decl
				break
			}
			if request < 0 && ctxapi.IsHTTPRequest(params.At(i).Type()) {
				request = i
			}
		}
		if _, ok := param[fn]; !ok && request >= 0 {
			// No context parameter: the request is what brings one.
			param[fn] = request
			decls[fn] = decl
		}
	}
	ctxTypes := contextTypes(pass, iface)
	if len(param) == 0 && len(ctxTypes) == 0 && !program {
		return callerFacts{forProcess: forProcess}
	}
	// Every reference to a candidate: a static call, or an escape.
	type site struct {
		call    *ast.CallExpr
		caller  *types.Func // the declared function the call is in, nil elsewhere
		inGo    bool        // the call is a go statement's
		process bool        // the call is in main or in a command: its deadlines are the process's
		done    bool        // the call runs only once a context is done
		waited  bool        // a launch whose declared function waits for what it launches
	}
	waits := map[ast.Node]bool{} // memo of ctxflow.Waits per declared function
	calls := map[*types.Func][]site{}
	escaped := map[*types.Func]bool{}
	defs := map[*types.Var][]ast.Expr{}                 // what local contexts are set from
	outliving := map[*ast.CallExpr]bool{}               // WithCancel calls whose cancel outlives their function (outlivingCancel)
	pairAssigns := map[*ast.CallExpr]inspector.Cursor{} // x, y := call(...): where a WithCancel's cancel lands
	commandParams := map[*types.Var]bool{}              // the context parameters of commands and lifetime callbacks
	bound := map[*types.Var]bool{}                      // parameters of literals run at once, set from their arguments (defs)
	for cur := range insp.Root().Preorder((*ast.Ident)(nil), (*ast.AssignStmt)(nil), (*ast.ValueSpec)(nil), (*ast.FuncType)(nil), (*ast.CallExpr)(nil)) {
		switch n := cur.Node().(type) {
		case *ast.CallExpr:
			// go func(ctx context.Context) { ... }(ctx): the literal's
			// parameter holds the argument it is run with.
			if lit, ok := ast.Unparen(n.Fun).(*ast.FuncLit); ok {
				recordBound(info, iface, defs, bound, lit, n.Args)
			}
			// s.Consume(ctx, func(ctx context.Context, m Msg) { ... }),
			// pprof.Do(ctx, labels, func(ctx context.Context) { ... }): a
			// literal the callee calls with one of its context arguments
			// holds that argument.
			for _, h := range handoffs(info, uses, n) {
				if lit, ok := ast.Unparen(n.Args[h.Func]).(*ast.FuncLit); ok {
					if sig, ok := info.TypeOf(lit).(*types.Signature); ok && h.Arg < sig.Params().Len() {
						bindParam(iface, defs, bound, sig.Params().At(h.Arg), n.Args[h.Ctx])
					}
				}
			}
		case *ast.FuncType:
			if forProcess.command(n) {
				for _, field := range n.Params.List {
					for _, id := range field.Names {
						if v, ok := info.Defs[id].(*types.Var); ok && ctxapi.IsContext(v.Type(), iface) {
							commandParams[v] = true
						}
					}
				}
			}
		case *ast.AssignStmt:
			recordDefs(info, iface, defs, n.Lhs, n.Rhs)
			if call, ok := outlivingCancel(info, cur, n); ok {
				outliving[call] = true
			}
			if len(n.Lhs) == 2 && len(n.Rhs) == 1 {
				if call, ok := ast.Unparen(n.Rhs[0]).(*ast.CallExpr); ok {
					pairAssigns[call] = cur
				}
			}
		case *ast.ValueSpec:
			lhs := make([]ast.Expr, len(n.Names))
			for i, id := range n.Names {
				lhs[i] = id
			}
			recordDefs(info, iface, defs, lhs, n.Values)
		case *ast.Ident:
			fn, ok := info.Uses[n].(*types.Func)
			if !ok {
				continue
			}
			fn = fn.Origin()
			if _, ok := param[fn]; !ok {
				continue
			}
			c := cur
			if sel, ok := c.Parent().Node().(*ast.SelectorExpr); ok && sel.Sel == n {
				c = c.Parent()
			}
			call, ok := c.Parent().Node().(*ast.CallExpr)
			if !ok || call.Fun != c.Node() {
				escaped[fn] = true
				continue
			}
			caller, process := forProcess.enclosing(c)
			// Started by a go statement, directly or from the body of
			// its literal (go func() { defer wg.Done(); d.loop(ctx) }()).
			inGo := false
			for e := range c.Enclosing((*ast.GoStmt)(nil), (*ast.FuncDecl)(nil)) {
				_, inGo = e.Node().(*ast.GoStmt)
				break
			}
			inGo = inGo || inlineOfLaunch(info, c.Parent(), fn)
			waited := false // asked only of launches: one walk per launching function
			for d := range c.Enclosing((*ast.FuncDecl)(nil)) {
				if !inGo {
					break
				}
				w, ok := waits[d.Node()]
				if !ok {
					w = ctxflow.Waits(info, d)
					waits[d.Node()] = w
				}
				waited = w
			}
			calls[fn] = append(calls[fn], site{call, caller, inGo, process, ctxflow.UnderDone(info, iface, c), waited})
		}
	}
	rooted := map[*types.Func]bool{}
	launched := map[*types.Func]bool{}
	afterDone := map[*types.Func]bool{}
	for fn := range param {
		if escaped[fn] && len(calls[fn]) == 0 && lifecycleHook(fn, iface) {
			rooted[fn] = true // no call in the fixpoint below takes it back
			continue
		}
		if !escaped[fn] && len(calls[fn]) > 0 {
			rooted[fn] = true // optimistic; the loop below takes back
			launched[fn] = true
			afterDone[fn] = true
			for _, s := range calls[fn] {
				launched[fn] = launched[fn] && s.inGo && passesOwnParam(info, defs, s.call, param[fn], s.caller)
				afterDone[fn] = afterDone[fn] && !s.inGo && s.done
			}
		}
	}
	// The package's function bodies, for helpers that return a root.
	bodies := map[*types.Func]*ast.FuncDecl{}
	for cur := range insp.Root().Preorder((*ast.FuncDecl)(nil)) {
		decl := cur.Node().(*ast.FuncDecl)
		if fn, ok := info.Defs[decl.Name].(*types.Func); ok && decl.Body != nil {
			bodies[fn] = decl
		}
	}
	returnsRoot := map[*types.Func]bool{} // memo; false while being decided
	// assumed, when set, is a function whose first context parameter
	// isRooted takes for rooted: the program summary asks whether an
	// argument is rooted once its caller's own context is (see classify).
	var assumed *types.Func
	// synchronous, when set, says that the call whose argument isRooted
	// is asked about is not a go statement's: it returns before its
	// caller does, so a cancel its caller only defers never reaches it.
	synchronous := false
	// onReturn reports whether call is a WithCancel whose cancel its
	// function only defers (cancelledOnReturn); asked only of the
	// arguments of calls to candidates, so worked out then.
	onReturnMemo := map[*ast.CallExpr]bool{}
	onReturn := func(call *ast.CallExpr) bool {
		is, ok := onReturnMemo[call]
		if !ok {
			if cur, assigned := pairAssigns[call]; assigned {
				is = cancelledOnReturn(info, cur, cur.Node().(*ast.AssignStmt))
			}
			onReturnMemo[call] = is
		}
		return is
	}
	// addsDeadline reports whether e, followed as throughLocals does, is
	// or may be given a deadline on the way (WithTimeout(s.ctx, d)).
	var addsDeadline func(e ast.Expr, seen map[*types.Var]bool) bool
	addsDeadline = func(e ast.Expr, seen map[*types.Var]bool) bool {
		switch e := ast.Unparen(e).(type) {
		case *ast.CallExpr:
			return ctxapi.IsDeadlineDerivation(info, e) || len(e.Args) > 0 && (ctxapi.IsDerivation(info, e) || uses.AddsValuesOnly(e)) && addsDeadline(e.Args[0], seen)
		case *ast.Ident:
			v, ok := info.Uses[e].(*types.Var)
			if !ok || seen[v] {
				return false
			}
			seen[v] = true
			return slices.ContainsFunc(defs[v], func(r ast.Expr) bool { return r != nil && addsDeadline(r, seen) })
		}
		return false
	}
	// isRooted reports whether e, in caller, stands for a fresh root;
	// process says that the caller is main or a command.
	var isRooted func(e ast.Expr, caller *types.Func, process bool, seen map[*types.Var]bool) bool
	// rootMaker reports whether fn, a function of the package, returns a
	// fresh root (or a request built without a context) on every path that
	// returns one: newPostRequest(...), bg().
	rootMaker := func(fn *types.Func) bool {
		if is, ok := returnsRoot[fn]; ok {
			return is
		}
		returnsRoot[fn] = false
		// What a function returns is not in its caller's call: a context
		// whose cancel it defers is cancelled by the time it is returned.
		defer func(was bool) { synchronous = was }(synchronous)
		synchronous = false
		decl := bodies[fn]
		if decl == nil || fn.Type().(*types.Signature).Results().Len() == 0 {
			return false
		}
		is := everyReturn(decl.Body, func(res ast.Expr) (ok, counts bool) {
			if tv, ok := info.Types[res]; ok && tv.IsNil() {
				return false, false // an error path
			}
			// No caller: what it returns must be a root by itself, not
			// through the optimistic guess about its own parameters
			// (that guess changes as the fixpoint runs).
			return isRooted(res, nil, false, map[*types.Var]bool{}), true
		})
		returnsRoot[fn] = is
		return is
	}
	isRooted = func(e ast.Expr, caller *types.Func, process bool, seen map[*types.Var]bool) bool {
		switch e := ast.Unparen(e).(type) {
		case *ast.SelectorExpr:
			return commandContext(info, e) // cliCtx.Context
		case *ast.CallExpr:
			if ctxapi.IsFreshRoot(info, e) || rootlessRequest(info, e) {
				return true
			}
			// context.WithoutCancel(ctx): detached on purpose, with no
			// deadline and no cancel signal, whatever its parent had.
			if ctxapi.IsWithoutCancel(info, e) {
				return true
			}
			// ctx, cancel := context.WithCancel(root); defer cancel():
			// no signal while the function's own calls run.
			if synchronous && onReturn(e) {
				return isRooted(e.Args[0], caller, process, seen)
			}
			if sel, ok := ast.Unparen(e.Fun).(*ast.SelectorExpr); ok && len(e.Args) == 0 && commandContext(info, sel) {
				return true // cmd.Context()
			}
			// In main, a context that a package-level function given
			// nothing hands out (ctrl.SetupSignalHandler(), a signal
			// handler's) is the process's own: no request's can reach
			// it. A method's is not (r.Context() in a handler written
			// inside main).
			if process && len(e.Args) == 0 && packageLevel(info, e) && ctxapi.IsContextType(info.TypeOf(e)) {
				return true
			}
			if callee := ctxapi.Callee(info, e); callee != nil && callee.Pkg() == pass.Pkg && rootMaker(callee.Origin()) {
				return true
			}
			// A rooted context given only values (WithValue, a logger, a
			// trace) is still rooted. One given a cancel signal or a
			// deadline (WithCancel, WithTimeout, signal.NotifyContext: a
			// component's lifetime, main's time limit) has something to
			// honour.
			if len(e.Args) > 0 && uses.AddsValuesOnly(e) {
				return isRooted(e.Args[0], caller, process, seen)
			}
			// In main, a deadline or a signal is the process's own time
			// limit, not a request's: main is never on a request path,
			// nor is a command.
			if process && len(e.Args) > 0 && (ctxapi.IsDerivation(info, e) || derivesCall(info, e) || ctxapi.IsCallTo(info, e, "os/signal", "NotifyContext")) {
				// Below main, in code only main's path reaches, a
				// deadline is a budget the callees must keep (a stack
				// wait's WithTimeout(ctx, waitTimeout)): only main
				// itself sets the process's time limit.
				if caller != nil && caller == assumed && ctxapi.IsDeadlineDerivation(info, e) {
					return false
				}
				return isRooted(e.Args[0], caller, process, seen)
			}
		case *ast.Ident:
			v, ok := info.Uses[e].(*types.Var)
			if !ok || seen[v] {
				return ok // a cycle of assignments adds nothing
			}
			if caller != nil && rooted[caller] {
				if p := caller.Type().(*types.Signature).Params(); p.At(param[caller]) == v {
					return true
				}
			}
			if caller != nil && caller == assumed && v == contextParam(caller, iface) {
				// Unless it is given a deadline on the way (ctx, cancel
				// = context.WithTimeout(ctx, d)): a budget, as for the
				// derivations above.
				return !addsDeadline(e, map[*types.Var]bool{})
			}
			if commandParams[v] {
				return true
			}
			if v.Kind() == types.ParamVar && !bound[v] {
				// What a caller passed in comes first, whatever the
				// function assigns to the parameter later (ctx =
				// withTrace(ctx)).
				return false
			}
			rhs := defs[v]
			if len(rhs) == 0 {
				return false // a parameter, or set where it cannot be followed
			}
			seen[v] = true
			for _, r := range rhs {
				if r == nil || !isRooted(r, caller, process, seen) {
					return false
				}
			}
			return true
		}
		return false
	}
	for changed := true; changed; {
		changed = false
		for fn := range rooted {
			for _, s := range calls[fn] {
				i := param[fn]
				synchronous = !s.inGo
				is := i < len(s.call.Args) && isRooted(s.call.Args[i], s.caller, s.process, map[*types.Var]bool{})
				synchronous = false
				if !is {
					delete(rooted, fn)
					changed = true
					break
				}
			}
		}
	}
	// throughLocals reports whether e, followed through derivations
	// (WithCancel, values added) and the local variables it is set from,
	// always comes from something leaf accepts.
	var throughLocals func(e ast.Expr, leaf func(ast.Expr) bool, seen map[*types.Var]bool) bool
	throughLocals = func(e ast.Expr, leaf func(ast.Expr) bool, seen map[*types.Var]bool) bool {
		if leaf(e) {
			return true
		}
		switch e := ast.Unparen(e).(type) {
		case *ast.CallExpr:
			return len(e.Args) > 0 && (ctxapi.IsDerivation(info, e) || uses.AddsValuesOnly(e)) && throughLocals(e.Args[0], leaf, seen)
		case *ast.Ident:
			v, ok := info.Uses[e].(*types.Var)
			if !ok || v.Kind() == types.ParamVar && !bound[v] || len(defs[v]) == 0 {
				return false
			}
			if seen[v] {
				return true // a def through itself (ctx, cancel = WithCancel(ctx)): the others decide
			}
			seen[v] = true
			for _, r := range defs[v] {
				if r == nil || !throughLocals(r, leaf, seen) {
					return false
				}
			}
			return true
		}
		return false
	}
	freshRoot := func(e ast.Expr) bool {
		call, ok := ast.Unparen(e).(*ast.CallExpr)
		return ok && ctxapi.IsFreshRoot(info, call)
	}
	// lifetime reports whether e is a context a component keeps (a field,
	// a package variable) that the package only ever sets to a fresh root
	// of its own (c.ctx, c.cancel = context.WithCancel(context.Background())),
	// or one derived from it in the function: the component's lifetime,
	// which no caller's deadline is in. A kept context set from a caller's
	// (sc.ctx = ctx in Connect) carries that caller's deadline.
	var keptRoots map[*types.Var]bool
	keptRoot := func(e ast.Expr) bool {
		if !ctxapi.IsKept(info, e) {
			return false
		}
		if keptRoots == nil {
			keptRoots = rootOnlyKept(pass, insp, func(_ *types.Var, e ast.Expr) bool { return throughLocals(e, freshRoot, map[*types.Var]bool{}) })
		}
		return keptRoots[ctxflow.KeptVar(info, e)]
	}
	// A root given a cancel that the function does not call on its way
	// out (it keeps it, or calls it only on an error path) is the
	// lifetime of what it starts: bctx, bcancel :=
	// context.WithCancel(context.Background()) in a Listen that starts a
	// backend.
	ownLifetime := func(e ast.Expr) bool {
		call, ok := ast.Unparen(e).(*ast.CallExpr)
		return ok && outliving[call] && throughLocals(call.Args[0], freshRoot, map[*types.Var]bool{})
	}
	// lifetimeGetter reports whether fn, a function of the package without
	// parameters, returns a component's lifetime on every path (a process
	// context's Context() { return context.WithValue(b.ctx, ...) } over a
	// kept root): what it hands out has no caller's deadline either.
	var lifetime func(ast.Expr) bool
	givesLifetime := map[*types.Func]bool{} // memo; false while being decided
	lifetimeGetter := func(fn *types.Func) bool {
		if is, ok := givesLifetime[fn]; ok {
			return is
		}
		givesLifetime[fn] = false
		decl := bodies[fn]
		sig := fn.Type().(*types.Signature)
		if decl == nil || sig.Params().Len() != 0 || !ctxapi.ReturnsContext(fn) {
			return false
		}
		is := everyReturn(decl.Body, func(res ast.Expr) (ok, counts bool) { return lifetime(res), true })
		givesLifetime[fn] = is
		return is
	}
	gotLifetime := func(e ast.Expr) bool {
		call, ok := ast.Unparen(e).(*ast.CallExpr)
		if !ok || len(call.Args) != 0 {
			return false
		}
		fn := ctxapi.Callee(info, call)
		return fn != nil && fn.Pkg() == pass.Pkg && lifetimeGetter(fn.Origin())
	}
	lifetime = func(e ast.Expr) bool {
		return throughLocals(e, func(e ast.Expr) bool { return keptRoot(e) || ownLifetime(e) || gotLifetime(e) }, map[*types.Var]bool{})
	}
	// Detachment flows down the package's calls: a function only ever
	// launched or called by launched functions, each handing on its own
	// context (loop's c.redial(ctx) where only go c.loop(ctx) starts loop),
	// runs detached too; a worker the launching function waits for
	// (go w.work(ctx, &wg); wg.Wait()) does not pass it on. A launch
	// handing over a kept context is not enough on
	// its own: go func() { res <- fetch(c.ctx) }() and a select on res is
	// the caller's work, run in a goroutine only to be waited for.
	unwaited := map[*types.Func]bool{} // launched, and never waited for
	for fn := range launched {
		unwaited[fn] = launched[fn] && !slices.ContainsFunc(calls[fn], func(s site) bool { return s.waited })
	}
	for changed := true; changed; {
		changed = false
		for fn := range param {
			if launched[fn] || escaped[fn] || rooted[fn] || len(calls[fn]) == 0 {
				continue
			}
			all := !slices.ContainsFunc(calls[fn], func(s site) bool {
				return !(s.inGo && !s.waited || s.caller != nil && unwaited[s.caller]) || !passesOwnParam(info, defs, s.call, param[fn], s.caller)
			})
			if all {
				launched[fn], unwaited[fn], changed = true, true, true
			}
		}
	}
	classify := func(arg ast.Expr, caller *types.Func, process bool) argKind {
		// Only main and the commands of a command-line program make the
		// process's contexts: a fresh root elsewhere may well stand where
		// a request's context belongs (a ctx-less wrapper's
		// XWithContext(context.Background())).
		if process && isRooted(arg, caller, true, map[*types.Var]bool{}) || lifetime(arg) {
			return rootArg
		}
		if isRooted(arg, caller, false, map[*types.Var]bool{}) {
			return freshArg
		}
		if caller == nil || contextParam(caller, iface) == nil {
			return otherArg
		}
		// Code that only main's path reaches is main's: a root, a
		// deadline or a signal it adds is the process's own.
		assumed = caller
		defer func() { assumed = nil }()
		if isRooted(arg, caller, true, map[*types.Var]bool{}) {
			return callersArg
		}
		return otherArg
	}
	// getter returns the key of the function of another package, without
	// parameters, that arg is the result of (processContext.Context()),
	// directly or through a field or package variable the package only
	// ever sets to that function's result (t.ctx set to process.Context()
	// in a constructor), "" if none: the program summary asks its package
	// whether it hands out a component's lifetime.
	var keptGetters map[*types.Var]string
	getter := func(arg ast.Expr) string {
		if key := externalGetter(info, arg, pass.Pkg); key != "" {
			return key
		}
		if !ctxapi.IsKept(info, arg) {
			return ""
		}
		if keptGetters == nil {
			keys := map[*types.Var]string{}
			only := rootOnlyKept(pass, insp, func(v *types.Var, rhs ast.Expr) bool {
				key := externalGetter(info, rhs, pass.Pkg)
				if key == "" || keys[v] != "" && keys[v] != key {
					return false
				}
				keys[v] = key
				return true
			})
			keptGetters = map[*types.Var]string{}
			for v, ok := range only {
				if ok {
					keptGetters[v] = keys[v]
				}
			}
		}
		return keptGetters[ctxflow.KeptVar(info, arg)]
	}
	// keptFrom returns the function whose own context parameter the kept
	// context arg (a field, a package variable, or what the function
	// derives from one) only ever holds: s.ctx set in New(ctx) and nowhere
	// else holds what New was given, so a call handed it is as rooted as
	// New's callers make it. nil if there is no such function.
	var keptOwners map[*types.Var]*types.Func
	keptFrom := func(arg ast.Expr) *types.Func {
		if keptOwners == nil {
			ctxParamOf := map[*types.Var]*types.Func{}
			for fn := range bodies {
				if p := contextParam(fn, iface); p != nil {
					ctxParamOf[p] = fn
				}
			}
			owners := map[*types.Var]*types.Func{}
			only := rootOnlyKept(pass, insp, func(v *types.Var, rhs ast.Expr) bool {
				fromParam, owner := oneOwner(func(e ast.Expr) *types.Func {
					id, ok := ast.Unparen(e).(*ast.Ident)
					if !ok {
						return nil
					}
					p, _ := info.Uses[id].(*types.Var)
					return ctxParamOf[p]
				})
				if !throughLocals(rhs, fromParam, map[*types.Var]bool{}) || owners[v] != nil && owners[v] != owner() {
					return false
				}
				owners[v] = owner()
				return true
			})
			keptOwners = map[*types.Var]*types.Func{}
			for v, ok := range only {
				if ok {
					keptOwners[v] = owners[v]
				}
			}
		}
		if addsDeadline(arg, map[*types.Var]bool{}) {
			return nil // a budget of its own, which the callee must keep
		}
		held, owner := oneOwner(func(e ast.Expr) *types.Func {
			if !ctxapi.IsKept(info, e) {
				return nil
			}
			return keptOwners[ctxflow.KeptVar(info, e)]
		})
		if !throughLocals(arg, held, map[*types.Var]bool{}) {
			return nil
		}
		return owner()
	}
	lifetimes := func() []string {
		var keys []string
		for fn := range bodies {
			if fn.Exported() && lifetimeGetter(fn) {
				keys = append(keys, fn.Origin().FullName())
			}
		}
		slices.Sort(keys)
		return keys
	}
	boundRoot := func(v *types.Var, caller *types.Func, process bool) bool {
		if !bound[v] {
			return false
		}
		seen := map[*types.Var]bool{v: true}
		return !slices.ContainsFunc(defs[v], func(r ast.Expr) bool { return r == nil || !isRooted(r, caller, process, seen) })
	}
	return callerFacts{rooted, launched, afterDone, rootedTypes(pass, insp, ctxTypes, forProcess, isRooted), classify, forProcess, lifetimes, getter, keptFrom, boundRoot}
}

// oneOwner returns a leaf for throughLocals that accepts the expressions
// ownerOf maps to a function, as long as they all map to the same one, and
// a function that returns that one (nil before any leaf is accepted).
func oneOwner(ownerOf func(ast.Expr) *types.Func) (leaf func(ast.Expr) bool, owner func() *types.Func) {
	var found *types.Func
	leaf = func(e ast.Expr) bool {
		fn := ownerOf(e)
		if fn == nil || found != nil && found != fn {
			return false
		}
		found = fn
		return true
	}
	return leaf, func() *types.Func { return found }
}

// argKind is what a call hands a function for its context, as far as the
// package can tell.
type argKind int

const (
	otherArg   argKind = iota // possibly a caller's deadline
	rootArg                   // main's or a command's context, handed on in main or a command
	callersArg                // the calling function's own context parameter, or values on it
	// freshArg is a fresh root made outside main and the commands (or
	// the parameter of a function its package only hands such roots): no
	// caller's deadline, but it may stand where one belongs (a ctx-less
	// wrapper's XWithContext(context.Background())), so it settles only a
	// callee that nothing outside the module can call.
	freshArg
)

// everyReturn reports whether body, outside its closures, returns at
// least once where result counts, and what each such return gives first
// passes result; a bare return (named results, not followed) fails.
func everyReturn(body *ast.BlockStmt, result func(ast.Expr) (ok, counts bool)) bool {
	is, returns := true, false
	ast.Inspect(body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.ReturnStmt:
			if len(n.Results) == 0 {
				is = false
				return false
			}
			if ok, counts := result(n.Results[0]); counts {
				returns = true
				is = is && ok
			}
		}
		return true
	})
	return is && returns
}

// derivesCall reports whether call derives a context from its first
// argument outside package context (g, gctx := errgroup.WithContext(ctx)).
func derivesCall(info *types.Info, call *ast.CallExpr) bool {
	fn := ctxapi.Callee(info, call)
	return fn != nil && ctxapi.Derives(fn)
}

// contextParam returns fn's first context.Context parameter, nil if none.
func contextParam(fn *types.Func, iface *types.Interface) *types.Var {
	if i := contextParamIndex(fn, iface); i >= 0 {
		return fn.Type().(*types.Signature).Params().At(i)
	}
	return nil
}

// contextParamIndex returns the index of fn's first context.Context
// parameter, -1 if none.
func contextParamIndex(fn *types.Func, iface *types.Interface) int {
	return sigContextIndex(fn.Type().(*types.Signature), iface)
}

// sigContextIndex is the index of sig's first context parameter, -1 if
// none: a function's, or a named function type's (a registry's
// constructor).
func sigContextIndex(sig *types.Signature, iface *types.Interface) int {
	for i := range sig.Params().Len() {
		if ctxapi.IsContext(sig.Params().At(i).Type(), iface) {
			return i
		}
	}
	return -1
}

// callerFacts is what the package's own calls and constructions tell about
// its functions' contexts (see rootedByCallers).
type callerFacts struct {
	rooted, launched, afterDone map[*types.Func]bool
	rootedTypes                 map[*types.TypeName]bool
	// classify says what the context argument arg of a call in caller is
	// (process: caller is main or a command); nil when the package has
	// no candidate at all.
	classify func(arg ast.Expr, caller *types.Func, process bool) argKind
	// forProcess is the code that runs for the process (processFuncs).
	forProcess *processCode
	// lifetimes returns the keys of the package's exported functions
	// without parameters that hand out a component's lifetime (a process
	// context's Context()), for the program summary.
	lifetimes func() []string
	// getter returns the key of another package's getter whose result arg
	// is, directly or kept (see rootedByCallers), "" if none.
	getter func(arg ast.Expr) string
	// keptFrom returns the function of the package whose context
	// parameter the kept context arg only ever holds (see
	// rootedByCallers), nil if none.
	keptFrom func(arg ast.Expr) *types.Func
	// boundRoot reports whether v is the context parameter of a literal
	// run where it stands (go func(ctx context.Context) { ... }(ctx)) that
	// only ever holds a fresh root, in caller.
	boundRoot func(v *types.Var, caller *types.Func, process bool) bool
}

// externalGetter returns the key of the function of another package
// (outside the standard library), without parameters, that e calls to get
// a context (pc.Context()), "" if e is not such a call.
func externalGetter(info *types.Info, e ast.Expr, pkg *types.Package) string {
	call, ok := ast.Unparen(e).(*ast.CallExpr)
	if !ok || len(call.Args) != 0 {
		return ""
	}
	fn := ctxapi.Callee(info, call)
	if fn == nil || fn.Pkg() == nil || fn.Pkg() == pkg || ctxapi.IsStdlib(fn.Pkg().Path()) || !ctxapi.ReturnsContext(fn) {
		return ""
	}
	return fn.Origin().FullName()
}

// processCode is a package's code that runs for the process, not for a
// request: main, the helpers only main calls, the commands of a
// command-line program, and a framework's callbacks on a component's
// lifetime (a controller's Reconcile: see commandFunc).
type processCode struct {
	info     *types.Info
	mainOnly map[*types.Func]bool   // mainOnlyFuncs
	commands map[*ast.FuncType]bool // commandValues
}

// processFuncs finds the package's processCode.
func processFuncs(pass *analysis.Pass, insp *inspector.Inspector, iface *types.Interface) *processCode {
	return &processCode{pass.TypesInfo, mainOnlyFuncs(pass, insp, iface), commandValues(pass.Pkg, pass.TypesInfo, insp)}
}

// command reports whether a function of type ft runs for the process as a
// command does: commandFunc says so from its signature, or a framework
// runs it as a command's body (commandValues).
func (p *processCode) command(ft *ast.FuncType) bool {
	return p.commands[ft] || commandFunc(p.info, ft)
}

// enclosing returns the declared function the code at cur is in (nil
// in a package-level initialiser), and whether that code runs for the
// process: in main, or in a command of a command-line program.
func (p *processCode) enclosing(cur inspector.Cursor) (caller *types.Func, process bool) {
	inCommand := false
	for d := range cur.Enclosing((*ast.FuncDecl)(nil), (*ast.FuncLit)(nil)) {
		ft, _ := ctxflow.FuncParts(d.Node())
		inCommand = inCommand || p.command(ft)
		if decl, ok := d.Node().(*ast.FuncDecl); ok {
			caller, _ = p.info.Defs[decl.Name].(*types.Func)
		}
	}
	return caller, isMain(caller) || p.mainOnly[caller] || inCommand
}

// mainOnlyFuncs returns the functions of package main without a context
// or request of their own that only main, or other such functions, call
// (func main() { if err := run(); ... } with run's ctx :=
// context.Background()): their code runs for the process as main's does,
// and the contexts they make are the process's. Calls from tests do not
// count; a function referred to other than by a static call does not
// qualify.
func mainOnlyFuncs(pass *analysis.Pass, insp *inspector.Inspector, iface *types.Interface) map[*types.Func]bool {
	if pass.Pkg.Name() != "main" {
		return nil
	}
	info := pass.TypesInfo
	callers := map[*types.Func][]*types.Func{}
	escaped := map[*types.Func]bool{}
	for cur := range insp.Root().Preorder((*ast.Ident)(nil)) {
		id := cur.Node().(*ast.Ident)
		fn, ok := info.Uses[id].(*types.Func)
		if !ok || fn.Pkg() != pass.Pkg {
			continue
		}
		if strings.HasSuffix(pass.Fset.File(id.Pos()).Name(), "_test.go") {
			continue
		}
		c := cur
		if sel, ok := c.Parent().Node().(*ast.SelectorExpr); ok && sel.Sel == id {
			c = c.Parent()
		}
		call, ok := c.Parent().Node().(*ast.CallExpr)
		var caller *types.Func
		for d := range c.Enclosing((*ast.FuncDecl)(nil), (*ast.FuncLit)(nil)) {
			if _, lit := d.Node().(*ast.FuncLit); lit {
				break // a closure runs where it is taken: not followed
			}
			caller, _ = info.Defs[d.Node().(*ast.FuncDecl).Name].(*types.Func)
		}
		if !ok || call.Fun != c.Node() || caller == nil {
			escaped[fn] = true
			continue
		}
		callers[fn] = append(callers[fn], caller)
	}
	only := map[*types.Func]bool{}
	for fn, list := range callers {
		sig := fn.Type().(*types.Signature)
		if escaped[fn] || sig.Recv() != nil || len(list) == 0 || contextParam(fn, iface) != nil || hasRequestParam(sig) {
			continue
		}
		only[fn] = true // optimistic; the loop below takes back
	}
	for changed := true; changed; {
		changed = false
		for fn := range only {
			for _, c := range callers[fn] {
				if !isMain(c) && !only[c] {
					delete(only, fn)
					changed = true
					break
				}
			}
		}
	}
	return only
}

func hasRequestParam(sig *types.Signature) bool {
	for p := range sig.Params().Variables() {
		if ctxapi.IsHTTPRequest(p.Type()) {
			return true
		}
	}
	return false
}

// embeddedContext is the context.Context a struct type embeds: the
// field's name and index.
type embeddedContext struct {
	name  string
	index int
}

// contextTypes returns the package's own context types that only the
// package can build: structs embedding a context.Context, unexported or
// declared in package main.
func contextTypes(pass *analysis.Pass, iface *types.Interface) map[*types.TypeName]embeddedContext {
	var out map[*types.TypeName]embeddedContext
	scope := pass.Pkg.Scope()
	for _, name := range scope.Names() {
		tn, ok := scope.Lookup(name).(*types.TypeName)
		if !ok || tn.IsAlias() || tn.Exported() && pass.Pkg.Name() != "main" {
			continue
		}
		st, ok := tn.Type().Underlying().(*types.Struct)
		if !ok {
			continue
		}
		for i := range st.NumFields() {
			if f := st.Field(i); f.Embedded() && ctxapi.IsContext(f.Type(), iface) {
				if out == nil {
					out = map[*types.TypeName]embeddedContext{}
				}
				out[tn] = embeddedContext{f.Name(), i}
				break
			}
		}
	}
	return out
}

// rootedTypes keeps the context types (see contextTypes) that the package
// builds, in composite literals only, around fresh roots (or main's
// contexts, or a rooted parameter): a command-line tool's &Context{Context:
// ctx} around main's Background, handed to each of its checks. A parameter
// of such a type brings no caller's deadline. A type whose context field
// is assigned anywhere else is not kept.
func rootedTypes(pass *analysis.Pass, insp *inspector.Inspector, candidates map[*types.TypeName]embeddedContext, forProcess *processCode, isRooted func(ast.Expr, *types.Func, bool, map[*types.Var]bool) bool) map[*types.TypeName]bool {
	if len(candidates) == 0 {
		return nil
	}
	info := pass.TypesInfo
	rooted := map[*types.TypeName]bool{}
	spoilt := map[*types.TypeName]bool{}
	for cur := range insp.Root().Preorder((*ast.CompositeLit)(nil), (*ast.SelectorExpr)(nil)) {
		switch n := cur.Node().(type) {
		case *ast.SelectorExpr:
			sel := info.Selections[n]
			if sel == nil || sel.Kind() != types.FieldVal {
				continue
			}
			tn := typeName(sel.Recv())
			if field, ok := candidates[tn]; ok && n.Sel.Name == field.name && (ctxflow.IsAssigned(cur) || ctxflow.IsAddressed(cur)) {
				spoilt[tn] = true
			}
		case *ast.CompositeLit:
			tn := typeName(info.TypeOf(n))
			field, ok := candidates[tn]
			if !ok {
				continue
			}
			rooted[tn] = true
			var value ast.Expr
			for i, elt := range n.Elts {
				if kv, ok := elt.(*ast.KeyValueExpr); ok {
					if id, ok := kv.Key.(*ast.Ident); ok && id.Name == field.name {
						value = kv.Value
					}
				} else if i == field.index {
					value = elt
				}
			}
			caller, process := forProcess.enclosing(cur)
			if value != nil && !isRooted(value, caller, process, map[*types.Var]bool{}) {
				spoilt[tn] = true
			}
		}
	}
	for tn := range spoilt {
		delete(rooted, tn)
	}
	return rooted
}

// typeName returns the named type t is or points to, nil for any other.
func typeName(t types.Type) *types.TypeName {
	if p, ok := types.Unalias(t).(*types.Pointer); ok {
		t = p.Elem()
	}
	if n, ok := types.Unalias(t).(*types.Named); ok {
		return n.Origin().Obj()
	}
	return nil
}

// lifecycleHook reports whether fn, given only a context and returning at
// most an error, is a service's run or tick function (starting(ctx),
// iteration(ctx)): handed over as a value and never called here, it runs
// with the context of whatever runs the service, a lifetime. A request
// handler takes the request too.
func lifecycleHook(fn *types.Func, iface *types.Interface) bool {
	sig := fn.Type().(*types.Signature)
	res := sig.Results()
	return sig.Params().Len() == 1 && ctxapi.IsContext(sig.Params().At(0).Type(), iface) &&
		(res.Len() == 0 || res.Len() == 1 && types.Identical(res.At(0).Type(), types.Universe.Lookup("error").Type()))
}

// commandContext reports whether sel is a command's context: the
// Context method or field of a command type (cmd.Context, cliCtx.Context).
func commandContext(info *types.Info, sel *ast.SelectorExpr) bool {
	return sel.Sel.Name == "Context" && IsCommand(info.TypeOf(sel.X))
}

// isMain reports whether fn is a program's main function.
func isMain(fn *types.Func) bool {
	return fn != nil && fn.Name() == "main" && fn.Pkg() != nil && fn.Pkg().Name() == "main" && fn.Type().(*types.Signature).Recv() == nil
}

// recordDefs remembers what each local context variable on the left is
// set from; nil stands for a value that cannot be followed (a second
// result of a call that is not a derivation).
func recordDefs(info *types.Info, iface *types.Interface, defs map[*types.Var][]ast.Expr, lhs, rhs []ast.Expr) {
	for i, l := range lhs {
		id, ok := ast.Unparen(l).(*ast.Ident)
		if !ok {
			continue
		}
		obj := info.Defs[id]
		if obj == nil {
			obj = info.Uses[id]
		}
		v, ok := obj.(*types.Var)
		if !ok || v.IsField() || !ctxapi.IsContext(v.Type(), iface) && !ctxapi.IsHTTPRequest(v.Type()) {
			continue
		}
		switch {
		case len(lhs) == len(rhs):
			defs[v] = append(defs[v], rhs[i])
		case len(rhs) == 1:
			// ctx, cancel := context.WithCancel(parent); g, ctx :=
			// errgroup.WithContext(parent): the context comes from the call.
			defs[v] = append(defs[v], rhs[0])
		}
	}
}

// recordBound records, for a function literal called where it stands with
// args, that each context parameter of the literal is set from its
// argument (defs) and is bound; a variadic literal, or one called with a
// call's results spread over its parameters, is left alone.
func recordBound(info *types.Info, iface *types.Interface, defs map[*types.Var][]ast.Expr, bound map[*types.Var]bool, lit *ast.FuncLit, args []ast.Expr) {
	sig, ok := info.TypeOf(lit).(*types.Signature)
	if !ok || sig.Variadic() || sig.Params().Len() != len(args) {
		return
	}
	for i := range sig.Params().Len() {
		bindParam(iface, defs, bound, sig.Params().At(i), args[i])
	}
}

// bindParam records that v, a literal's parameter, holds arg when the
// literal runs, if v is a context (named or not: an unnamed one is still
// the literal's context, and names none of the caller's).
func bindParam(iface *types.Interface, defs map[*types.Var][]ast.Expr, bound map[*types.Var]bool, v *types.Var, arg ast.Expr) {
	if ctxapi.IsContext(v.Type(), iface) {
		defs[v] = append(defs[v], arg)
		bound[v] = true
	}
}

// handoffs returns how the callee of call runs its function arguments
// with its context arguments (ctxuse's Handoffs, and the standard
// library's knowledge.Handers).
func handoffs(info *types.Info, uses *ctxuse.Result, call *ast.CallExpr) []ctxuse.Handoff {
	if fn := ctxapi.Callee(info, call); fn != nil {
		if h, ok := knowledge.Handers[fn.FullName()]; ok && h.Ctx < len(call.Args) && h.Func < len(call.Args) {
			return []ctxuse.Handoff{{Func: h.Func, Ctx: h.Ctx, Arg: 0}}
		}
	}
	if uses == nil {
		return nil
	}
	return uses.Handoffs(call)
}

// passesOwnParam reports whether the call's i-th argument is the calling
// function's own context: a parameter, its request's context
// (r.Context()), or a local only ever set to one of those (defs).
func passesOwnParam(info *types.Info, defs map[*types.Var][]ast.Expr, call *ast.CallExpr, i int, caller *types.Func) bool {
	if caller == nil || i >= len(call.Args) {
		return false
	}
	params := caller.Type().(*types.Signature).Params()
	memo := map[*types.Var]bool{} // false while being decided: a cycle adds nothing
	var own func(e ast.Expr) bool
	own = func(e ast.Expr) bool {
		if ctxapi.ParamIndex(info, params, e) >= 0 {
			return true
		}
		if call, ok := ast.Unparen(e).(*ast.CallExpr); ok {
			// r.Context(), and a copy of the request given its own
			// context again (r.Clone(r.Context()), r.WithContext(ctx)).
			if ctxapi.IsRequestContext(info, call) {
				return own(ast.Unparen(call.Fun).(*ast.SelectorExpr).X)
			}
			return requestRebind(info, call) && own(ast.Unparen(call.Fun).(*ast.SelectorExpr).X) && own(call.Args[0])
		}
		// A local only ever set to one of those.
		v := ctxflow.VarOf(info, e)
		if v == nil || len(defs[v]) == 0 {
			return false
		}
		if is, ok := memo[v]; ok {
			return is
		}
		memo[v] = false
		is := !slices.ContainsFunc(defs[v], func(d ast.Expr) bool { return d == nil || !own(d) })
		memo[v] = is
		return is
	}
	return own(call.Args[i])
}

// requestRebind reports whether call is req.Clone(ctx) or
// req.WithContext(ctx) on an *http.Request.
func requestRebind(info *types.Info, call *ast.CallExpr) bool {
	fn := ctxapi.Callee(info, call)
	if fn == nil || len(call.Args) != 1 || fn.Name() != "Clone" && fn.Name() != "WithContext" {
		return false
	}
	recv := fn.Type().(*types.Signature).Recv()
	return recv != nil && ctxapi.IsHTTPRequest(recv.Type())
}

// inlineOfLaunch reports whether the call at cur, a statement of its own,
// is the inline twin of a launch: the other branch of its if starts the
// same function with a go statement (if testMode { c.put(ctx, k) } else
// { go c.put(ctx, k) }). Both run the same detached work; the inline one
// only makes it observable to tests or a flag.
func inlineOfLaunch(info *types.Info, cur inspector.Cursor, fn *types.Func) bool {
	stmt, ok := cur.Parent().Node().(*ast.ExprStmt)
	if !ok {
		return false
	}
	block, ok := cur.Parent().Parent().Node().(*ast.BlockStmt)
	if !ok {
		return false
	}
	ifs, ok := cur.Parent().Parent().Parent().Node().(*ast.IfStmt)
	if !ok || stmt.X != cur.Node() {
		return false
	}
	other, _ := ifs.Else.(*ast.BlockStmt)
	if ifs.Else == block {
		other = ifs.Body
	}
	if other == nil {
		return false
	}
	for _, st := range other.List {
		if g, ok := st.(*ast.GoStmt); ok {
			if callee := ctxapi.Callee(info, g.Call); callee != nil && callee.Origin() == fn {
				return true
			}
		}
	}
	return false
}

// rootlessRequest reports whether call builds an *http.Request that
// carries only the background context: http.NewRequest, or one parsed by
// http.ReadRequest from bytes the code read itself. A function handed
// only such requests has no caller's deadline in them: it is a client
// building its own, not a handler of an inbound one.
func rootlessRequest(info *types.Info, call *ast.CallExpr) bool {
	return ctxapi.IsCallTo(info, call, "net/http", "NewRequest") || ctxapi.IsCallTo(info, call, "net/http", "ReadRequest")
}

// rootOnlyKept returns the fields and package variables of the package
// that hold contexts and that every write in the package sets to
// something fromRoot accepts: assignments (c.ctx = ..., c.ctx, c.cancel =
// context.WithCancel(...)), struct literals (&T{ctx: ...}) and
// initialisers. Only unexported ones: another package may set an
// exported field (client.Ctx = ctx) out of view.
func rootOnlyKept(pass *analysis.Pass, insp *inspector.Inspector, fromRoot func(v *types.Var, rhs ast.Expr) bool) map[*types.Var]bool {
	info := pass.TypesInfo
	ok := map[*types.Var]bool{}
	write := func(v *types.Var, rhs ast.Expr) {
		// An exported one may be set by other packages' code, out of view.
		if v == nil || v.Pkg() != pass.Pkg || v.Exported() {
			return
		}
		if prev, seen := ok[v]; seen && !prev {
			return
		}
		ok[v] = rhs != nil && fromRoot(v, rhs)
	}
	for cur := range insp.Root().Preorder((*ast.AssignStmt)(nil), (*ast.CompositeLit)(nil), (*ast.ValueSpec)(nil)) {
		switch n := cur.Node().(type) {
		case *ast.AssignStmt:
			for i, l := range n.Lhs {
				if !ctxapi.IsKept(info, l) {
					continue
				}
				var rhs ast.Expr
				switch {
				case len(n.Lhs) == len(n.Rhs):
					rhs = n.Rhs[i]
				case len(n.Rhs) == 1 && i == 0:
					if call, isCall := ast.Unparen(n.Rhs[0]).(*ast.CallExpr); isCall && ctxapi.IsDerivation(info, call) {
						rhs = call
					}
				}
				write(ctxflow.KeptVar(info, l), rhs)
			}
		case *ast.CompositeLit:
			st, _ := typeUnder(info.TypeOf(n)).(*types.Struct)
			for i, elt := range n.Elts {
				if kv, isKV := elt.(*ast.KeyValueExpr); isKV {
					if id, isID := kv.Key.(*ast.Ident); isID {
						if v, isVar := info.Uses[id].(*types.Var); isVar && v.IsField() {
							write(v, kv.Value)
						}
					}
				} else if st != nil && i < st.NumFields() {
					write(st.Field(i), elt) // T{ctx, cancel}
				}
			}
		case *ast.ValueSpec:
			for i, id := range n.Names {
				if v, isVar := info.Defs[id].(*types.Var); isVar && v.Parent() == pass.Pkg.Scope() {
					var rhs ast.Expr
					if len(n.Values) == len(n.Names) {
						rhs = n.Values[i]
					}
					write(v, rhs)
				}
			}
		}
	}
	return ok
}

// typeUnder is t's underlying type, through a pointer.
func typeUnder(t types.Type) types.Type {
	if t == nil {
		return nil
	}
	if p, ok := t.Underlying().(*types.Pointer); ok {
		return p.Elem().Underlying()
	}
	return t.Underlying()
}

// withCancel splits the assignment at cur, ctx, cancel :=
// context.WithCancel(parent) (or WithCancelCause), into the call, the local
// variable that holds the cancel, and the function it is in; ok is false
// for any other assignment, and for a cancel kept in a field or dropped.
func withCancel(info *types.Info, cur inspector.Cursor, as *ast.AssignStmt) (call *ast.CallExpr, cancel *types.Var, fn inspector.Cursor, ok bool) {
	if len(as.Lhs) != 2 || len(as.Rhs) != 1 {
		return nil, nil, fn, false
	}
	call, ok = ast.Unparen(as.Rhs[0]).(*ast.CallExpr)
	if !ok || !ctxapi.IsCallTo(info, call, "context", "WithCancel") && !ctxapi.IsCallTo(info, call, "context", "WithCancelCause") {
		return nil, nil, fn, false
	}
	if cancel = ctxflow.VarOf(info, as.Lhs[1]); cancel == nil {
		return nil, nil, fn, false
	}
	fn, ok = ctxflow.EnclosingFunc(cur)
	return call, cancel, fn, ok
}

// cancelledOnReturn reports whether the assignment at cur is ctx, cancel
// := context.WithCancel(parent) (or WithCancelCause) and its function does
// nothing with the cancel but defer it: the context is cancelled only once
// the function returns, after every call it makes in its own goroutine has
// returned.
func cancelledOnReturn(info *types.Info, cur inspector.Cursor, as *ast.AssignStmt) bool {
	_, cancel, fn, ok := withCancel(info, cur, as)
	if !ok {
		return false
	}
	deferred := false
	for id := range fn.Preorder((*ast.Ident)(nil)) {
		if info.Uses[id.Node().(*ast.Ident)] != cancel {
			continue
		}
		d, ok := id.Parent().Parent().Node().(*ast.DeferStmt)
		if !ok || d.Call.Fun != id.Node() {
			return false // called, handed on or kept elsewhere
		}
		if in, _ := ctxflow.EnclosingFunc(id); in != fn {
			return false // a closure's defer: it may run any time
		}
		deferred = true
	}
	return deferred
}

// outlivingCancel returns the context.WithCancel (or WithCancelCause) call
// of the assignment at cur (ctx, cancel := context.WithCancel(parent)) when
// its function never cancels it on the way out: no defer cancel(), and no
// cancel() among the statements the function always runs (its body's own
// list), nor in a closure (a goroutine that cancels on a signal). A cancel
// kept in a field, handed on, or called only on an error path leaves the
// context alive after the function returns.
func outlivingCancel(info *types.Info, cur inspector.Cursor, as *ast.AssignStmt) (*ast.CallExpr, bool) {
	call, cancel, fn, ok := withCancel(info, cur, as)
	if !ok {
		return nil, false
	}
	_, body := ctxflow.FuncParts(fn.Node())
	if body == nil {
		return nil, false
	}
	isCancel := func(e ast.Expr) bool {
		c, ok := ast.Unparen(e).(*ast.CallExpr)
		return ok && ctxflow.VarOf(info, c.Fun) == cancel
	}
	for _, stmt := range body.List {
		if es, ok := stmt.(*ast.ExprStmt); ok && isCancel(es.X) {
			return nil, false
		}
	}
	for d := range fn.Preorder((*ast.DeferStmt)(nil)) {
		if isCancel(d.Node().(*ast.DeferStmt).Call) {
			return nil, false
		}
	}
	// A cancel a closure calls (a goroutine waiting for a signal, a stop
	// hook) ends the context on an event: a reload, a shutdown. Work
	// under it has that signal to honour. A deferred closure runs on the
	// way out: it ends the context if it cancels whatever happens, not if
	// only on an error (defer func() { if err != nil { cancel() } }()).
	for lit := range fn.Preorder((*ast.FuncLit)(nil)) {
		if lit == fn {
			continue
		}
		body := lit.Node().(*ast.FuncLit).Body
		if c, ok := lit.Parent().Node().(*ast.CallExpr); ok && c.Fun == lit.Node() {
			if _, deferred := lit.Parent().Parent().Node().(*ast.DeferStmt); deferred {
				for _, stmt := range body.List {
					if es, ok := stmt.(*ast.ExprStmt); ok && isCancel(es.X) {
						return nil, false
					}
				}
				continue
			}
		}
		for c := range lit.Preorder((*ast.CallExpr)(nil)) {
			if isCancel(c.Node().(*ast.CallExpr)) {
				return nil, false
			}
		}
	}
	return call, true
}

// packageLevel reports whether call calls a package-level function or
// variable (signals.Setup(), a var holding a function); a method or a
// local's is not.
func packageLevel(info *types.Info, call *ast.CallExpr) bool {
	obj := typeutil.Callee(info, call)
	return obj != nil && obj.Pkg() != nil && obj.Parent() == obj.Pkg().Scope()
}
