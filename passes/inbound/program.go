package inbound

import (
	"bytes"
	"fmt"
	"go/ast"
	"go/types"
	"maps"
	"slices"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/passes/inspect"
	"golang.org/x/tools/go/ast/inspector"

	"github.com/budgetlint/budgetlint/internal/ctxapi"
)

// The standalone command sees every package of a module at once, and so
// every caller of its functions: an exported Connect(ctx) that the module
// only ever calls from main, with main's context, is main's code and has no
// caller's deadline, as an unexported one whose callers in its package all
// hand it roots has none (rootedByCallers). No go/analysis pass can know
// it: facts flow from a callee's package to its callers, never back. So
// each package summarises its calls (ProgramAnalyzer, a package fact),
// and the command joins the summaries (Program) and leaves out the
// findings inside functions that only main's contexts reach.
// Other drivers (go vet, golangci-lint, an editor) see one package at a
// time and report those findings.

// ProgramAnalyzer exports the package's CallSummary. It is not a pass of
// its own: the standalone command adds it when it analyses whole modules,
// and no other driver runs it.
var ProgramAnalyzer = &analysis.Analyzer{
	Name:      "inboundcalls",
	Doc:       "summarise, for the standalone command, what the package's calls hand the context parameters of the functions they call",
	Requires:  []*analysis.Analyzer{inspect.Analyzer, Analyzer},
	FactTypes: []analysis.Fact{new(CallSummary), new(ContextlessRoot)},
	Run: func(pass *analysis.Pass) (any, error) {
		res := pass.ResultOf[Analyzer].(*Result)
		if res.iface == nil {
			return nil, nil // no context can appear here
		}
		insp := pass.ResultOf[inspect.Analyzer].(*inspector.Inspector)
		callers := res.callers
		if callers.classify == nil { // inbound took the early way out
			callers = rootedByCallers(pass, insp, res.iface, res.uses, true)
		}
		pass.ExportPackageFact(summarise(pass, insp, res.iface, callers, res))
		return nil, nil
	},
}

// CallSummary is what one package's code tells about the contexts the
// functions of its module receive.
type CallSummary struct {
	Package string        // its import path
	Imports []string      // the import paths of the packages it imports
	Funcs   []SummaryFunc // the package's functions with a context parameter
	Calls   []SummaryCall // the package's calls handing a context parameter something
	// Implements pairs methods with the interfaces their types implement
	// with them, as far as the package sees both (its own and its
	// imports'): a call through such an interface reaches the method, and
	// through one of a package out of view (a framework calling its
	// plugins, database/sql its driver) the callers are out of view too.
	Implements []Implementation
	// Escaped are the functions the package refers to other than by a
	// static call (a function value, a method value): callers out of view.
	Escaped []string
	// Registered are the functions the package hands, as values, only
	// where a named function type of a package outside the standard
	// library is expected (drivers.Register("mysql", New) with a
	// drivers.Constructor parameter): the calls of values of that type
	// (SummaryCall.Callee "func importpath.Name") are their calls.
	Registered []Registration
	// Leaked are the named function types whose values the package hands
	// where another type is expected (a Constructor given to a func(...)
	// parameter): calls of them the program cannot attribute.
	Leaked []string
	// Contextless are the package's functions without a context that
	// make a root for a callee, or call one that does (ContextlessRoot).
	Contextless []ContextlessFunc
	// Carriers are the package's named types with methods that a call
	// through an interface could reach: a call through an interface out
	// of a method's sight reaches it only if some type that carries it
	// (its own, or one embedding it) has every method of that interface.
	Carriers []Carrier
	// Lifetimes are the package's exported functions without parameters
	// that hand out a component's lifetime (a process context's
	// Context() over a root it keeps): a call given what one returns gets
	// no caller's deadline.
	Lifetimes []string
}

func (*CallSummary) AFact() {}

func (s *CallSummary) String() string {
	return fmt.Sprintf("calls(%d functions, %d calls)", len(s.Funcs), len(s.Calls))
}

