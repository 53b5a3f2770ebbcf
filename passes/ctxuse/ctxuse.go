package ctxuse

import (
	"cmp"
	_ "embed"
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"reflect"
	"slices"
	"strings"
	"sync"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/passes/inspect"
	"golang.org/x/tools/go/ast/inspector"

	"github.com/budgetlint/budgetlint/internal/ctxapi"
	"github.com/budgetlint/budgetlint/internal/ctxflow"
	"github.com/budgetlint/budgetlint/internal/knowledge"
	"github.com/budgetlint/budgetlint/internal/passdoc"
)

var Analyzer = passdoc.Analyzer(&analysis.Analyzer{
	Name:       "ctxuse",
	Doc:        analyzerDoc,
	Requires:   []*analysis.Analyzer{inspect.Analyzer},
	Run:        run,
	ResultType: reflect.TypeFor[*Result](),
	FactTypes:  []analysis.Fact{new(Fact)},
})

// Fact records, by parameter index (the receiver not counted), what a
// function does with its arguments where that differs from what an unknown
// function is assumed to do (observe every context, check none, launch
// nothing, attach nothing). Functions with nothing to say get no fact.
type Fact struct {
	Ignores []int // context parameters that reach nothing observing cancellation
	// IfCancellable lists the context parameters it observes only once
	// it has found that they can be cancelled (ctx.Done() != nil), itself
	// or through callees that do the same: a helper that asks whether the
	// context could have expired before blaming a connection for an
	// error; or only in one check up front (ctxflow.EntryCheck) before
	// work that never looks at them again. context.Background() and TODO() never can, so a root of
	// theirs handed there is observed by nothing.
	IfCancellable []int
	Checks        []int // context parameters whose cancellation it checks and reports
	Launches      []int // function parameters it runs in a go statement
	// Watches lists the context parameters it hands to a goroutine of its
	// own that waits for their Done() and returns without waiting for it: a
	// cancel watcher (watchCancel(ctx) breaks the connection when ctx is
	// done), which keeps the work after it cancellable.
	Watches []int
	// Detaches lists the context parameters it reads only in goroutines it
	// starts and does not wait for (go func() { rollback(ctx) }()), or
	// hands only to such parameters: a root given there is detached work.
	Detaches []int
	// Keeps lists the context parameters it keeps beyond the call as the
	// lifetime of something it starts or builds (ctxflow.Lifetime: stored
	// in a field, itself or derived, or the cancel of a derivation stored,
	// as an engine's Open keeps vre.cancelRetry = cancel for the retry
	// loop it starts), or hands to a callee that keeps it.
	Keeps []int
	// Memoises lists the function parameters it runs once for every caller,
	// keeping the result in a field (a prepared-query cache's prepare(f)).
	Memoises []int
	// AfterDone lists the function parameters it calls only once a
	// context is done (select { case <-ctx.Done(): shutdown() }): a
	// clean-up handed over to run after the caller has gone.
	AfterDone []int
	// Stores lists the function parameters it only keeps, to be called
	// later by someone else: assigned or appended to a field or package
	// variable (a callback registration, s.hooks = append(s.hooks, fn)),
	// or sent on a channel (a work queue's q.jobs <- fn).
	Stores []int
	// Wraps lists the function parameters it calls only inside closures
	// it returns, itself or in a struct (a predicate builder's
	// Funcs{Create: func(e Event) bool { return filter(e.Object) }}): the
	// function handed to it runs when what it returns runs.
	Wraps []int
	// Calls lists the function parameters it calls before it returns:
	// in its body, or in closures it hands to callees that do the same (a
	// client helper's WithClient(fn) that runs fn(conn) on a pooled
	// connection). What such a function runs is its caller's work.
	Calls    []int
	Attaches []int // *http.Request parameters it gives a context before use
	// Inspects lists the *http.Request parameters it only reads or fills
	// in (fields, headers, cookies), itself or through callees that do the
	// same: it never sends, keeps, returns or hands them on (oauth2's
	// Token.SetAuthHeader, a signer's presign step).
	Inspects []int
	// Hijacks lists the http.ResponseWriter parameters whose connection it
	// takes over (a Hijack() on it, a websocket upgrade): after a call of
	// it the handler's request no longer reports the client (see
	// inbound's firstHijack).
	Hijacks []int
	// ChecksStored marks a method that reads the cancellation (Err, Done,
	// Deadline) of a context held in a field of its receiver: a backoff's
	// Ongoing() or Wait() on the context it was built with.
	ChecksStored bool
	// AddsValues lists the context parameters that the function returns
	// with values added and nothing else (return context.WithValue(ctx,
	// k, v)): its result is cancelled exactly when the parameter is.
	AddsValues []int
	// IfZero lists the context parameters observed only when another
	// parameter holds its zero value (see Guard).
	IfZero []Guard
	// IfNonZero lists the context parameters observed only when another
	// parameter holds a value other than its zero value (if version > 0 {
	// return remote.Read(ctx, version) }): a caller that passes the zero
	// constant has nothing of its context observed there (see Guard).
	IfNonZero []Guard
	// Hands lists the function parameters it calls with one of its context
	// parameters itself, unchanged (see Handoff): a subscription's
	// Consume(ctx, handle) that runs handle(ctx, msg), so that the callback
	// receives exactly the context its registrar passed.
	Hands []Handoff
	// Roots lists the function parameters it calls with a fresh root of
	// its own for a context argument (see Rooting): a runner's
	// withTimeout(fn) that makes context.WithTimeout(context.Background(),
	// d) and runs fn(ctx). What fn is handed is no caller's context.
	Roots []Rooting
	// Polls marks a context form (XContext, XWithContext) that calls its
	// plain sibling X in a loop that also reads its context: it asks X
	// again until X answers or the context is done (a store's
	// PrimaryInfoWithContext polling PrimaryInfo). X is then the one-shot
	// question, not the same request without a context.
	Polls bool
	// AgreedIn names the module where part of the fact was decided by what
	// an interface's implementations there agree on (see methodFact).
	// Another module may implement the interface otherwise (a storage
	// library's in-memory bucket ignores its context; the cloud ones do
	// not), so only that module trusts the fact.
	AgreedIn string
}

func (*Fact) AFact() {}

func (f *Fact) String() string {
	var parts []string
	for _, p := range []struct {
		name string
		idx  []int
	}{{"ignores", f.Ignores}, {"observes if cancellable", f.IfCancellable}, {"checks", f.Checks}, {"launches", f.Launches}, {"memoises", f.Memoises}, {"after done", f.AfterDone}, {"stores", f.Stores}, {"wraps", f.Wraps}, {"calls", f.Calls}, {"watches", f.Watches}, {"detaches", f.Detaches}, {"keeps", f.Keeps}, {"attaches", f.Attaches}, {"inspects", f.Inspects}, {"hijacks", f.Hijacks}, {"adds values to", f.AddsValues}} {
		if len(p.idx) > 0 {
			parts = append(parts, fmt.Sprintf("%s %v", p.name, p.idx))
		}
	}
	if f.ChecksStored {
		parts = append(parts, "checks stored")
	}
	if f.Polls {
		parts = append(parts, "polls its plain form")
	}
	for _, g := range f.IfZero {
		parts = append(parts, fmt.Sprintf("observes %d only if %d is zero", g.Ctx, g.Param))
	}
	for _, g := range f.IfNonZero {
		parts = append(parts, fmt.Sprintf("observes %d only if %d is not zero", g.Ctx, g.Param))
	}
	for _, h := range f.Hands {
		parts = append(parts, fmt.Sprintf("hands %d to argument %d of %d", h.Ctx, h.Arg, h.Func))
	}
	for _, g := range f.Roots {
		parts = append(parts, fmt.Sprintf("roots argument %d of %d", g.Arg, g.Func))
	}
	return strings.Join(parts, "; ")
}