// SummaryFunc is a function with a context parameter, and where its code is.
type SummaryFunc struct {
	Key        string // types.Func.FullName
	Method     string // its name, if it is a method
	File       string
	Start, End int      // byte offsets of the declaration in File
	Holes      [][2]int // closures inside it with a context of their own
	// Internal says that its package is below an internal directory, so
	// nothing outside the module calls it: the module's calls are all of
	// its calls, and a fresh root they hand it is all it ever gets.
	Internal bool
	// Sig is a method's signature without names (see signature), "" for
	// a function or a method of a generic type: a call through an
	// interface whose method has another signature cannot reach it.
	Sig string

	pkg string // the summary's Package, for Program
}

// pkgOf returns the import path of "importpath.Name".
func pkgOf(qualified string) string {
	return qualified[:strings.LastIndexByte(qualified, '.')]
}

// Carrier is a named type: the names of all its methods, and the keys of
// those Program may find a call through an interface reaching (with a
// context parameter, or a ContextlessRoot fact), promoted ones included.
type Carrier struct {
	Names []string
	Keys  []string
}

// Registration is a function handed as a value of a named function type.
type Registration struct {
	Func string // its key
	Type string // "importpath.Name"
}

// Implementation is a method and an interface its type implements with it.
type Implementation struct {
	Method    string // its key
	Interface string // "importpath.Name"
}

// SummaryCall is one call of a function with a context parameter and what
// it hands it.
type SummaryCall struct {
	Callee string // the function's key, or the method's name for a call through an interface
	// Interface is the named interface ("importpath.Name") a dynamic
	// call goes through, "" for an unnamed one or a static call.
	Interface string
	Dynamic   bool // a call through an interface
	// Sig is the called interface method's signature as the call sees it
	// (see signature), "" if unknown.
	Sig string
	// Methods are the names of all the interface's methods, when it has
	// more than one: only a type with all of them can be behind the call.
	Methods []string
	Root    bool // main's or a command's context (in main or a command)
	// Fresh is a fresh root made elsewhere, where a context is in scope:
	// it settles a callee only the module can call (see
	// SummaryFunc.Internal).
	Fresh  bool
	Caller string // else the key of the calling function, when it hands on its own context
	// Wrapper is the key of the function without a context this call is
	// in, when it hands the callee a fresh root made there: a root no
	// caller's deadline reaches if no context exists above that function.
	Wrapper string
	// Contextless marks a call of a function with a ContextlessRoot fact
	// (Callee), for Program to tell whether a context exists above it.
	Contextless bool
	// Getter is the key of a function of another package, without
	// parameters, whose result the call hands on (processContext.Context()):
	// a component's lifetime if that package lists it in its Lifetimes.
	Getter string
}

// summarise builds the package's CallSummary.
func summarise(pass *analysis.Pass, insp *inspector.Inspector, iface *types.Interface, callers callerFacts, res *Result) *CallSummary {
	info := pass.TypesInfo
	s := &CallSummary{Package: pass.Pkg.Path()}
	inTest := func(cur inspector.Cursor) bool {
		for d := range cur.Enclosing((*ast.FuncDecl)(nil), (*ast.FuncLit)(nil)) {
			f := res.funcs[d.Node()]
			return f == nil || f.InTest
		}
		return false
	}
	key := func(fn *types.Func) string { return fn.Origin().FullName() }
	// An example program shows how to call the module, as a test does:
	// the contexts it passes say nothing about the callers of its API.
	example := pass.Pkg.Name() == "main" && slices.ContainsFunc(strings.Split(pathInModule(pass), "/"), func(elem string) bool {
		return strings.Contains(strings.ToLower(elem), "example")
	})
	escaped := map[string]bool{}
	var registered []Registration
	leaked := map[string]bool{}
	handedOff := map[ast.Node]bool{} // function values a callee runs with a context of the call
	// describe fills in what the call at cur hands the callee's context
	// parameter: arg.
	describe := func(call SummaryCall, arg ast.Expr, cur inspector.Cursor) SummaryCall {
		caller, process := callers.forProcess.enclosing(cur)
		switch callers.classify(arg, caller, process) {
		case rootArg:
			call.Root = true
		case freshArg:
			// A root made where a context is in scope is the one
			// mistake, judged where it is made; one made where there
			// is none (a wrapper without a context) is not, and the
			// callee's parameter is where the signal should come.
			call.Fresh = res.At(cur).Context != nil
			if caller != nil && contextParam(caller, iface) != nil {
				call.Caller = key(caller) // for a callee others can call: as rooted as the caller
			}
		case callersArg:
			call.Caller = key(caller)
		default:
			call.Getter = callers.getter(arg)
			if owner := callers.keptFrom(arg); owner != nil {
				call.Caller = key(owner) // it holds what owner was given
			}
		}
		return call
	}
	internal := slices.Contains(strings.Split(pass.Pkg.Path(), "/"), "internal")
	// The interfaces in sight, by the name of each of their methods that
	// takes a context, and which methods of the types in sight implement
	// them.
	visible := map[string][]*types.TypeName{}
	visibleAll := map[string][]*types.TypeName{} // every method, for contextless ones
	var named []*types.Named
	for _, pkg := range append(pass.Pkg.Imports(), pass.Pkg) {
		if pkg != pass.Pkg {
			s.Imports = append(s.Imports, pkg.Path())
		}
		scope := pkg.Scope()
		for _, name := range scope.Names() {
			tn, ok := scope.Lookup(name).(*types.TypeName)
			if !ok || tn.IsAlias() {
				continue
			}
			t, ok := tn.Type().(*types.Named)
			if !ok || t.TypeParams().Len() > 0 {
				continue
			}
			if !types.IsInterface(t) {
				named = append(named, t)
				continue
			}
			if pkg != pass.Pkg && !tn.Exported() {
				continue
			}
			for m := range t.Underlying().(*types.Interface).Methods() {
				visibleAll[m.Name()] = append(visibleAll[m.Name()], tn)
				if contextParam(m, iface) != nil {
					visible[m.Name()] = append(visible[m.Name()], tn)
				}
			}
		}
	}
	for _, t := range named {
		for m := range t.Methods() {
			s.Implements = append(s.Implements, implementations(key(m), t, m.Name(), visible)...)
		}
	}
	cl := findContextless(pass, insp, iface, res, callers.classify, callers.forProcess)
	for _, t := range named {
		if t.Obj().Pkg() != pass.Pkg {
			continue
		}
		var c Carrier
		for sel := range types.NewMethodSet(types.NewPointer(t)).Methods() {
			m := sel.Obj().(*types.Func)
			c.Names = append(c.Names, m.Name())
			if contextParam(m, iface) != nil || cl.hasFact(m) {
				c.Keys = append(c.Keys, key(m))
			}
		}
		if len(c.Keys) > 0 {
			s.Carriers = append(s.Carriers, c)
		}
	}
	var impls []Implementation
	s.Contextless, impls = cl.funcs(visibleAll)
	s.Implements = append(s.Implements, impls...)
	for cur := range insp.Root().Preorder((*ast.FuncDecl)(nil), (*ast.CallExpr)(nil), (*ast.Ident)(nil)) {
		switch n := cur.Node().(type) {
		case *ast.FuncDecl:
			f := res.funcs[n]
			fn, ok := info.Defs[n.Name].(*types.Func)
			if !ok || f == nil || f.InTest || contextParam(fn, iface) == nil {
				continue
			}
			start, end := pass.Fset.Position(n.Pos()), pass.Fset.Position(n.End())
			sf := SummaryFunc{Key: key(fn), File: start.Filename, Start: start.Offset, End: end.Offset, Internal: internal}
			if fn.Type().(*types.Signature).Recv() != nil {
				sf.Method, sf.Sig = fn.Name(), methodSig(fn)
			}
			for lit := range cur.Preorder((*ast.FuncLit)(nil)) {
				if g := res.funcs[lit.Node()]; g != nil && g.Own != nil {
					sf.Holes = append(sf.Holes, [2]int{pass.Fset.Position(lit.Node().Pos()).Offset, pass.Fset.Position(lit.Node().End()).Offset})
				}
			}
			s.Funcs = append(s.Funcs, sf)
		case *ast.Ident:
			if v, ok := info.Uses[n].(*types.Var); ok {
				if t := namedFuncType(v.Type()); t != nil && handedAsOther(info, cur) {
					leaked[t.Obj().Pkg().Path()+"."+t.Obj().Name()] = true
				}
				continue
			}
			fn, ok := info.Uses[n].(*types.Func)
			if !ok || fn.Pkg() == nil || ctxapi.IsStdlib(fn.Pkg().Path()) || contextParam(fn, iface) == nil && !cl.hasFact(fn) {
				continue
			}
			c := cur
			if sel, ok := c.Parent().Node().(*ast.SelectorExpr); ok && sel.Sel == n {
				c = c.Parent()
			}
			if call, ok := c.Parent().Node().(*ast.CallExpr); (!ok || call.Fun != c.Node()) && !handedOff[c.Node()] {
				if t := registeredAs(info, c); t != "" {
					registered = append(registered, Registration{key(fn), t})
				} else {
					escaped[key(fn)] = true
				}
			}
		case *ast.CallExpr:
			fn := ctxapi.Callee(info, n)
			if fn == nil && !inTest(cur) && !example {
				// A call of a value of a named function type (a
				// registry's constructor(ctx, ...)): a call of every
				// function registered as that type.
				if t := namedFuncType(info.TypeOf(n.Fun)); t != nil {
					if i := sigContextIndex(t.Underlying().(*types.Signature), iface); i >= 0 && i < len(n.Args) && !(n.Ellipsis.IsValid() && i == len(n.Args)-1) {
						s.Calls = append(s.Calls, describe(SummaryCall{Callee: "func " + t.Obj().Pkg().Path() + "." + t.Obj().Name()}, n.Args[i], cur))
					}
				}
				continue
			}
			if fn == nil || fn.Pkg() == nil || ctxapi.IsStdlib(fn.Pkg().Path()) || inTest(cur) || example {
				continue
			}
			// A function value the callee runs with one of this call's
			// contexts, unchanged (a consumer's onMessage handed to
			// JetStreamConsumer(t.ctx, ...)), is called with that context.
			for _, h := range res.uses.Handoffs(n) {
				handed := funcValue(info, n.Args[h.Func])
				if handed == nil || handed.Pkg() == nil || ctxapi.IsStdlib(handed.Pkg().Path()) || contextParamIndex(handed, iface) != h.Arg {
					continue
				}
				if recv := handed.Type().(*types.Signature).Recv(); recv != nil && types.IsInterface(recv.Type()) {
					continue // a method value of an interface: its implementations are out of this call's view
				}
				handedOff[n.Args[h.Func]] = true
				s.Calls = append(s.Calls, describe(SummaryCall{Callee: key(handed)}, n.Args[h.Ctx], cur))
			}
			i := contextParamIndex(fn, iface)
			if i < 0 {
				// A call of a function without a context: Program asks
				// whether one exists above those that make roots.
				call := SummaryCall{Callee: key(fn), Contextless: true}
				if recv := fn.Type().(*types.Signature).Recv(); recv != nil && types.IsInterface(recv.Type()) {
					call = dynamicCall(info, n, fn)
					call.Contextless = true
				} else if !cl.hasFact(fn) {
					continue
				}
				_, call.Root = callers.forProcess.enclosing(cur)
				if w := runsHere(info, cur); w != nil {
					call.Caller = key(w)
				}
				s.Calls = append(s.Calls, call)
				continue
			}
			if i >= len(n.Args) || n.Ellipsis.IsValid() && i == len(n.Args)-1 {
				continue
			}
			call := SummaryCall{Callee: key(fn)}
			if recv := fn.Type().(*types.Signature).Recv(); recv != nil && types.IsInterface(recv.Type()) {
				call = dynamicCall(info, n, fn)
			}
			call = describe(call, n.Args[i], cur)
			if w := cl.wrapper[n]; w != nil {
				call.Wrapper = key(w)
			}
			s.Calls = append(s.Calls, call)
		}
	}
	s.Escaped = slices.Sorted(maps.Keys(escaped))
	s.Registered = registered
	s.Leaked = slices.Sorted(maps.Keys(leaked))
	if callers.lifetimes != nil {
		s.Lifetimes = callers.lifetimes()
	}
	return s
}