// empty reports whether the fact says nothing worth exporting. IfNonZero
// alone does not count: a function that otherwise observes its context
// keeps, for other packages, the default of a function without a fact (a
// logger package's CriticalIf(ctx, err), which logs only when err is set,
// stays a value reader by its names); its own package still uses it.
func (f *Fact) empty() bool {
	return len(f.Ignores)+len(f.IfCancellable)+len(f.Checks)+len(f.Launches)+len(f.Memoises)+len(f.AfterDone)+len(f.Stores)+len(f.Wraps)+len(f.Calls)+len(f.Watches)+len(f.Detaches)+len(f.Keeps)+len(f.Attaches)+len(f.Inspects)+len(f.Hijacks)+len(f.AddsValues)+len(f.IfZero)+len(f.Hands)+len(f.Roots) == 0 && !f.ChecksStored && !f.Polls
}

// Result answers, for one package, what a call does with its arguments
// and whether a context value reaches cancellation.
type Result struct {
	info   *types.Info
	pkg    *types.Package
	iface  *types.Interface
	module string
	pass   *analysis.Pass
	decls  map[*types.Func]inspector.Cursor // the package's function declarations
	// uses holds, per local variable of interest (contexts, functions,
	// requests), the cursors of the identifiers that read it.
	uses map[*types.Var][]inspector.Cursor
	// written marks the variables assigned after their declaration.
	written map[*types.Var]bool
	// locals indexes the assignments of each function's local variables.
	locals *ctxflow.Locals

	mu       sync.Mutex // the passes sharing the result may ask at once
	agreed   bool       // a fact that rests on an interface's implementations was used (see Fact.AgreedIn)
	facts    map[*types.Func]*Fact
	concrete []*types.Named // the package's named non-interface types and instances of generic ones, once asked for
	impls    map[*types.Interface][]types.Type
	// origin holds what a local function variable was set from where it
	// was declared (cb := getMetricsCallback()), to name what it calls.
	origin   map[*types.Var]ast.Expr
	observed map[*types.Var]reach
	// funcRefs holds, per function of the package, the identifiers that
	// name it (calls, method values, references); built on first use, by
	// CallbackLiterals only.
	funcRefs map[*types.Func][]inspector.Cursor
	// aliases holds the package-level variables set once to a function
	// and never assigned again in the package (var G = GetLogger): a call
	// through one is a call of that function.
	aliases map[*types.Var]*types.Func
	// mutexes holds the package's one-slot semaphores (see locksMutex);
	// built on first use.
	mutexes map[*types.Var]bool
	// trail lists the functions and variables in the order their facts
	// and states were first memoised (see settle).
	trail []any
}

type state uint8

const (
	unknown state = iota
	computing
	no
	yes
)