// namedFuncType returns t as a named function type declared outside the
// standard library, nil if it is not one.
func namedFuncType(t types.Type) *types.Named {
	n, ok := types.Unalias(t).(*types.Named)
	if !ok || n.Obj().Pkg() == nil || ctxapi.IsStdlib(n.Obj().Pkg().Path()) || n.TypeParams().Len() > 0 {
		return nil
	}
	if _, ok := n.Underlying().(*types.Signature); !ok {
		return nil
	}
	return n
}

// registeredAs returns the named function type ("importpath.Name") that
// the function value at cur is handed as, an argument where a call expects
// one (or converted to one: Constructor(New)), "" otherwise.
func registeredAs(info *types.Info, cur inspector.Cursor) string {
	call, ok := cur.Parent().Node().(*ast.CallExpr)
	if !ok {
		return ""
	}
	var want types.Type
	if tv, ok := info.Types[call.Fun]; ok && tv.IsType() {
		want = tv.Type // a conversion
	} else if sig, ok := info.TypeOf(call.Fun).Underlying().(*types.Signature); ok {
		i := slices.Index(call.Args, cur.Node().(ast.Expr))
		switch {
		case i < 0:
			return ""
		case sig.Variadic() && i >= sig.Params().Len()-1:
			if call.Ellipsis.IsValid() {
				return ""
			}
			want = sig.Params().At(sig.Params().Len() - 1).Type().(*types.Slice).Elem()
		case i < sig.Params().Len():
			want = sig.Params().At(i).Type()
		}
	}
	if t := namedFuncType(want); t != nil {
		return t.Obj().Pkg().Path() + "." + t.Obj().Name()
	}
	return ""
}

// handedAsOther reports whether the variable at cur is an argument of a
// call (other than its callee) or the right side of an assignment, where
// the expected type is not its own.
func handedAsOther(info *types.Info, cur inspector.Cursor) bool {
	e := cur.Node().(ast.Expr)
	if sel, ok := cur.Parent().Node().(*ast.SelectorExpr); ok && sel.Sel == e {
		cur, e = cur.Parent(), sel
	}
	own := info.TypeOf(e)
	switch p := cur.Parent().Node().(type) {
	case *ast.CallExpr:
		if p.Fun == e {
			return false
		}
		if tv, ok := info.Types[p.Fun]; ok && tv.IsType() {
			return !types.Identical(tv.Type, own)
		}
		sig, ok := info.TypeOf(p.Fun).Underlying().(*types.Signature)
		if !ok {
			return true
		}
		i := slices.Index(p.Args, e)
		if sig.Variadic() && i >= sig.Params().Len()-1 {
			last := sig.Params().At(sig.Params().Len() - 1).Type()
			if !p.Ellipsis.IsValid() {
				last = last.(*types.Slice).Elem()
			}
			return !types.Identical(last, own)
		}
		return i >= 0 && i < sig.Params().Len() && !types.Identical(sig.Params().At(i).Type(), own)
	case *ast.AssignStmt:
		for i, r := range p.Rhs {
			if r == e && i < len(p.Lhs) && len(p.Lhs) == len(p.Rhs) {
				return !types.Identical(info.TypeOf(p.Lhs[i]), own)
			}
		}
	}
	return false
}

// dynamicCall describes call, a call of fn, a method of an interface: its
// name, signature and the named interface it goes through.
func dynamicCall(info *types.Info, call *ast.CallExpr, fn *types.Func) SummaryCall {
	c := SummaryCall{Callee: fn.Name(), Dynamic: true}
	if sig, ok := info.TypeOf(call.Fun).(*types.Signature); ok {
		c.Sig = signature(sig)
	}
	if sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr); ok {
		if tn := typeName(info.TypeOf(sel.X)); tn != nil && tn.Pkg() != nil && types.IsInterface(tn.Type()) {
			c.Interface = tn.Pkg().Path() + "." + tn.Name()
		}
		if it, ok := info.TypeOf(sel.X).Underlying().(*types.Interface); ok && it.NumMethods() > 1 {
			for m := range it.Methods() {
				c.Methods = append(c.Methods, m.Name())
			}
		}
	}
	return c
}