func run(pass *analysis.Pass) (any, error) {
	r := &Result{
		info:     pass.TypesInfo,
		pkg:      pass.Pkg,
		pass:     pass,
		iface:    ctxapi.ContextInterface(pass.Pkg),
		decls:    map[*types.Func]inspector.Cursor{},
		uses:     map[*types.Var][]inspector.Cursor{},
		written:  map[*types.Var]bool{},
		locals:   ctxflow.NewLocals(pass.TypesInfo),
		facts:    map[*types.Func]*Fact{},
		observed: map[*types.Var]reach{},
		impls:    map[*types.Interface][]types.Type{},
		origin:   map[*types.Var]ast.Expr{},
		aliases:  map[*types.Var]*types.Func{},
	}
	r.module = Module(pass)
	// Even where no context can appear, a function may launch or memoise
	// its function argument (a utility package's safeGo(f), a
	// singleflight of its own): those facts are learned everywhere.
	insp := pass.ResultOf[inspect.Analyzer].(*inspector.Inspector)
	reassigned := map[*types.Var]bool{}
	for cur := range insp.Root().Preorder((*ast.FuncDecl)(nil), (*ast.Ident)(nil), (*ast.ValueSpec)(nil)) {
		switch n := cur.Node().(type) {
		case *ast.ValueSpec:
			r.recordAliases(cur, n)
		case *ast.FuncDecl:
			if fn, ok := pass.TypesInfo.Defs[n.Name].(*types.Func); ok && n.Body != nil {
				r.decls[fn] = cur
			}
		case *ast.Ident:
			v, used := pass.TypesInfo.Uses[n].(*types.Var)
			if used && v.Parent() == pass.Pkg.Scope() && (ctxflow.IsAssigned(cur) || ctxflow.IsAddressed(cur)) {
				reassigned[v] = true
			}
			if used && r.interesting(v) {
				if ctxflow.IsAssigned(cur) {
					r.written[v] = true
				} else {
					r.uses[v] = append(r.uses[v], cur)
				}
			} else if v, ok := pass.TypesInfo.Defs[n].(*types.Var); ok && r.interesting(v) {
				if rhs := definedBy(cur); rhs != nil {
					r.origin[v] = rhs
				}
			}
		}
	}
	for v := range reassigned {
		delete(r.aliases, v)
	}
	if ctxapi.IsStdlib(pass.Pkg.Path()) {
		return r, nil // facts never flow through the standard library
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	// In source order: with recursion the facts depend on which function
	// is computed first, and a map's order would change them run to run.
	fns := make([]*types.Func, 0, len(r.decls))
	for fn := range r.decls {
		fns = append(fns, fn)
	}
	slices.SortFunc(fns, func(a, b *types.Func) int { return cmp.Compare(a.Pos(), b.Pos()) })
	for _, fn := range fns {
		if f := r.local(fn); !f.empty() && fn.Exported() {
			pass.ExportObjectFact(fn, f)
		}
	}
	for _, m := range r.interfaceMethods() {
		if f := r.factOf(m); f != nil && !f.empty() && m.Exported() {
			pass.ExportObjectFact(m, f)
		}
	}
	for v, fn := range r.aliases {
		if f := r.factOf(fn); f != nil && !f.empty() && v.Exported() {
			pass.ExportObjectFact(v, f)
		}
	}
	return r, nil
}

// recordAliases remembers the package-level variables that spec sets to a
// function (var G = GetLogger, an alias kept for brevity).
func (r *Result) recordAliases(cur inspector.Cursor, spec *ast.ValueSpec) {
	if _, ok := cur.Parent().Parent().Node().(*ast.File); !ok || len(spec.Values) != len(spec.Names) {
		return
	}
	for i, name := range spec.Names {
		v, ok := r.info.Defs[name].(*types.Var)
		if !ok {
			continue
		}
		if fn, ok := r.info.Uses[nameOf(spec.Values[i])].(*types.Func); ok && fn.Type().(*types.Signature).Recv() == nil {
			r.aliases[v] = fn
		}
	}
}

// aliasFact returns what is known of the function a call through a
// package-level alias variable reaches (log.G(ctx) where var G =
// GetLogger), nil when the call is not through one or nothing is known.
// An alias of another package is known by the fact exported on it.
func (r *Result) aliasFact(call *ast.CallExpr) *Fact {
	v := r.packageVar(call.Fun)
	if v == nil {
		return nil
	}
	if v.Pkg() == r.pkg {
		if fn := r.aliases[v]; fn != nil {
			return r.factOf(fn)
		}
		return nil
	}
	if ctxapi.IsStdlib(v.Pkg().Path()) || r.pass == nil {
		return nil
	}
	f := new(Fact)
	if !r.pass.ImportObjectFact(v, f) || f.AgreedIn != "" && f.AgreedIn != r.module {
		return nil
	}
	return f
}

// interfaceMethods lists the methods the package's interfaces declare. An
// interface defined from another package's (type I other.I) has that
// package's methods: their facts are the other package's to export.
func (r *Result) interfaceMethods() []*types.Func {
	var out []*types.Func
	scope := r.pkg.Scope()
	for _, name := range scope.Names() {
		if tn, ok := scope.Lookup(name).(*types.TypeName); ok && !tn.IsAlias() && types.IsInterface(tn.Type()) {
			for m := range tn.Type().Underlying().(*types.Interface).ExplicitMethods() {
				if m.Pkg() == r.pkg {
					out = append(out, m)
				}
			}
		}
	}
	return out
}

// implementations returns the named types (or pointers to them) that
// implement iface, of the package and of the packages of its module it
// imports: where an interface's implementations usually live (an agent's
// delegate, implemented by its client and its server).
func (r *Result) implementations(iface *types.Interface) []types.Type {
	if r.concrete == nil {
		pkgs := []*types.Package{r.pkg}
		for _, imp := range r.pkg.Imports() {
			if r.inModule(imp) {
				pkgs = append(pkgs, imp)
			}
		}
		for _, pkg := range pkgs {
			scope := pkg.Scope()
			for _, name := range scope.Names() {
				tn, ok := scope.Lookup(name).(*types.TypeName)
				if !ok || !tn.Exported() && pkg != r.pkg || tn.IsAlias() || types.IsInterface(tn.Type()) {
					continue
				}
				if named, ok := tn.Type().(*types.Named); ok && named.TypeParams().Len() == 0 {
					r.concrete = append(r.concrete, named)
				}
			}
		}
		// A generic type implements an interface as the instances the
		// package's code makes of it (GMVData[[]byte]).
		var instances []*types.Named
		for _, inst := range r.info.Instances {
			named, ok := inst.Type.(*types.Named)
			if !ok || types.IsInterface(named) {
				continue
			}
			obj := named.Origin().Obj()
			if slices.Contains(pkgs, obj.Pkg()) && (obj.Exported() || obj.Pkg() == r.pkg) && !slices.ContainsFunc(instances, func(c *types.Named) bool { return types.Identical(c, named) }) {
				instances = append(instances, named)
			}
		}
		slices.SortFunc(instances, func(a, b *types.Named) int { return strings.Compare(a.String(), b.String()) })
		r.concrete = append(r.concrete, instances...)
	}
	if impls, ok := r.impls[iface]; ok {
		return impls
	}
	var impls []types.Type
	defer func() { r.impls[iface] = impls }()
	for _, c := range r.concrete {
		for _, t := range []types.Type{c, types.NewPointer(c)} {
			if types.Implements(t, iface) {
				impls = append(impls, t)
				break
			}
		}
	}
	return impls
}

// Implementations returns the methods of the package's types that
// implement m, a method of one of the package's interfaces; nil for any
// other function.
func (r *Result) Implementations(m *types.Func) []*types.Func {
	r.mu.Lock()
	defer r.mu.Unlock()
	recv := m.Type().(*types.Signature).Recv()
	if m.Pkg() != r.pkg || recv == nil {
		return nil
	}
	iface, ok := recv.Type().Underlying().(*types.Interface)
	if !ok {
		return nil
	}
	var out []*types.Func
	for _, t := range r.implementations(iface) {
		obj, _, _ := types.LookupFieldOrMethod(t, true, r.pkg, m.Name())
		if fn, ok := obj.(*types.Func); ok && fn.Pkg() == r.pkg {
			out = append(out, fn)
		}
	}
	return out
}

// methodFact gives a method of an interface of the module what all its
// implementations in the package agree on (for the package's own
// interfaces, those of the module's packages it imports too): a logger
// interface whose one implementation only formats its context's values
// ignores it, and a poller interface whose one implementation waits on
// the context it was built with reads that context (ChecksStored). An
// interface with no implementation here, or one unknown, says nothing.
func (r *Result) methodFact(m *types.Func) *Fact {
	if f, ok := r.facts[m]; ok {
		return f
	}
	return r.settle(m, func() *Fact { return r.agreement(m) })
}

// agreement computes methodFact.
func (r *Result) agreement(m *types.Func) *Fact {
	iface, ok := m.Type().(*types.Signature).Recv().Type().Underlying().(*types.Interface)
	if !ok {
		return nil
	}
	impls := r.implementations(iface)
	if m.Pkg() != r.pkg {
		// Another package's interface: only this package's own types,
		// whose code is here under every driver. An imported package's
		// unexported implementation (the real client behind a
		// constructor) is invisible in export data, and its exported mock
		// alone would agree to ignore.
		impls = slices.DeleteFunc(slices.Clone(impls), func(t types.Type) bool {
			if p, ok := t.(*types.Pointer); ok {
				t = p.Elem()
			}
			return t.(*types.Named).Obj().Pkg() != r.pkg
		})
	}
	var agreed *Fact
	for _, t := range impls {
		obj, _, _ := types.LookupFieldOrMethod(t, true, r.pkg, m.Name())
		fn, ok := obj.(*types.Func)
		var f *Fact
		if ok {
			f = r.factOf(fn)
		}
		if f == nil {
			return nil // one implementation unknown: nothing agreed
		}
		if agreed == nil {
			agreed = &Fact{Ignores: f.Ignores, IfCancellable: f.IfCancellable, Checks: f.Checks, Launches: f.Launches, Memoises: f.Memoises, Watches: f.Watches, Detaches: f.Detaches, Attaches: f.Attaches, Inspects: f.Inspects, Calls: f.Calls, ChecksStored: f.ChecksStored}
			continue
		}
		agreed.ChecksStored = agreed.ChecksStored && f.ChecksStored
		agreed.Detaches = intersect(agreed.Detaches, f.Detaches)
		// A parameter one implementation ignores and another observes
		// only if cancellable is observed only if cancellable.
		some := intersect(union(agreed.Ignores, agreed.IfCancellable), union(f.Ignores, f.IfCancellable))
		agreed.Ignores = intersect(agreed.Ignores, f.Ignores)
		agreed.IfCancellable = slices.DeleteFunc(some, func(i int) bool { return slices.Contains(agreed.Ignores, i) })
		agreed.Checks = intersect(agreed.Checks, f.Checks)
		agreed.Launches = intersect(agreed.Launches, f.Launches)
		agreed.Memoises = intersect(agreed.Memoises, f.Memoises)
		agreed.Watches = intersect(agreed.Watches, f.Watches)
		agreed.Attaches = intersect(agreed.Attaches, f.Attaches)
		agreed.Inspects = intersect(agreed.Inspects, f.Inspects)
		agreed.Calls = intersect(agreed.Calls, f.Calls)
	}
	if agreed != nil && !agreed.empty() {
		agreed.AgreedIn = r.module
	}
	return agreed
}

func union(a, b []int) []int {
	out := slices.Clone(a)
	for _, x := range b {
		if !slices.Contains(out, x) {
			out = append(out, x)
		}
	}
	return out
}

func intersect(a, b []int) []int {
	var out []int
	for _, x := range a {
		if slices.Contains(b, x) {
			out = append(out, x)
		}
	}
	return out
}

// interesting reports whether v is a local variable or parameter whose
// uses the analysis follows.
func (r *Result) interesting(v *types.Var) bool {
	if v.IsField() || v.Pkg() != r.pkg || v.Parent() == r.pkg.Scope() {
		return false
	}
	t := v.Type()
	if _, ok := t.Underlying().(*types.Signature); ok {
		return true
	}
	return ctxapi.IsHTTPRequest(t) || ctxapi.IsContext(t, r.iface)
}

// Observes reports whether a context passed as the i-th argument of call
// can reach cancellation. What is not known observes.
func (r *Result) Observes(call *ast.CallExpr, i int) bool {
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.reaches(r.argReach(call, i, nil), call.Args[i])
}

// ArgObserved is Observes for the call at cur: a context the callee
// derives and returns (tenant.InjectOrgID(ctx, id)) is followed to where
// the result goes.
func (r *Result) ArgObserved(cur inspector.Cursor, i int) bool {
	r.mu.Lock()
	defer r.mu.Unlock()
	call := cur.Node().(*ast.CallExpr)
	return r.reaches(r.argReach(call, i, &cur), call.Args[i])
}

// ValueObserved reports whether the context value of the expression at cur
// (a fresh root, a variable) reaches something that observes cancellation
// in its function: a Done, Err or Deadline, a callee that may observe it,
// or a place the analysis cannot follow (a field, a return).
func (r *Result) ValueObserved(cur inspector.Cursor) bool {
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.reaches(r.useReach(cur), cur.Node().(ast.Expr))
}

// reaches reports whether the context value e, taken as far as got,
// reaches cancellation: what observes only cancellable contexts does not
// observe one that never can be.
func (r *Result) reaches(got reach, e ast.Expr) bool {
	return got == waits || got == ifCancellable && !r.uncancellable(e)
}

// uncancellable reports whether the context e yields can never be
// cancelled: context.Background() or TODO(), values added to one
// (WithValue, WithoutCancel of anything), or a local variable set once to
// such a context.
func (r *Result) uncancellable(e ast.Expr) bool {
	switch e := ast.Unparen(e).(type) {
	case *ast.CallExpr:
		if ctxapi.IsFreshRoot(r.info, e) || ctxapi.IsWithoutCancel(r.info, e) {
			return true
		}
		return ctxapi.IsCallTo(r.info, e, "context", "WithValue") && len(e.Args) > 0 && r.uncancellable(e.Args[0])
	case *ast.Ident:
		v, ok := r.info.Uses[e].(*types.Var)
		if !ok || r.written[v] {
			return false
		}
		rhs := r.origin[v]
		return rhs != nil && r.uncancellable(rhs)
	}
	return false
}

// Derived returns v and the local variables that hold contexts derived
// from it in its function (ctx2 := ctx, c, cancel := context.WithCancel(ctx),
// or a call that keeps its argument's cancellation: md :=
// metadata.ContextWithMetadata(ctx), g, gctx := errgroup.WithContext(ctx)).
func (r *Result) Derived(v *types.Var) map[*types.Var]bool {
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.derived(v)
}

// Ignores reports whether fn's i-th parameter, a context, reaches nothing
// that observes cancellation: known by fn's fact; an unknown function
// observes unless its results cannot report cancellation
// (ctxapi.ReportsNoCancel).
func (r *Result) Ignores(fn *types.Func, i int) bool {
	r.mu.Lock()
	defer r.mu.Unlock()
	f := r.factOf(fn)
	if f == nil || neverWaits(fn) {
		return unknownIgnores(fn, i)
	}
	return slices.Contains(f.Ignores, i)
}

// RootObserved reports whether a fresh root handed to fn's i-th parameter
// reaches something that observes cancellation: what fn observes only
// once it finds its context cancellable does not count, and an unknown
// function observes unless its names say it reads values or its signature
// says it ignores the parameter, as for a call in the analysed code.
func (r *Result) RootObserved(fn *types.Func, i int) bool {
	r.mu.Lock()
	defer r.mu.Unlock()
	if fn.Pkg() != nil && knowledge.InPackages(fn.Pkg().Path(), knowledge.ValuesOnly) {
		return ctxapi.ReturnsContext(fn) // what the caller does with the result decides
	}
	f := r.factOf(fn)
	if f == nil || neverWaits(fn) {
		return !namedReader(fn) && !unknownIgnores(fn, i)
	}
	if slices.Contains(f.AddsValues, i) {
		return true // what the caller does with the result decides
	}
	return f.reach(i) == waits
}

// Polls reports whether fn, a context form of a plain function, asks that
// function again in a loop until it answers or the context is done (see
// Fact.Polls).
func (r *Result) Polls(fn *types.Func) bool {
	r.mu.Lock()
	defer r.mu.Unlock()
	f := r.factOf(fn)
	return f != nil && f.Polls
}

// unknownIgnores reports whether fn, whose code is not analysed, is seen
// from its signature to ignore its i-th parameter, a context: it cannot
// report cancellation (ctxapi.ReportsNoCancel), leaves the parameter
// blank, or is known never to wait on it (neverWaits).
func unknownIgnores(fn *types.Func, i int) bool {
	return ctxapi.ReportsNoCancel(fn) || blankParam(fn, i) || neverWaits(fn)
}

// neverWaits reports whether fn is known never to wait on its context
// (knowledge.NeverWaits), whether or not its code is analysed.
func neverWaits(fn *types.Func) bool { return knowledge.NeverWaits(fn.Origin().FullName()) }

// blankParam reports whether fn, a function or a method of a concrete
// type, declares its i-th parameter without a name or as _: its body
// cannot read it, whatever package it is in (func (s *Store) Lookup(_
// context.Context, key string)). An interface method's names say nothing
// of its implementations.
func blankParam(fn *types.Func, i int) bool {
	sig := fn.Type().(*types.Signature)
	if isInterfaceMethod(fn) {
		return false
	}
	if i < 0 || i >= sig.Params().Len() {
		return false
	}
	name := sig.Params().At(i).Name()
	return name == "" || name == "_"
}

// IsCheck reports whether call hands a context to a function that checks
// its cancellation and reports it (returns ctx.Err(), or returns from a
// case <-ctx.Done()): in a loop, such a call is a context check.
func (r *Result) IsCheck(call *ast.CallExpr) bool {
	r.mu.Lock()
	defer r.mu.Unlock()
	f, idx := r.callFact(call)
	if f == nil {
		return false
	}
	for i := range call.Args {
		if slices.Contains(f.Checks, idx(i)) {
			return true
		}
	}
	return false
}

// AddsValuesOnly reports whether call derives a context from its first
// context argument by adding values alone: context.WithValue,
// WithoutCancel, a function of a values-only package, or a function of the
// module that returns its parameter with values added (a fact). The result
// has no deadline or cancel signal the argument lacks.
func (r *Result) AddsValuesOnly(call *ast.CallExpr) bool {
	if ctxapi.IsCallTo(r.info, call, "context", "WithValue") || ctxapi.IsWithoutCancel(r.info, call) {
		return true
	}
	i := slices.IndexFunc(call.Args, func(arg ast.Expr) bool { return ctxapi.IsContext(r.info.TypeOf(arg), r.iface) })
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.addsValuesTo(call, i) == yes
}

// addsValuesTo answers whether call returns its i-th argument, a context
// (i < 0: none), with values added and nothing else: yes for a function of
// a values-only package or one whose fact says so, no for another known
// function, unknown when call's function has no fact.
func (r *Result) addsValuesTo(call *ast.CallExpr, i int) state {
	fn := ctxapi.Callee(r.info, call)
	if fn == nil || fn.Pkg() == nil {
		return no
	}
	if knowledge.InPackages(fn.Pkg().Path(), knowledge.ValuesOnly) {
		return yes
	}
	if i < 0 {
		return no
	}
	f, idx := r.callFact(call)
	switch {
	case f == nil:
		return unknown
	case slices.Contains(f.AddsValues, idx(i)):
		return yes
	}
	return no
}

// RunsLater reports whether the callee of call runs its i-th argument, a
// function, other than in place for its caller: in a goroutine of its own,
// once on behalf of every caller (memoised), only once a context is done
// (a shutdown hook), or not at all but keeps it for others to call later
// (a callback registration).
func (r *Result) RunsLater(call *ast.CallExpr, i int) bool {
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.launcher(call, i) || r.memoiser(call, i) || r.factHas(call, i, func(f *Fact) []int { return f.AfterDone }) || r.factHas(call, i, func(f *Fact) []int { return f.Stores })
}

// RunsInPlace reports whether the callee of call runs its i-th argument,
// a function, for its caller before it returns (Fact.Calls).
func (r *Result) RunsInPlace(call *ast.CallExpr, i int) bool {
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.callRuns(call, i)
}

// callRuns is RunsInPlace without the lock.
func (r *Result) callRuns(call *ast.CallExpr, i int) bool {
	return r.factHas(call, i, func(f *Fact) []int { return f.Calls })
}

// callsInPlace reports whether the function parameter p is called before
// its function returns: called, or handed to a callee that runs it in
// place, outside go statements and outside closures other than those
// handed to such callees.
func (r *Result) callsInPlace(p *types.Var) bool {
	for _, cur := range r.uses[p] {
		parent, child := ctxflow.Unparen(cur)
		call, ok := parent.Node().(*ast.CallExpr)
		if !ok {
			continue
		}
		if i := slices.Index(call.Args, ast.Expr(child.(ast.Expr))); call.Fun != child && (i < 0 || !r.callRuns(call, i)) {
			continue
		}
		if r.runsHere(parent) {
			return true
		}
	}
	return false
}

// runsHere reports whether the code at cur runs before its function
// declaration returns: not in a go statement, and in no closure but those
// handed to callees that run them in place.
func (r *Result) runsHere(cur inspector.Cursor) bool {
	for c := range cur.Enclosing((*ast.FuncLit)(nil), (*ast.GoStmt)(nil), (*ast.FuncDecl)(nil)) {
		switch c.Node().(type) {
		case *ast.FuncDecl:
			return true
		case *ast.GoStmt:
			return false
		case *ast.FuncLit:
			parent, child := ctxflow.Unparen(c)
			call, ok := parent.Node().(*ast.CallExpr)
			if !ok {
				return false
			}
			if i := slices.Index(call.Args, ast.Expr(child.(ast.Expr))); i < 0 || !r.callRuns(call, i) {
				return false
			}
		}
	}
	return false
}

// Wraps reports whether the callee of call calls its i-th argument, a
// function, only inside closures it returns (see Fact.Wraps).
func (r *Result) Wraps(call *ast.CallExpr, i int) bool {
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.factHas(call, i, func(f *Fact) []int { return f.Wraps })
}

// factHas reports whether the fact of call's callee lists the parameter
// its i-th argument goes to in the list field picks.
func (r *Result) factHas(call *ast.CallExpr, i int, field func(*Fact) []int) bool {
	f, idx := r.callFact(call)
	return f != nil && slices.Contains(field(f), idx(i))
}

// Launches reports whether the callee of call runs its i-th argument, a
// function, in a goroutine (a pool's Go, time.AfterFunc).
func (r *Result) Launches(call *ast.CallExpr, i int) bool {
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.launcher(call, i)
}

// launcher reports whether call runs its i-th argument in a goroutine: a
// known function of the standard library (time.AfterFunc), or one whose
// fact says so.
func (r *Result) launcher(call *ast.CallExpr, i int) bool {
	if fn := ctxapi.Callee(r.info, call); fn != nil {
		if at, ok := knowledge.Launchers[fn.FullName()]; ok {
			return at == i
		}
	}
	return r.factHas(call, i, func(f *Fact) []int { return f.Launches })
}

// Watches reports whether the callee of call hands its i-th argument, a
// context, to a cancel watcher: a goroutine that waits for its Done().
func (r *Result) Watches(call *ast.CallExpr, i int) bool {
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.factHas(call, i, func(f *Fact) []int { return f.Watches })
}

// Detaches reports whether the callee of call reads its i-th argument, a
// context, only in goroutines it starts and does not wait for.
func (r *Result) Detaches(call *ast.CallExpr, i int) bool {
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.detacher(call, i)
}

// Keeps reports whether the callee of call keeps its i-th argument, a
// context, beyond the call as the lifetime of what it starts or builds.
func (r *Result) Keeps(call *ast.CallExpr, i int) bool {
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.factHas(call, i, func(f *Fact) []int { return f.Keeps })
}

func (r *Result) detacher(call *ast.CallExpr, i int) bool {
	return r.factHas(call, i, func(f *Fact) []int { return f.Detaches })
}

// ChecksStored reports whether call is a method call that reads the
// cancellation of a context its receiver holds.
func (r *Result) ChecksStored(call *ast.CallExpr) bool {
	r.mu.Lock()
	defer r.mu.Unlock()
	f, _ := r.callFact(call)
	return f != nil && f.ChecksStored
}

// memoiser reports whether call runs its i-th argument, a function, once
// on behalf of every caller and keeps the result: sync.Once.Do, OnceFunc,
// OnceValue(s), singleflight's Do, or a function of the module whose fact
// says so. That work is a shared component's, not the request's that
// happens to run it first.
func (r *Result) memoiser(call *ast.CallExpr, i int) bool {
	fn := ctxapi.Callee(r.info, call)
	if fn != nil && fn.Pkg() != nil && knowledge.Memoisers[fn.Pkg().Path()+"."+fn.Name()] {
		return true
	}
	return r.factHas(call, i, func(f *Fact) []int { return f.Memoises })
}

// LaunchedOnly reports whether every read of v, a local function variable,
// runs it in a goroutine (monitor := func() {...}; go monitor()) or hands
// it to a callee that calls it only once a context is done (srvRun(ctx,
// run, shutdown)): like a go statement's literal, the function it holds is
// detached work.
func (r *Result) LaunchedOnly(v *types.Var) bool {
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.onlyInGoroutines(v, func(call *ast.CallExpr, i int) bool {
		return r.launcher(call, i) || r.factHas(call, i, func(f *Fact) []int { return f.AfterDone })
	})
}

// DetachedOnly reports whether the root (or its derivation) at cur is
// held in a local variable that, with every context taken from it in its
// function, only detached work reads: go statements, or callees that read
// it only in goroutines they start and do not wait for (Fact.Detaches), as
// an exit monitor's exitCtx, cancel := context.WithCancel(
// context.Background()) handed to startExitMonitor(exitCtx) is. A root
// held there is as deliberate as one written in the go statement itself.
func (r *Result) DetachedOnly(cur inspector.Cursor) bool {
	v := ctxflow.HoldingVar(r.info, cur)
	if v == nil {
		return false
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	held := r.derived(v)
	reads := 0
	for w := range held {
		if r.written[w] {
			return false // reassigned: what it holds later is not followed
		}
		for _, use := range r.uses[w] {
			if held[r.heldBy(use)] {
				continue // handed on to a variable followed itself
			}
			if !r.inGoroutine(use, r.detacher) {
				return false
			}
			reads++
		}
	}
	return reads > 0
}

// onlyInGoroutines reports whether every read of v, never reassigned, is
// inside a go statement or is the i-th argument of a call for which
// handsOn(call, i) says the callee runs it in a goroutine.
func (r *Result) onlyInGoroutines(v *types.Var, handsOn func(*ast.CallExpr, int) bool) bool {
	if r.written[v] || len(r.uses[v]) == 0 {
		return false
	}
	for _, cur := range r.uses[v] {
		if !r.inGoroutine(cur, handsOn) {
			return false
		}
	}
	return true
}

// inGoroutine reports whether the value read at cur is used only in a
// goroutine: in a go statement, inside a literal that runs in one (handed
// to a launcher: safeGo(func() {...}), directly or through a local only
// ever launched), or handed to a callee that handsOn says runs it in one.
func (r *Result) inGoroutine(cur inspector.Cursor, handsOn func(*ast.CallExpr, int) bool) bool {
	for c := range cur.Enclosing((*ast.GoStmt)(nil), (*ast.FuncLit)(nil)) {
		if _, ok := c.Node().(*ast.GoStmt); ok || r.launchedLiteral(c) {
			return true
		}
	}
	parent, child := ctxflow.Unparen(cur)
	call, ok := parent.Node().(*ast.CallExpr)
	if !ok {
		return false
	}
	i := slices.Index(call.Args, ast.Expr(child.(ast.Expr)))
	return i >= 0 && handsOn(call, i)
}

// launchedLiteral reports whether the function literal at cur runs in a
// goroutine of a launcher it is handed to (safeGo(func() {...}); f :=
// func() {...}; pool.Go(f)).
func (r *Result) launchedLiteral(cur inspector.Cursor) bool {
	parent, child := ctxflow.Unparen(cur)
	switch p := parent.Node().(type) {
	case *ast.CallExpr:
		i := slices.Index(p.Args, ast.Expr(child.(ast.Expr)))
		return i >= 0 && r.launcher(p, i)
	case *ast.AssignStmt:
		i := slices.Index(p.Rhs, ast.Expr(child.(ast.Expr)))
		if i < 0 || len(p.Lhs) != len(p.Rhs) {
			return false
		}
		v := ctxflow.VarOf(r.info, p.Lhs[i])
		return v != nil && v.Kind() == types.LocalVar && r.onlyInGoroutines(v, r.launcher)
	}
	return false
}

// CallbackLiterals returns the function literals given for p, a
// function-valued parameter of an unexported function of the package, at
// every call of that function, when each call writes one in place
// (n.waitForStore(ctx, func(db *Store) error { return db.WaitFor(ctx, rev) })):
// the code p runs is then in view. It returns nil when the function is
// exported, referred to other than by a call, never called, or given
// anything else for p.
func (r *Result) CallbackLiterals(p *types.Var) []*ast.FuncLit {
	r.mu.Lock()
	defer r.mu.Unlock()
	if _, ok := p.Type().Underlying().(*types.Signature); !ok || p.Kind() != types.ParamVar {
		return nil
	}
	fn, i := r.paramOf(p)
	if r.funcRefs == nil {
		r.indexFuncRefs()
	}
	if fn == nil || fn.Exported() || len(r.funcRefs[fn]) == 0 {
		return nil
	}
	sig := fn.Type().(*types.Signature)
	if sig.Variadic() && i == sig.Params().Len()-1 {
		return nil
	}
	var lits []*ast.FuncLit
	for _, ref := range r.funcRefs[fn] {
		c := ref
		if sel, ok := c.Parent().Node().(*ast.SelectorExpr); ok && sel.Sel == ref.Node() {
			c = c.Parent() // n.waitForStore
		}
		call, ok := c.Parent().Node().(*ast.CallExpr)
		if !ok || call.Fun != c.Node() || len(call.Args) != sig.Params().Len() {
			return nil
		}
		lit, ok := ast.Unparen(call.Args[i]).(*ast.FuncLit)
		if !ok {
			return nil
		}
		lits = append(lits, lit)
	}
	return lits
}

// indexFuncRefs fills funcRefs in one walk of the package.
func (r *Result) indexFuncRefs() {
	r.funcRefs = map[*types.Func][]inspector.Cursor{}
	insp := r.pass.ResultOf[inspect.Analyzer].(*inspector.Inspector)
	for cur := range insp.Root().Preorder((*ast.Ident)(nil)) {
		if fn, ok := r.info.Uses[cur.Node().(*ast.Ident)].(*types.Func); ok && fn.Pkg() == r.pkg {
			fn = fn.Origin()
			r.funcRefs[fn] = append(r.funcRefs[fn], cur)
		}
	}
}

// paramOf returns the declared function of the package whose i-th
// parameter p is, nil if none.
func (r *Result) paramOf(p *types.Var) (*types.Func, int) {
	for fn := range r.decls {
		if fn.Scope() != p.Parent() {
			continue
		}
		params := fn.Type().(*types.Signature).Params()
		for i := range params.Len() {
			if params.At(i) == p {
				return fn, i
			}
		}
	}
	return nil, -1
}

// Attaches reports whether the callee of call gives its i-th argument, an
// *http.Request, a context before it uses it.
func (r *Result) Attaches(call *ast.CallExpr, i int) bool {
	r.mu.Lock()
	defer r.mu.Unlock()
	f, idx := r.callFact(call)
	return f != nil && slices.Contains(f.Attaches, idx(i))
}

// NeverSent reports whether the request held by the local v is only read
// or filled in where it is in view, never sent, kept, returned or handed
// on (see Fact.Inspects): a request built to format a header or sign a
// URL, which has no cancellation to carry.
func (r *Result) NeverSent(v *types.Var) bool {
	r.mu.Lock()
	defer r.mu.Unlock()
	return ctxapi.IsHTTPRequest(v.Type()) && r.inspectsOnly(v)
}

// Hijacks reports whether call takes over the connection of an
// http.ResponseWriter it is given: a Hijack() of http.Hijacker's shape, or
// a function whose fact says it hijacks (a websocket upgrade).
func (r *Result) Hijacks(call *ast.CallExpr) bool {
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.hijacksArg(call, -1)
}

// hijacksArg is Hijacks for the i-th argument only (any argument if i < 0).
func (r *Result) hijacksArg(call *ast.CallExpr, i int) bool {
	fn := ctxapi.Callee(r.info, call)
	if fn == nil {
		return false
	}
	if ctxapi.IsHijack(fn) {
		return true
	}
	f := r.factOf(fn)
	if f == nil {
		return false
	}
	if i < 0 {
		return len(f.Hijacks) > 0
	}
	return slices.Contains(f.Hijacks, paramIndex(fn, i))
}

// callFact returns the fact of the function call invokes, nil if it is
// unknown, and a mapping from argument to parameter index.
func (r *Result) callFact(call *ast.CallExpr) (*Fact, func(int) int) {
	fn := ctxapi.Callee(r.info, call)
	if fn == nil {
		return nil, nil
	}
	f := r.factOf(fn)
	if f == nil {
		return nil, nil
	}
	return f, func(i int) int { return paramIndex(fn, i) }
}

// factOf returns what is known of fn: computed here for the package's own
// functions, imported for the others (the standard library stays unknown);
// nil when unknown.
func (r *Result) factOf(fn *types.Func) *Fact {
	f := r.knownFact(fn)
	if f != nil && f.AgreedIn != "" {
		if f.AgreedIn != r.module {
			return nil
		}
		r.agreed = true
	}
	return f
}

func (r *Result) knownFact(fn *types.Func) *Fact {
	fn = fn.Origin()
	if fn.Pkg() == nil {
		return nil
	}
	if fn.Pkg() == r.pkg {
		if _, ok := r.decls[fn]; !ok {
			if isInterfaceMethod(fn) {
				return r.methodFact(fn)
			}
			return nil // a body written elsewhere
		}
		return r.local(fn)
	}
	if ctxapi.IsStdlib(fn.Pkg().Path()) || r.pass == nil {
		return nil
	}
	f := new(Fact)
	if r.pass.ImportObjectFact(fn, f) {
		return f
	}
	if r.inModule(fn.Pkg()) && isInterfaceMethod(fn) {
		// An interface of another package of the module, whose own
		// package saw no implementation agree (attr.Value, implemented
		// in basetypes): what this package's implementations agree on,
		// trusted within the module only.
		return r.methodFact(fn)
	}
	return nil
}

// inModule reports whether pkg belongs to the module under analysis.
func (r *Result) inModule(pkg *types.Package) bool {
	return pkg.Path() == r.module || strings.HasPrefix(pkg.Path(), r.module+"/")
}

// isInterfaceMethod reports whether fn is a method declared by an
// interface.
func isInterfaceMethod(fn *types.Func) bool {
	recv := fn.Type().(*types.Signature).Recv()
	return recv != nil && types.IsInterface(recv.Type())
}

// provisional is what a function is taken to do while its fact is being
// computed: a recursive call observes nothing, so what the function does
// elsewhere decides.
func (r *Result) provisional(fn *types.Func) *Fact {
	f := new(Fact)
	params := fn.Type().(*types.Signature).Params()
	for i := range params.Len() {
		if ctxapi.IsContext(params.At(i).Type(), r.iface) {
			f.Ignores = append(f.Ignores, i)
		}
	}
	return f
}

// settle memoises fn's fact, worked out by compute, taking it meanwhile to
// be provisional(fn) (for recursion, direct or through an interface). If
// the answer differs from that guess, whatever was worked out meanwhile
// may rest on the wrong guess (a caller of fn that took it to ignore its
// context): it is forgotten, to be worked out again when asked for.
func (r *Result) settle(fn *types.Func, compute func() *Fact) *Fact {
	guess := r.provisional(fn)
	mark := len(r.trail)
	r.trail = append(r.trail, fn)
	r.facts[fn] = guess
	f := compute()
	r.facts[fn] = f
	if f == nil && !guess.empty() || f != nil && f.String() != guess.String() {
		for _, k := range r.trail[mark+1:] {
			switch k := k.(type) {
			case *types.Func:
				delete(r.facts, k)
			case *types.Var:
				delete(r.observed, k)
			}
		}
		r.trail = r.trail[:mark+1]
	}
	return f
}

// local computes the fact of one of the package's functions.
func (r *Result) local(fn *types.Func) *Fact {
	if f, ok := r.facts[fn]; ok {
		return f
	}
	return r.settle(fn, func() *Fact { return r.compute(fn) })
}

// compute works out the fact of one of the package's functions.
func (r *Result) compute(fn *types.Func) *Fact {
	cur := r.decls[fn]
	decl := cur.Node().(*ast.FuncDecl)
	params := fn.Type().(*types.Signature).Params()
	body, _ := cur.FindNode(decl.Body)
	f := &Fact{ChecksStored: r.checksStored(fn, body)}
	outer := r.agreed
	r.agreed = false
	defer func() {
		if r.agreed {
			f.AgreedIn = r.module
		}
		r.agreed = r.agreed || outer
	}()
	for i := range params.Len() {
		p := params.At(i)
		t := p.Type()
		switch {
		case ctxapi.IsContext(t, r.iface):
			switch r.varReach(p) {
			case none:
				f.Ignores = append(f.Ignores, i)
			case ifCancellable:
				f.IfCancellable = append(f.IfCancellable, i)
				if r.checks(fn, body, p) {
					f.Checks = append(f.Checks, i) // if err := ctx.Err(); err != nil { return err }: a caller's cancellation is reported
				}
			default:
				if r.checks(fn, body, p) {
					f.Checks = append(f.Checks, i)
				}
				if k, ok := r.zeroGuard(fn, body, p); ok {
					f.IfZero = append(f.IfZero, Guard{Ctx: i, Param: k})
				}
				if k, ok := r.nonZeroGuard(body, params, p); ok {
					f.IfNonZero = append(f.IfNonZero, Guard{Ctx: i, Param: k})
				}
			}
			if r.addsValues(fn, body, p) {
				f.AddsValues = append(f.AddsValues, i)
			}
			f.Polls = f.Polls || i == 0 && r.polls(fn, body, p)
			if r.watches(cur, p) {
				f.Watches = append(f.Watches, i)
			}
			if r.detaches(cur, p) {
				f.Detaches = append(f.Detaches, i)
			}
			if r.keepsContext(cur, p) {
				f.Keeps = append(f.Keeps, i)
			}
		case ctxapi.IsHTTPRequest(t):
			if r.attaches(p) {
				f.Attaches = append(f.Attaches, i)
			}
			if r.inspectsOnly(p) {
				f.Inspects = append(f.Inspects, i)
			}
		case ctxapi.IsResponseWriter(t):
			if r.hijacks(body, p) {
				f.Hijacks = append(f.Hijacks, i)
			}
		default:
			if _, ok := t.Underlying().(*types.Signature); ok {
				if h, ok := r.hands(params, i, p); ok {
					f.Hands = append(f.Hands, h)
				}
				if a, ok := r.roots(body, p); ok {
					f.Roots = append(f.Roots, Rooting{Func: i, Arg: a})
				}
				if r.launches(cur, p) {
					f.Launches = append(f.Launches, i)
				} else if r.memoises(p) {
					f.Memoises = append(f.Memoises, i)
				} else if r.callsAfterDone(p) {
					f.AfterDone = append(f.AfterDone, i)
				} else if r.stores(p) {
					f.Stores = append(f.Stores, i)
				} else if r.wraps(p) {
					f.Wraps = append(f.Wraps, i)
				} else if r.callsInPlace(p) {
					f.Calls = append(f.Calls, i)
				}
			}
		}
	}
	return f
}

// reach says how far the use of a context takes its cancellation.
type reach uint8

const (
	notYet        reach = iota // not worked out yet
	pending                    // being worked out (recursion: reaches nothing meanwhile)
	none                       // reaches nothing that observes cancellation
	ifCancellable              // observed only if it can be cancelled (see Fact.IfCancellable)
	waits                      // reaches Done, Err or Deadline, or is handed where it may
)

// varReach works out how far the context held by v reaches: the furthest
// any of its uses takes it.
func (r *Result) varReach(v *types.Var) reach {
	switch got := r.observed[v]; got {
	case pending:
		return none
	case notYet:
	default:
		return got
	}
	r.observed[v] = pending
	r.trail = append(r.trail, v)
	result := none
	for _, cur := range r.uses[v] {
		result = max(result, r.useReach(cur))
		if result == waits {
			break
		}
	}
	r.observed[v] = result
	return result
}

// useObserves reports whether the context that the expression at cur
// yields reaches cancellation through the way it is used there.
func (r *Result) useObserves(cur inspector.Cursor) bool {
	return r.useReach(cur) == waits
}

// useReach works out how far the context that the expression at cur
// yields reaches through the way it is used there.
func (r *Result) useReach(cur inspector.Cursor) reach {
	if processOnce(r.info, cur) {
		return none // read once for the whole process, whoever calls first
	}
	got := r.directReach(cur)
	if id, ok := cur.Node().(*ast.Ident); ok && got == waits {
		if v, ok := r.info.Uses[id].(*types.Var); ok && !r.written[v] && ctxflow.CancellableGuarded(r.info, r.iface, cur, v) {
			return ifCancellable // Background and TODO never get there
		}
		if v, ok := r.info.Uses[id].(*types.Var); ok && !r.written[v] && v.Kind() == types.ParamVar && ctxflow.EntryCheck(r.info, r.iface, cur, v) {
			return ifCancellable // if ctx.Err() != nil { return } before the work: Background and TODO are never done
		}
	}
	return got
}

// directReach is useReach without the guard around the use.
func (r *Result) directReach(cur inspector.Cursor) reach {
	parent, child := ctxflow.Unparen(cur)
	switch p := parent.Node().(type) {
	case *ast.SelectorExpr:
		if p.Sel.Name == "Value" || nilDone(parent) {
			return none // a value, or the question "can it be cancelled at all?"
		}
		return waits // Done, Err, Deadline, or a method of its own
	case *ast.CallExpr:
		if i := slices.Index(p.Args, ast.Expr(child.(ast.Expr))); i >= 0 {
			return r.argReach(p, i, &parent)
		}
		return waits
	case *ast.AssignStmt:
		i := slices.Index(p.Rhs, ast.Expr(child.(ast.Expr)))
		if i < 0 {
			return waits
		}
		if len(p.Lhs) != len(p.Rhs) {
			// g, ctx := errgroup.WithContext(parent): follow the context.
			i = max(ctxapi.ContextResult(r.info.TypeOf(p.Rhs[0])), 0)
		}
		return r.targetReach(p.Lhs[i])
	case *ast.ValueSpec:
		i := slices.Index(p.Values, ast.Expr(child.(ast.Expr)))
		if i < 0 || len(p.Names) == 0 {
			return waits
		}
		if len(p.Names) != len(p.Values) {
			i = max(ctxapi.ContextResult(r.info.TypeOf(p.Values[0])), 0)
		}
		return r.targetReach(p.Names[i])
	case *ast.BinaryExpr:
		if p.Op == token.EQL || p.Op == token.NEQ {
			return none // ctx != nil reads nothing
		}
		return waits
	}
	return waits // returned, stored, sent: it may be observed elsewhere
}

// nilDone reports whether sel, a method selected on a context, is Done
// called only to compare its channel with nil: a question about the
// context (can it be cancelled at all?) that waits for nothing.
func nilDone(sel inspector.Cursor) bool {
	if sel.Node().(*ast.SelectorExpr).Sel.Name != "Done" {
		return false
	}
	call, _ := ctxflow.Unparen(sel)
	if _, ok := call.Node().(*ast.CallExpr); !ok {
		return false // a method value: f := ctx.Done
	}
	parent, _ := ctxflow.Unparen(call)
	cmp, ok := parent.Node().(*ast.BinaryExpr)
	return ok && (cmp.Op == token.EQL || cmp.Op == token.NEQ)
}

// targetReach follows a context assigned to lhs: a local variable is
// followed, the blank identifier drops it, anything else (a field, a
// package variable, an element) keeps it where it may be observed.
func (r *Result) targetReach(lhs ast.Expr) reach {
	id, ok := ast.Unparen(lhs).(*ast.Ident)
	if !ok {
		return waits
	}
	if id.Name == "_" {
		return none
	}
	obj := r.info.Defs[id]
	if obj == nil {
		obj = r.info.Uses[id]
	}
	v, ok := obj.(*types.Var)
	if !ok || !r.interesting(v) {
		return waits
	}
	return r.varReach(v)
}

// argReach works out how far a context passed as the i-th argument of
// call reaches; at is the call's cursor, when known, to follow a derived
// context and to tell a call in a loop.
func (r *Result) argReach(call *ast.CallExpr, i int, at *inspector.Cursor) reach {
	follow := func() reach {
		if at == nil {
			return waits
		}
		return r.useReach(*at)
	}
	observes := func(b bool) reach {
		if b {
			return waits
		}
		return none
	}
	if ctxapi.IsDerivation(r.info, call) && i == 0 {
		if ctxapi.IsWithoutCancel(r.info, call) {
			return none // the child keeps only the values
		}
		got := follow() // the child carries the parent's cancellation
		if got == ifCancellable && !ctxapi.IsCallTo(r.info, call, "context", "WithValue") {
			return waits // and can be cancelled itself
		}
		return got
	}
	if opaque(r.info, call, i) {
		return none // handed over as a plain value: mock.On("Do", ctx), fmt.Sprint(ctx)
	}
	fn := ctxapi.Callee(r.info, call)
	if fn == nil {
		if f := r.aliasFact(call); f != nil {
			return f.reach(i) // log.G(ctx), var G = GetLogger
		}
		// A function value: unknown, so it observes, unless it is a
		// variable of a values-only package (containerd's log.G) or its
		// names say it logs or records metrics (s.logf, cb :=
		// metricsCallback()).
		return observes(!r.valuesOnlyVar(call) && !r.valueReaderNames(call))
	}
	if i == 0 && r.locksMutex(call, fn) {
		return none // a mutex's Lock: others' critical sections, not this caller's work
	}
	if fn.Pkg() != nil && knowledge.InPackages(fn.Pkg().Path(), knowledge.ValuesOnly) {
		if at != nil && ctxapi.ReturnsContext(fn) {
			return r.useReach(*at) // ctx, span := tracer.Start(ctx, ...): derived
		}
		return none
	}
	if neverWaits(fn) {
		return none // known, whatever its code
	}
	f := r.factOf(fn)
	if f == nil {
		// Unknown: it observes, unless it logs (by its name, its type's or
		// its package's: a logger package's Target.Send), records metrics, moves
		// values to or from a carrier (user.InjectOrgID: then what it
		// returns decides), cannot report cancellation, or leaves its
		// context parameter unnamed.
		if knowledge.IsValueCarrierName(fn.Name()) {
			if !ctxapi.ReturnsContext(fn) {
				return none
			}
			return follow()
		}
		if ctxapi.Derives(fn) {
			// errgroup.WithContext(parent): the parent's cancellation
			// reaches what observes the child, which can be cancelled.
			if got := follow(); got != ifCancellable {
				return got
			}
			return waits
		}
		return observes(!namedReader(fn) && !unknownIgnores(fn, paramIndex(fn, i)))
	}
	if slices.Contains(f.AddsValues, paramIndex(fn, i)) {
		// tenant.InjectOrgID(ctx, id) returns ctx with a value: what the
		// result reaches decides, as for a carrier of unknown code.
		return follow()
	}
	if r.zeroSkips(fn, f, call, i) {
		return none // ClassInfoWithVersion(ctx, class, 0): read locally, ctx unused
	}
	return f.reach(paramIndex(fn, i))
}

// reach says how far a context handed to the k-th parameter of the
// function f describes goes.
func (f *Fact) reach(k int) reach {
	switch {
	case slices.Contains(f.Ignores, k):
		return none
	case slices.Contains(f.IfCancellable, k):
		return ifCancellable
	}
	return waits
}

// valuesOnlyVar reports whether call calls a package-level variable of a
// package that only reads values from contexts (log.G = GetLogger).
func (r *Result) valuesOnlyVar(call *ast.CallExpr) bool {
	v := r.packageVar(call.Fun)
	return v != nil && knowledge.InPackages(v.Pkg().Path(), knowledge.ValuesOnly)
}

// packageVar returns the package-level variable e names (G, log.G), nil
// if it names none.
func (r *Result) packageVar(e ast.Expr) *types.Var {
	v, ok := r.info.Uses[nameOf(e)].(*types.Var)
	if !ok || v.Pkg() == nil || v.Parent() != v.Pkg().Scope() {
		return nil
	}
	return v
}

// nameOf returns the identifier that e, a name or a qualified name
// (GetLogger, log.GetLogger), ends with; nil for any other expression.
func nameOf(e ast.Expr) *ast.Ident {
	switch e := ast.Unparen(e).(type) {
	case *ast.Ident:
		return e
	case *ast.SelectorExpr:
		return e.Sel
	}
	return nil
}

// opaque reports whether the i-th argument of call goes to a parameter of
// the empty interface type (any, ...interface{}): the callee receives a
// value to print, match or store, not a context to wait on.
func opaque(info *types.Info, call *ast.CallExpr, i int) bool {
	if call.Ellipsis.IsValid() {
		return false // f(args...): the slice is passed whole
	}
	t := info.TypeOf(call.Fun)
	if t == nil {
		return false
	}
	sig, _ := t.Underlying().(*types.Signature)
	pt := ctxapi.ParamType(sig, i)
	if pt == nil || isTypeParam(pt) {
		return false
	}
	iface, ok := pt.Underlying().(*types.Interface)
	return ok && iface.Empty()
}

func isTypeParam(t types.Type) bool {
	_, ok := t.(*types.TypeParam)
	return ok
}

// paramIndex maps the i-th argument of a call of fn to its parameter: the
// arguments of a variadic parameter all map to it.
func paramIndex(fn *types.Func, i int) int {
	sig := fn.Type().(*types.Signature)
	if sig.Variadic() && i >= sig.Params().Len()-1 {
		return sig.Params().Len() - 1
	}
	return i
}

// valueReaderNames reports whether a call through a function value goes
// by the name of a logger or a metrics recorder: its own (s.logf) or that
// of what the variable was set from (cb := getMetricCallback()).
func (r *Result) valueReaderNames(call *ast.CallExpr) bool {
	e := ast.Unparen(call.Fun)
	// A function type of its own says what it is for (a ClientLogContextHook).
	if named, ok := types.Unalias(r.info.TypeOf(e)).(*types.Named); ok && readsValues(named.Obj().Name()) {
		return true
	}
	for range 2 {
		if readsValues(ctxapi.Name(e)) {
			return true
		}
		id, ok := e.(*ast.Ident)
		if !ok {
			return false
		}
		v, _ := r.info.Uses[id].(*types.Var)
		if e = r.origin[v]; e == nil {
			return false
		}
	}
	return false
}

// namedReader reports whether the names of fn, a function whose code is
// unknown, say it logs or records metrics: its own (Infof, IncCounter),
// its type's (a MetricsRecorder, an AuditLogger) or its package's (a
// logger package's Target.Send).
func namedReader(fn *types.Func) bool {
	recv := recvName(fn)
	return knowledge.IsLogName(fn.Name()) || knowledge.IsTelemetryName(fn.Name()) ||
		knowledge.IsTelemetryName(recv) || knowledge.IsLogHookName(recv) ||
		fn.Pkg() != nil && knowledge.IsLogPackageName(fn.Pkg().Name())
}

// readsValues reports whether a name says a logger or a metrics recorder.
func readsValues(name string) bool {
	return knowledge.IsLogName(name) || knowledge.IsLogHookName(name) || knowledge.IsTelemetryName(name)
}

// recvName is the name of a method's receiver type, empty for a function.
func recvName(fn *types.Func) string {
	recv := fn.Type().(*types.Signature).Recv()
	if recv == nil {
		return ""
	}
	t := recv.Type()
	if p, ok := t.(*types.Pointer); ok {
		t = p.Elem()
	}
	if named, ok := types.Unalias(t).(*types.Named); ok {
		return named.Obj().Name()
	}
	return ""
}

// definedBy returns the expression a variable declared at the identifier
// at cur is initialised with (v := e, var v = e), nil if none.
func definedBy(cur inspector.Cursor) ast.Expr {
	id := cur.Node().(*ast.Ident)
	switch p := cur.Parent().Node().(type) {
	case *ast.AssignStmt:
		if i := slices.Index(p.Lhs, ast.Expr(id)); i >= 0 && len(p.Lhs) == len(p.Rhs) {
			return p.Rhs[i]
		}
	case *ast.ValueSpec:
		if i := slices.Index(p.Names, id); i >= 0 && len(p.Names) == len(p.Values) {
			return p.Values[i]
		}
	}
	return nil
}

// Module names the module of the package under analysis: where a fact
// speaks of the user's code rather than of what a function does (a
// helper's root, reported at its callers), it is trusted only within it.
// Without modules (GOPATH mode) the first element of the import path
// stands in for it.
func Module(pass *analysis.Pass) string {
	if pass.Module != nil && pass.Module.Path != "" {
		return pass.Module.Path
	}
	first, _, _ := strings.Cut(pass.Pkg.Path(), "/")
	return first
}