// signature writes sig's parameter and result types, fully qualified and
// without names or receiver, so that two packages' summaries compare a
// method with an interface's: func(context.Context, string) error.
func signature(sig *types.Signature) string {
	qualify := func(p *types.Package) string { return p.Path() }
	var b bytes.Buffer
	tuple := func(t *types.Tuple, variadic bool) {
		b.WriteByte('(')
		for i := range t.Len() {
			if i > 0 {
				b.WriteString(", ")
			}
			if variadic && i == t.Len()-1 {
				b.WriteString("...")
				types.WriteType(&b, t.At(i).Type().(*types.Slice).Elem(), qualify)
				continue
			}
			types.WriteType(&b, t.At(i).Type(), qualify)
		}
		b.WriteByte(')')
	}
	b.WriteString("func")
	tuple(sig.Params(), sig.Variadic())
	tuple(sig.Results(), false)
	return b.String()
}

// methodSig is method's signature (see signature), "" for a method of a
// generic type, whose instances' signatures differ from it.
func methodSig(method *types.Func) string {
	t := method.Type().(*types.Signature).Recv().Type()
	if p, ok := types.Unalias(t).(*types.Pointer); ok {
		t = p.Elem()
	}
	if n, ok := types.Unalias(t).(*types.Named); ok && n.TypeParams().Len() > 0 {
		return ""
	}
	return signature(method.Type().(*types.Signature))
}

// implementations pairs the method key, named name, of type t (not a
// pointer) with the interfaces of visible (by method name) that t or *t
// implements.
func implementations(key string, t types.Type, name string, visible map[string][]*types.TypeName) []Implementation {
	var out []Implementation
	for _, tn := range visible[name] {
		it := tn.Type().Underlying().(*types.Interface)
		if types.Implements(t, it) || types.Implements(types.NewPointer(t), it) {
			out = append(out, Implementation{key, tn.Pkg().Path() + "." + tn.Name()})
		}
	}
	return out
}

// funcValue returns the declared function or method that e names as a
// value (onMessage, t.onMessage), nil if it names none.
func funcValue(info *types.Info, e ast.Expr) *types.Func {
	switch e := ast.Unparen(e).(type) {
	case *ast.Ident:
		fn, _ := info.Uses[e].(*types.Func)
		return fn
	case *ast.SelectorExpr:
		fn, _ := info.Uses[e.Sel].(*types.Func)
		return fn
	}
	return nil
}

// Program joins the summaries of every package of a program and returns
// the code of the functions whose context parameter only ever receives
// main's or a command's context, directly or through callers of the same
// kind (and that one of those reaches): no caller's deadline reaches them.
// A function qualifies when the program calls it and never refers to it otherwise (a
// function value goes where the program cannot follow). A method also
// counts every call through an interface by its name, and does not
// qualify if its type implements with it an interface of a package out of
// view: a framework may call it.
func Program(sums []*CallSummary) *Rooted {
	funcs := map[string]*SummaryFunc{}
	calls := map[string][]SummaryCall{}   // by callee key
	dynamic := map[string][]SummaryCall{} // by method name
	escaped := map[string]bool{}
	registered := map[string][]string{} // function key -> the named function types it is handed as
	leaked := map[string]bool{}         // named function types whose values go where calls are out of view
	inView := map[string]bool{}         // the packages summarised, by path
	imports := map[string][]string{}
	lifetimes := map[string]bool{}
	contextless := map[string]*SummaryFunc{}
	contextlessCalls := map[string][]SummaryCall{}   // by callee key
	contextlessDynamic := map[string][]SummaryCall{} // by method name
	for _, s := range sums {
		for _, f := range s.Contextless {
			contextless[f.Key] = &SummaryFunc{Key: f.Key, Method: f.Method, Sig: f.Sig, pkg: s.Package}
		}
		imports[s.Package] = s.Imports
		for _, k := range s.Lifetimes {
			lifetimes[k] = true
		}
		for i := range s.Funcs {
			s.Funcs[i].pkg = s.Package
			funcs[s.Funcs[i].Key] = &s.Funcs[i]
		}
		for _, c := range s.Calls {
			if c.Contextless {
				if c.Dynamic {
					contextlessDynamic[c.Callee] = append(contextlessDynamic[c.Callee], c)
				} else {
					contextlessCalls[c.Callee] = append(contextlessCalls[c.Callee], c)
				}
				continue
			}
			if c.Dynamic {
				dynamic[c.Callee] = append(dynamic[c.Callee], c)
			} else {
				calls[c.Callee] = append(calls[c.Callee], c)
			}
		}
		for _, k := range s.Escaped {
			escaped[k] = true
		}
		for _, r := range s.Registered {
			registered[r.Func] = append(registered[r.Func], r.Type)
		}
		for _, t := range s.Leaked {
			leaked[t] = true
		}
		inView[s.Package] = true
	}
	// A function registered as a type of a package out of view is called
	// where the program cannot see.
	for k, types := range registered {
		if slices.ContainsFunc(types, func(t string) bool { return !inView[pkgOf(t)] || leaked[t] }) {
			escaped[k] = true
		}
	}
	implements := map[string][]string{} // method key -> interfaces
	for _, s := range sums {
		for _, impl := range s.Implements {
			if !slices.Contains(implements[impl.Method], impl.Interface) {
				implements[impl.Method] = append(implements[impl.Method], impl.Interface)
			}
		}
	}
	carriers := map[string][][]string{} // method key -> the method names of each type that carries it
	for _, s := range sums {
		for _, c := range s.Carriers {
			for _, k := range c.Keys {
				carriers[k] = append(carriers[k], c.Names)
			}
		}
	}
	// carries says whether a type with all the methods of the interface
	// that call c goes through may carry f (unknown types: it may).
	carries := func(c SummaryCall, f *SummaryFunc) bool {
		if len(c.Methods) == 0 || len(carriers[f.Key]) == 0 {
			return true
		}
		return slices.ContainsFunc(carriers[f.Key], func(names []string) bool {
			return !slices.ContainsFunc(c.Methods, func(m string) bool { return !slices.Contains(names, m) })
		})
	}
	foreign := func(f *SummaryFunc) bool {
		return slices.ContainsFunc(implements[f.Key], func(it string) bool { return !inView[pkgOf(it)] })
	}
	// A call through an interface reaches f if f's type implements it, or
	// may if f's package cannot see it (a consumer's own interface, which
	// main fills with f's type), the two methods have one signature, and
	// a type that carries f has all the interface's methods (a raft
	// server's Start is not a wire server's Start).
	reaches := func(c SummaryCall, f *SummaryFunc) bool {
		if c.Sig != "" && f.Sig != "" && c.Sig != f.Sig {
			return false // another method of the same name
		}
		if it := c.Interface; it != "" {
			if slices.Contains(implements[f.Key], it) {
				return true
			}
			if p := pkgOf(it); p == f.pkg || slices.Contains(imports[f.pkg], p) {
				return false
			}
		}
		return carries(c, f)
	}
	// with returns the static calls of f and those through interfaces
	// that may reach it.
	with := func(static, dynamic map[string][]SummaryCall, f *SummaryFunc) []SummaryCall {
		out := slices.Clip(static[f.Key])
		for _, t := range registered[f.Key] {
			out = append(out, static["func "+t]...)
		}
		if f.Method == "" {
			return out
		}
		for _, c := range dynamic[f.Method] {
			if reaches(c, f) {
				out = append(out, c)
			}
		}
		return out
	}
	callsOf := func(f *SummaryFunc) []SummaryCall { return with(calls, dynamic, f) }
	aboveOf := func(f *SummaryFunc) []SummaryCall { return with(contextlessCalls, contextlessDynamic, f) }
	// No context exists above a contextless function when every call of it
	// (through an interface too) is made by main or a command, by a
	// function of the same kind, or by one whose context is rooted; it must
	// be called, never referred to otherwise (optimistic, taken back
	// below). A method that implements an interface of a package out of
	// view is called by a framework there, which hands it no context since
	// it takes none (a metrics collector's Collect(ch)): none exists above
	// it either, unless a call in view hands one.
	upstreamless := map[string]bool{}
	for k, f := range contextless {
		if !escaped[k] && (len(aboveOf(f)) > 0 || foreign(f)) {
			upstreamless[k] = true
		}
	}
	// settles says whether call c hands f a root by itself: main's, a
	// component's lifetime from another package's getter, a fresh one if
	// nothing outside the module can call f, or one made where no context
	// exists above (one of above).
	settlesAbove := func(c SummaryCall, f *SummaryFunc, above map[string]bool) bool {
		return c.Root || lifetimes[c.Getter] || c.Fresh && f.Internal || c.Wrapper != "" && above[c.Wrapper]
	}
	settles := func(c SummaryCall, f *SummaryFunc) bool { return settlesAbove(c, f, upstreamless) }
	rooted := map[string]bool{}
	for k, f := range funcs {
		if len(callsOf(f)) > 0 && !escaped[k] && !foreign(f) {
			rooted[k] = true // optimistic; the loop below takes back
		}
	}
	for changed := true; changed; {
		changed = false
		for k := range rooted {
			for _, c := range callsOf(funcs[k]) {
				if !settles(c, funcs[k]) && (c.Caller == "" || !rooted[c.Caller]) {
					delete(rooted, k)
					changed = true
					break
				}
			}
		}
		for k := range upstreamless {
			for _, c := range aboveOf(contextless[k]) {
				if !c.Root && (c.Caller == "" || !upstreamless[c.Caller] && !rooted[c.Caller]) {
					delete(upstreamless, k)
					changed = true
					break
				}
			}
		}
	}
	// Calls among themselves alone (a method calling itself through an
	// interface) hand on nothing: keep the functions a root reaches.
	grounded := map[string]bool{}
	groundedAbove := map[string]bool{} // the upstreamless ones a root reaches
	for k := range upstreamless {
		if foreign(contextless[k]) {
			groundedAbove[k] = true // the framework's call
		}
	}
	for changed := true; changed; {
		changed = false
		for k := range upstreamless {
			if groundedAbove[k] {
				continue
			}
			for _, c := range aboveOf(contextless[k]) {
				if c.Root || groundedAbove[c.Caller] || grounded[c.Caller] {
					groundedAbove[k] = true
					changed = true
					break
				}
			}
		}
		for k := range rooted {
			if grounded[k] {
				continue
			}
			for _, c := range callsOf(funcs[k]) {
				if settlesAbove(c, funcs[k], groundedAbove) || grounded[c.Caller] {
					grounded[k] = true
					changed = true
					break
				}
			}
		}
	}
	r := &Rooted{spans: map[string][]span{}}
	for k := range grounded {
		f := funcs[k]
		r.spans[f.File] = append(r.spans[f.File], span{f.Key, f.Start, f.End, f.Holes})
	}
	return r
}

// Rooted is the code that only main's contexts reach, found by Program.
type Rooted struct {
	spans map[string][]span
}

type span struct {
	key        string
	start, end int
	holes      [][2]int
}

// At returns the function that holds the byte offset of file, if it is
// code that only main's contexts reach (and not in a closure with a
// context of its own), "" otherwise.
func (r *Rooted) At(file string, offset int) string {
	for _, s := range r.spans[file] {
		if offset < s.start || offset >= s.end {
			continue
		}
		for _, h := range s.holes {
			if offset >= h[0] && offset < h[1] {
				return ""
			}
		}
		return s.key
	}
	return ""
}

// Len is the number of functions found.
func (r *Rooted) Len() int {
	n := 0
	for _, list := range r.spans {
		n += len(list)
	}
	return n
}
