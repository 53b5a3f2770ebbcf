package ctxbackground

import (
	"flag"
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"path/filepath"
	"slices"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ast/inspector"

	"github.com/budgetlint/budgetlint/internal/ctxapi"
	"github.com/budgetlint/budgetlint/internal/ctxflow"
	"github.com/budgetlint/budgetlint/internal/knowledge"
	"github.com/budgetlint/budgetlint/internal/onpath"
	"github.com/budgetlint/budgetlint/internal/report"
	"github.com/budgetlint/budgetlint/passes/ctxuse"
	"github.com/budgetlint/budgetlint/passes/inbound"
)

var Analyzer = onpath.Analyzer(&analysis.Analyzer{
	Name:      "ctxbackground",
	Doc:       analyzerDoc,
	Run:       run,
	FactTypes: []analysis.Fact{new(RootsContext)},
	Flags:     flags(),
})

var (
	includeTests    bool
	includeDetached bool
	latent          bool
)

func flags() flag.FlagSet {
	var fs flag.FlagSet
	fs.BoolVar(&includeTests, "tests", false, "also report fresh roots in tests, suggesting t.Context()")
	fs.BoolVar(&includeDetached, "detached", false, "also report fresh roots in go and defer statements and where the caller's context is already done, suggesting context.WithoutCancel(ctx)")
	fs.BoolVar(&latent, "latent", false, "also report fresh roots that reach nothing observing cancellation (loggers, value readers, callees that ignore their context): harmless today, lost once the code below starts to honour it")
	return fs
}

// RootsContext marks a function without a context parameter that starts a
// fresh root and passes it to a call taking a context, so that its callers
// on a request path can be told where their deadline stops.
type RootsContext struct {
	Root string // "context.Background()"
	Pos  string // "file.go:12", where the root is
	// RootPkg is the import path of the package the root is in: with Pos,
	// what tells one root from another.
	RootPkg string
	Via     string // the callee it roots through, empty when rooted directly
	Module  string // the module of the function, empty outside modules
	// IfZero, when not 0, says that the root is observed only when the
	// function's parameter IfZero-1 holds its zero value: it fills in a
	// default the caller left out (name == ""), and callers that pass one
	// lose nothing there.
	IfZero int
	// IfEquals, when not 0, says that the root is reached only when the
	// function's parameter IfEquals-1 holds the constant Equals (its
	// exact form: "true", "2"): it sits in an if on a boolean parameter
	// or in a switch case on a parameter, and callers that pass another
	// constant (compile(call, false)) never reach it.
	IfEquals int
	Equals   string
	// Through, when not 0, says that the root is observed only by the
	// method Method of the function's parameter Through-1, an interface,
	// which receives it as its parameter MethodArg: a caller that passes a
	// concrete value whose Method observes nothing of a fresh root (a
	// storage bucket's read that only annotates a log from ctx) loses
	// nothing there.
	Through   int
	Method    string
	MethodArg int
}

func (*RootsContext) AFact() {}

func (f *RootsContext) String() string {
	s := fmt.Sprintf("roots %s at %s", f.Root, f.Pos)
	if f.Via != "" {
		s += " through " + f.Via
	}
	if f.IfZero > 0 {
		s += fmt.Sprintf(" if parameter %d is zero", f.IfZero-1)
	}
	if f.IfEquals > 0 {
		s += fmt.Sprintf(" if parameter %d is %s", f.IfEquals-1, f.Equals)
	}
	if f.Through > 0 {
		s += fmt.Sprintf(" if parameter %d's %s observes it", f.Through-1, f.Method)
	}
	return s
}

type checker struct {
	onpath.Base
	helpers map[*types.Func]*RootsContext
}

func run(pass *analysis.Pass) (any, error) {
	c := &checker{Base: onpath.Start(pass)}
	if !c.In.ContextReachable() {
		return nil, nil // no context package below: nothing can root one
	}
	c.helpers = rootingHelpers(pass, c.In, c.Uses, c.Insp)
	if c.In.Empty() {
		return nil, nil
	}
	for cur := range c.Insp.Root().Preorder((*ast.CallExpr)(nil)) {
		call := cur.Node().(*ast.CallExpr)
		if ctxapi.IsFreshRoot(pass.TypesInfo, call) {
			c.checkRoot(cur, call)
		} else {
			c.checkHelperCall(cur, call)
		}
	}
	return nil, nil
}

// mode says which context a finding asks for.
type mode int

const (
	request      mode = iota // the inbound context
	test                     // t.Context(), with -tests
	detached                 // context.WithoutCancel(ctx), with -detached
	afterDone                // the same, where ctx is already done
	documented               // the same, where a comment says the code detaches on purpose
	afterFailure             // the same, in clean-up after a call given ctx failed
	readDetached             // the same, for a root that only goroutines read
)

// inboundAt returns the context that should be used at cur, or nil where
// the pass leaves the code alone.
func (c *checker) inboundAt(cur inspector.Cursor) (*inbound.Source, mode) {
	if c.Rep.Generated(cur.Node().Pos()) {
		return nil, request
	}
	site := c.In.At(cur)
	if site.Func == nil || site.Watched {
		return nil, request // watched: the caller's cancellation ends the work anyway
	}
	src := site.Context
	m := request
	if src == nil || site.InTest {
		if !includeTests {
			return nil, request
		}
		if src == nil {
			src, m = site.Test, test
		}
	}
	if src == nil {
		return nil, request
	}
	failed := m == request && c.In.AfterFailure(cur, site)
	if (site.Detached || failed) && m == request {
		if !includeDetached {
			return nil, request
		}
		switch {
		case site.AfterDone:
			m = afterDone
		case site.Documented:
			m = documented
		case failed:
			m = afterFailure
		default:
			m = detached
		}
	}
	return src, m
}

func (c *checker) checkRoot(cur inspector.Cursor, call *ast.CallExpr) {
	src, m := c.inboundAt(cur)
	if src == nil {
		return
	}
	info := c.Pass.TypesInfo
	if ctxflow.IsNilGuard(info, cur) || c.buildsContext(cur) {
		return
	}
	if pc, ok := cur.Parent().Node().(*ast.CallExpr); ok && m == request && slices.Contains(pc.Args, ast.Expr(call)) {
		fn := ctxapi.Callee(info, pc)
		if fn != nil && knowledge.IsDestructorName(fn.Name()) {
			return // runtime.Close(context.Background()): a destructor must finish
		}
		if fn != nil && knowledge.IsUndoName(fn.Name()) || c.Uses.Detaches(pc, slices.Index(pc.Args, ast.Expr(call))) {
			// kill(context.Background()): it must finish because the work
			// it undoes was cancelled;
			// asyncRollback(context.Background()), whose context only its
			// own goroutine reads: detached, as go rollback(...) is.
			if !includeDetached {
				return
			}
			m = detached
		}
	}
	if m == request {
		if c.Uses.DetachedOnly(cur) {
			// exitCtx, cancel := context.WithCancel(context.Background());
			// startExitMonitor(exitCtx): only detached work reads it.
			if !includeDetached {
				return
			}
			m = readDetached
		}
	}
	if !latent && !c.Uses.ValueObserved(cur) {
		return // nothing below observes cancellation: nothing is lost
	}
	if ctxflow.Lifetime(info, cur) {
		return // a component's lifetime, kept beyond the call on purpose
	}
	if src.Param != nil && ctxflow.CancelledWith(info, cur, c.Uses.Derived(src.Param)) {
		return // cancelled once the caller's context is done: nothing is lost
	}
	if ctxflow.PreCancelled(info, cur) {
		return // dead on arrival, on purpose: no deadline to lose
	}
	if src.Kind == inbound.Param && ctxflow.ChoosesContext(info, cur, src.Param) {
		return // a switch between the caller's context and none, on purpose
	}
	root := rootName(info, call)
	parent, _ := ctxflow.Unparen(cur)
	if cmp, ok := parent.Node().(*ast.BinaryExpr); ok && (cmp.Op == token.EQL || cmp.Op == token.NEQ) {
		return // ctx != context.Background(): a sentinel compared, not a context used
	}
	if pc, ok := parent.Node().(*ast.CallExpr); ok && len(pc.Args) > 0 && ast.Unparen(pc.Args[0]) == call && ctxapi.IsDeadlineDerivation(info, pc) {
		return // a fixed timeout on a fresh root: fixedtimeout reports it
	}
	if v, stmt := ctxflow.AssignedVar(info, parent, call); v != nil {
		if v == src.Param && m == request {
			c.reportOverwrite(stmt, call, root, src)
			return
		}
		for fn := range cur.Enclosing((*ast.FuncDecl)(nil), (*ast.FuncLit)(nil)) {
			if ctxflow.IsDeadlineParent(info, fn, v) {
				return // the variable is the parent of a fixed timeout: fixedtimeout's
			}
			break
		}
	}

	var msg string
	var with string // replacement text for the root call
	switch m {
	case test:
		msg = fmt.Sprintf("%s in a test runs past the test's deadline and cleanup; use %s", root, src.Expr)
		with = src.Expr
	case detached, afterDone, documented, afterFailure, readDetached:
		where := "in a goroutine or deferred call"
		switch m {
		case afterDone:
			where = "once " + src.Name() + " is done"
		case documented:
			where = "where the comment says it detaches on purpose"
		case afterFailure:
			where = "in clean-up after a call given " + src.Name() + " failed"
		case readDetached:
			where = "read only by goroutines"
		}
		if expr, ok := src.ExprAt(c.Pass.Pkg, call.Pos()); ok {
			pkgName := contextQualifier(call)
			with = pkgName + "WithoutCancel(" + expr + ")"
			msg = fmt.Sprintf("%s %s drops the values of %s along with its cancellation; use %s to detach on purpose", root, where, expr, with)
		} else {
			msg = fmt.Sprintf("%s %s drops the values of %s along with its cancellation; use context.WithoutCancel on it to detach on purpose", root, where, src.Name())
		}
	default:
		if src.Expr == "" {
			msg = fmt.Sprintf("%s starts a fresh context although the caller's context is a parameter, so its deadline and cancellation are lost; name that parameter and use it", root)
		} else {
			msg = fmt.Sprintf("%s starts a fresh context where %s is in scope, so the caller's deadline and cancellation are lost; use %s", root, src.Expr, src.Expr)
			with, _ = src.ExprAt(c.Pass.Pkg, call.Pos())
		}
	}
	d := analysis.Diagnostic{Pos: call.Pos(), End: call.End(), Message: msg}
	if with != "" {
		d.SuggestedFixes = []analysis.SuggestedFix{{
			Message:   "Replace " + root + " with " + with,
			TextEdits: []analysis.TextEdit{{Pos: call.Pos(), End: call.End(), NewText: []byte(with)}},
		}}
	}
	key := report.SameCall(cur, d.Message)
	if v := ctxflow.HoldingVar(info, cur); v != nil && v.Pkg() != nil && v.Parent() != v.Pkg().Scope() {
		// bg := context.Background(); if cfg != nil { bg =
		// context.WithValue(context.Background(), k, cfg) }: one variable
		// to give the caller's context, one mistake.
		key = fmt.Sprintf("root into %d %s", v.Pos(), d.Message)
	}
	c.Rep.ReportSame(key, c.Rep.PricedByCallerDeadline(d, cur))
}

// buildsContext reports whether the root is a field of a composite literal
// that is itself a context: a hand-made context deliberately detached from
// the caller's cancellation (one that only keeps its values, say).
func (c *checker) buildsContext(cur inspector.Cursor) bool {
	parent, _ := ctxflow.Unparen(cur)
	if _, ok := parent.Node().(*ast.KeyValueExpr); ok {
		parent, _ = ctxflow.Unparen(parent)
	}
	lit, ok := parent.Node().(*ast.CompositeLit)
	if !ok {
		return false
	}
	t := c.Pass.TypesInfo.TypeOf(lit)
	return t != nil && (ctxapi.IsContext(t, c.Iface) || ctxapi.IsContext(types.NewPointer(t), c.Iface))
}

// reportOverwrite reports `ctx = context.TODO()` and offers to delete it.
func (c *checker) reportOverwrite(stmt ast.Node, call *ast.CallExpr, root string, src *inbound.Source) {
	d := analysis.Diagnostic{
		Pos:     call.Pos(),
		End:     call.End(),
		Message: fmt.Sprintf("assigning %s to %s overwrites the caller's context, so its deadline and cancellation are lost; keep %s", root, src.Param.Name(), src.Param.Name()),
	}
	if as, ok := stmt.(*ast.AssignStmt); ok && len(as.Lhs) == 1 && as.Tok == token.ASSIGN {
		d.SuggestedFixes = []analysis.SuggestedFix{{
			Message:   "Remove the assignment",
			TextEdits: []analysis.TextEdit{{Pos: as.Pos(), End: as.End()}},
		}}
	}
	c.Rep.Report(d)
}

// checkHelperCall reports a request-path call to a function that roots its
// own context and passes it on.
func (c *checker) checkHelperCall(cur inspector.Cursor, call *ast.CallExpr) {
	fn := ctxapi.Callee(c.Pass.TypesInfo, call)
	if fn == nil {
		return
	}
	fact := c.helperFact(fn)
	if fact == nil || ctxapi.ContextVariant(fn) != nil {
		return // a context-taking sibling exists: dropcancel reports the call
	}
	src, m := c.inboundAt(cur)
	if src == nil || m != request {
		return
	}
	if _, ok := passOnGuard(c.Pass.TypesInfo, nil, call, fact); !ok {
		return // the root fills in a default this call does not leave out
	}
	if _, ok := passOnBranch(c.Pass.TypesInfo, nil, call, fact); !ok {
		return // the root sits in a branch this call's constant does not take
	}
	if _, ok := passOnThrough(c.Pass.TypesInfo, c.Uses, nil, call, fact); !ok {
		return // only this call's argument's method could observe the root, and it does not
	}
	if ctxflow.StoredComponent(c.Pass.TypesInfo, cur) {
		return // it builds a component kept beyond the call (t.sess = s): the root is its lifetime
	}
	if ctxflow.MemoisedInit(c.Pass.TypesInfo, cur) {
		return // part of a shared client's set-up on first use (if s.client == nil { ... }), done once for every caller
	}
	if c.chainedOnHelper(call) {
		return // s.forServer(name).failure(): one finding, at the inner call, for the one position
	}
	where := fact.Root + " at " + fact.Pos
	if fact.Via != "" {
		where += ", through " + fact.Via
	}
	name := src.Name()
	if _, ok := src.ExprAt(c.Pass.Pkg, call.Pos()); !ok && src.Expr != "" {
		// A closure's parameter of the same name (a runner's own
		// context) hides it here.
		name = "the enclosing function's " + src.Expr + ", which another variable hides here"
	}
	advice := "give it a context.Context parameter and pass " + name
	if fn.Exported() {
		// Other packages call it too: a new parameter would break them.
		advice = fmt.Sprintf("%s is exported, so add %s variant that takes a context.Context and call it with %s", fn.Name(), article(fn.Name()+"Context"), name)
	}
	if src.Discarded() {
		// func (a *App) refresh(context.Context): nothing to pass yet.
		advice += ", once the context parameter of this function has a name"
	}
	// One root reached twice from one function is one mistake, through
	// one helper or several (Add, AddChild and fillTrickleRec all ending
	// at the same TODO): the deadline is lost once, at that root, and
	// threading the context to it fixes every call. The other calls are
	// its related places.
	key := "helper root " + fact.RootPkg + " " + fact.Pos + " " + fact.Root
	c.Rep.ReportSame(key, c.Rep.PricedByCallerDeadline(analysis.Diagnostic{
		Pos:     call.Pos(),
		End:     call.End(),
		Message: fmt.Sprintf("%s starts a fresh context (%s), so the caller's deadline and cancellation stop at this call; %s", fn.Name(), where, advice),
	}, cur))
}

// chainedOnHelper reports whether call is a method called on the result
// of a call to a rooting helper (stats.forServer(name).failure()): both
// start at the same position, where the inner call is reported.
func (c *checker) chainedOnHelper(call *ast.CallExpr) bool {
	sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr)
	if !ok {
		return false
	}
	inner, ok := ast.Unparen(sel.X).(*ast.CallExpr)
	if !ok {
		return false
	}
	fn := ctxapi.Callee(c.Pass.TypesInfo, inner)
	return fn != nil && c.helperFact(fn) != nil && ctxapi.ContextVariant(fn) == nil
}

func (c *checker) helperFact(fn *types.Func) *RootsContext {
	fn = fn.Origin()
	if fn.Pkg() == c.Pass.Pkg {
		return c.helpers[fn]
	}
	if fn.Pkg() == nil || foreign(fn.Pkg().Path()) {
		return nil
	}
	fact := new(RootsContext)
	if c.Pass.ImportObjectFact(fn, fact) && fact.Module == ctxuse.Module(c.Pass) {
		return fact
	}
	return nil
}

// passOn says whether fn, calling at `at` a helper whose fact is f, roots
// through it, and returns fn's own fact then (without Via and Module): the
// helper's root and position, and the conditions of fn's own that reach
// it (passOnGuard, reachedBranch, passOnThrough).
func passOn(info *types.Info, uses *ctxuse.Result, fn *types.Func, at inspector.Cursor, f *RootsContext) (*RootsContext, bool) {
	call := at.Node().(*ast.CallExpr)
	g, ok := passOnGuard(info, fn, call, f)
	if !ok {
		return nil, false
	}
	k, v, ok := reachedBranch(info, fn, at, f)
	if !ok {
		return nil, false
	}
	t, ok := passOnThrough(info, uses, fn, call, f)
	if !ok {
		return nil, false
	}
	own := &RootsContext{Root: f.Root, Pos: f.Pos, RootPkg: f.RootPkg, IfZero: g, IfEquals: k, Equals: v}
	if t > 0 {
		own.Through, own.Method, own.MethodArg = t, f.Method, f.MethodArg
	}
	return own, true
}

// viaParam names a method of a function's interface parameter that a
// context is handed to (RootsContext.Through).
type viaParam struct {
	param  int    // the function's parameter, 0-based
	method string // the method called on it
	arg    int    // the method's parameter the context lands in
}

// paramMethod says whether call hands its i-th argument to an exported
// method of fn's own parameter of interface type (b.Get(ctx, key) in func
// load(b bucket, …)), and which.
func paramMethod(info *types.Info, fn *types.Func, call *ast.CallExpr, i int) (viaParam, bool) {
	sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr)
	if !ok || fn == nil || call.Ellipsis.IsValid() {
		return viaParam{}, false
	}
	m, ok := info.Uses[sel.Sel].(*types.Func)
	if !ok || !m.Exported() {
		return viaParam{}, false
	}
	sig := m.Type().(*types.Signature)
	if sig.Recv() == nil || !types.IsInterface(sig.Recv().Type()) || sig.Variadic() && i >= sig.Params().Len()-1 {
		return viaParam{}, false
	}
	k := ctxapi.ParamIndex(info, fn.Type().(*types.Signature).Params(), sel.X)
	if k < 0 {
		return viaParam{}, false
	}
	return viaParam{param: k, method: m.Name(), arg: i}, true
}

// passOnThrough says whether a call of a helper whose fact is f reaches
// its root, when only a method of one of the helper's interface
// parameters observes it (RootsContext.Through): a concrete argument
// decides by its own method (does it observe a fresh root?); fn's own
// parameter passes the condition on (its 1-based index is returned, for
// fn's fact); anything else may observe it. At a call site to report, fn
// is nil.
func passOnThrough(info *types.Info, uses *ctxuse.Result, fn *types.Func, call *ast.CallExpr, f *RootsContext) (int, bool) {
	if f.Through == 0 || f.Through > len(call.Args) || call.Ellipsis.IsValid() {
		return 0, true
	}
	arg := call.Args[f.Through-1]
	t := info.TypeOf(arg)
	if t == nil {
		return 0, true
	}
	if !types.IsInterface(t) {
		obj, _, _ := types.LookupFieldOrMethod(t, true, nil, f.Method)
		m, ok := obj.(*types.Func)
		if !ok {
			return 0, true
		}
		return 0, uses.RootObserved(m, f.MethodArg)
	}
	if fn != nil {
		if k := ctxapi.ParamIndex(info, fn.Type().(*types.Signature).Params(), arg); k >= 0 {
			return k + 1, true
		}
	}
	return 0, true
}

// passOnGuard says whether fn, calling a helper whose fact is f, roots
// through it, and what its own root then waits for (RootsContext.IfZero).
func passOnGuard(info *types.Info, fn *types.Func, call *ast.CallExpr, f *RootsContext) (int, bool) {
	if f.IfZero == 0 {
		return 0, true
	}
	if f.IfZero > len(call.Args) {
		return 0, false
	}
	return guardOf(info, fn, call.Args[f.IfZero-1])
}

// guardOf says whether a root that is observed only when arg is the zero
// value is reached from fn, and on what: always, when arg is a constant
// zero; when fn's own parameter is zero, when arg is that parameter
// (RootsContext.IfZero, 1-based); and not otherwise: the caller fills in
// what the default is for. At a call site to report, fn is nil: only a
// constant zero reaches the root.
func guardOf(info *types.Info, fn *types.Func, arg ast.Expr) (int, bool) {
	if ctxuse.IsZeroValue(info, arg) {
		return 0, true
	}
	if fn != nil {
		if k := ctxapi.ParamIndex(info, fn.Type().(*types.Signature).Params(), arg); k >= 0 {
			return k + 1, true
		}
	}
	return 0, false
}

// passOnBranch says whether a call of a helper whose fact is f reaches
// its root, when the root sits in a branch taken for one constant value of
// a parameter (RootsContext.IfEquals): a constant argument reaches it only
// if it is that value; fn's own parameter passes the condition on (its
// 1-based index is returned, for fn's fact); anything else may be that
// value. At a call site to report, fn is nil.
func passOnBranch(info *types.Info, fn *types.Func, call *ast.CallExpr, f *RootsContext) (int, bool) {
	if f.IfEquals == 0 {
		return 0, true
	}
	if f.IfEquals > len(call.Args) || call.Ellipsis.IsValid() {
		return 0, true
	}
	arg := call.Args[f.IfEquals-1]
	if tv, ok := info.Types[arg]; ok && tv.Value != nil {
		return 0, tv.Value.ExactString() == f.Equals
	}
	if fn != nil {
		if k := ctxapi.ParamIndex(info, fn.Type().(*types.Signature).Params(), arg); k >= 0 {
			return k + 1, true
		}
	}
	return 0, true
}

// reachedBranch says whether fn, calling at `at` a helper whose fact is f,
// reaches the helper's root, and on what condition of its own
// (RootsContext.IfEquals and Equals): the branch the call stands in
// (branchOf), or else the condition the helper's fact passes on to fn's
// parameter (passOnBranch).
func reachedBranch(info *types.Info, fn *types.Func, at inspector.Cursor, f *RootsContext) (ifEquals int, equals string, ok bool) {
	k, ok := passOnBranch(info, fn, at.Node().(*ast.CallExpr), f)
	if !ok {
		return 0, "", false
	}
	if j, v := branchOf(info, fn, at); j > 0 {
		return j, v, true
	}
	if k > 0 {
		return k, f.Equals, true
	}
	return 0, "", true
}

// branchOf finds the condition on one of fn's parameters under which the
// code at `at` runs: it stands in the body of an if on a boolean parameter
// (if evaluate { ... }: the parameter is true), or in a switch case on a
// parameter with one constant (switch ep { case replica: ... }). It
// returns the parameter's 1-based index and the constant's exact form, or
// 0 when the innermost such statement is not one, fn assigns the
// parameter before it, or the case is entered by a fallthrough.
func branchOf(info *types.Info, fn *types.Func, at inspector.Cursor) (int, string) {
	params := fn.Type().(*types.Signature).Params()
	var decl inspector.Cursor
	for d := range at.Enclosing((*ast.FuncDecl)(nil)) {
		decl = d
	}
	// param is the index of the parameter e names, unless the function
	// sets it before the statement at pos: then it is not the caller's.
	param := func(e ast.Expr, pos token.Pos) int {
		k := ctxapi.ParamIndex(info, params, e)
		if k < 0 || ctxflow.AssignedBefore(info, decl, params.At(k), pos) {
			return -1
		}
		return k
	}
	for c := range at.Enclosing((*ast.IfStmt)(nil), (*ast.CaseClause)(nil), (*ast.FuncLit)(nil), (*ast.FuncDecl)(nil)) {
		switch n := c.Node().(type) {
		case *ast.IfStmt:
			if at.Node().Pos() < n.Body.Pos() || at.Node().End() > n.Body.End() {
				continue // in the condition or the else branch
			}
			if t := info.TypeOf(n.Cond); t == nil || !types.Identical(t.Underlying(), types.Typ[types.Bool]) {
				return 0, ""
			}
			if k := param(n.Cond, n.Pos()); k >= 0 {
				return k + 1, "true"
			}
			return 0, ""
		case *ast.CaseClause:
			sw, ok := c.Parent().Parent().Node().(*ast.SwitchStmt)
			if !ok || sw.Tag == nil || sw.Init != nil || len(n.List) != 1 || fallenInto(sw, n) {
				return 0, ""
			}
			tv, ok := info.Types[n.List[0]]
			if k := param(sw.Tag, sw.Pos()); ok && tv.Value != nil && k >= 0 {
				return k + 1, tv.Value.ExactString()
			}
			return 0, ""
		default:
			return 0, "" // a function literal runs when it is called
		}
	}
	return 0, ""
}

// fallenInto reports whether the clause before cc in sw ends with a
// fallthrough into it.
func fallenInto(sw *ast.SwitchStmt, cc *ast.CaseClause) bool {
	i := slices.Index(sw.Body.List, ast.Stmt(cc))
	if i <= 0 {
		return false
	}
	prev := sw.Body.List[i-1].(*ast.CaseClause).Body
	if len(prev) == 0 {
		return false
	}
	br, ok := prev[len(prev)-1].(*ast.BranchStmt)
	return ok && br.Tok == token.FALLTHROUGH
}

// launchedCall is a callee and the receiver it is called on, as written
// (h.Handle on "h"; "" for a function).
type launchedCall struct {
	callee *types.Func
	recv   string
}

func launchedKey(info *types.Info, call *ast.CallExpr) launchedCall {
	k := launchedCall{callee: ctxapi.Callee(info, call)}
	if sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr); ok {
		k.recv = types.ExprString(sel.X)
	}
	return k
}

// launched returns the calls the function whose body is body makes in go
// statements (go h.Handle(n), or inside a go func literal). A call it
// also makes in place, the same method on the same receiver, is work it
// runs in a goroutine and waits for only where a setting asks (if
// syncConfigured { return h.Handle(n) }; go h.Handle(n)) or where a cache
// has nothing to serve yet (if cold { return c.Update() }; go c.Update():
// a refresh in the background): detached work with an option to wait for
// it, whose roots are its own, not the caller's lost deadline.
func launched(info *types.Info, body inspector.Cursor) map[launchedCall]bool {
	var out map[launchedCall]bool
	for g := range body.Preorder((*ast.GoStmt)(nil)) {
		for c := range g.Preorder((*ast.CallExpr)(nil)) {
			if out == nil {
				out = map[launchedCall]bool{}
			}
			out[launchedKey(info, c.Node().(*ast.CallExpr))] = true
		}
	}
	return out
}

// foreign reports whether a package is not the user's code: the standard
// library, or a copy vendored from another project (without modules,
// GOPATH's vendor directories are the only sign of that). Facts never flow
// through it.
func foreign(path string) bool {
	return ctxapi.IsStdlib(path) || strings.HasPrefix(path, "vendor/") || strings.Contains(path, "/vendor/")
}

// rootingHelpers finds the package's functions that have no inbound
// context, root a fresh one and pass it to a call taking a context, either
// directly or by calling another such function, and exports a fact for
// those other packages can call.
func rootingHelpers(pass *analysis.Pass, in *inbound.Result, uses *ctxuse.Result, insp *inspector.Inspector) map[*types.Func]*RootsContext {
	found := map[*types.Func]*RootsContext{}
	if ctxapi.IsStdlib(pass.Pkg.Path()) {
		return found // facts never flow through the standard library
	}
	module := ctxuse.Module(pass)
	var current *types.Func // the function whose body is searched
	var guard int           // what the root found in it waits for (RootsContext.IfZero)
	// While deferThrough is set, a root handed to a method of current's
	// own interface parameter is not yet taken as observed: through notes
	// the one such method (mixed, more than one), and when nothing else
	// observes the root, the fact says which (RootsContext.Through).
	var deferThrough, mixed bool
	var through *viaParam
	observes := func(cur inspector.Cursor, i int) bool {
		call := cur.Node().(*ast.CallExpr)
		if fn := ctxapi.Callee(pass.TypesInfo, call); fn != nil && isCloser(fn) {
			return false // a rollback's app.Stop(context.Background()): a destructor must finish
		}
		if uses.Detaches(call, i) {
			return false // read only by a goroutine the callee starts: detached work
		}
		if latent {
			return true
		}
		if !uses.ArgObserved(cur, i) || optionalCallback(pass.TypesInfo, cur) {
			return false
		}
		if deferThrough {
			if v, ok := paramMethod(pass.TypesInfo, current, call, i); ok {
				if through != nil && *through != v {
					mixed = true
				}
				through = &v
				return false
			}
		}
		if j, ok := uses.IfZero(call, i); ok {
			g, ok := guardOf(pass.TypesInfo, current, call.Args[j])
			guard = g
			return ok
		}
		return true
	}
	inPlace := func(cur inspector.Cursor, i int) bool {
		return uses.RunsInPlace(cur.Node().(*ast.CallExpr), i)
	}
	type pendingCall struct {
		at     inspector.Cursor // the call
		callee *types.Func
	}
	pending := map[*types.Func][]pendingCall{} // function -> calls of same-package functions
	var order []*types.Func
	for cur := range insp.Root().Preorder((*ast.FuncDecl)(nil)) {
		decl := cur.Node().(*ast.FuncDecl)
		fn, _ := pass.TypesInfo.Defs[decl.Name].(*types.Func)
		f := in.Func(decl)
		// One that returns a context makes a root for its callers rather
		// than hiding one: where they use it decides what is lost.
		if fn == nil || decl.Body == nil || (f != nil && (f.Own != nil || f.Test != nil || f.InTest)) || isCloser(fn) || carriesContext(fn) || isLock(fn) || ctxapi.ReturnsContext(fn) {
			continue
		}
		if decl.Doc != nil && knowledge.SaysWhyDetached(decl.Doc.Text()) {
			continue // its doc comment says it detaches on purpose
		}
		body, _ := cur.FindNode(decl.Body)
		current, guard = fn, 0
		deferThrough, mixed, through = true, false, nil
		root := ctxflow.RootPassedOn(pass.TypesInfo, body, observes, inPlace)
		var via viaParam
		if root == nil && through != nil {
			// Only a method of an interface parameter may observe it:
			// find the root again, taking that method as observing.
			deferThrough, guard = false, 0
			if root = ctxflow.RootPassedOn(pass.TypesInfo, body, observes, inPlace); root != nil && !mixed {
				via = *through
			}
		}
		if root != nil {
			at, ok := body.FindNode(root)
			if ok && in.Documented(at) {
				continue // the helper's comment says it detaches on purpose
			}
			f := &RootsContext{Root: rootName(pass.TypesInfo, root), Pos: shortPos(pass.Fset, root.Pos()), RootPkg: pass.Pkg.Path(), Module: module, IfZero: guard}
			if via.method != "" {
				f.Through, f.Method, f.MethodArg = via.param+1, via.method, via.arg
			}
			if ok {
				f.IfEquals, f.Equals = branchOf(pass.TypesInfo, fn, at)
			}
			found[fn] = f
			continue
		}
		// A call whose result, a component, the function keeps in a field
		// or package variable builds long-lived state (t.sess = s after s,
		// err := openShell()): what that call roots is the component's
		// lifetime, as a root stored directly is.
		goCalls := launched(pass.TypesInfo, body)
		for at := range ctxflow.SyncCalls(body, inPlace) {
			call := at.Node().(*ast.CallExpr)
			callee := ctxapi.Callee(pass.TypesInfo, call)
			if callee == nil || callee.Pkg() == nil {
				continue
			}
			if goCalls[launchedKey(pass.TypesInfo, call)] {
				continue // if sync { return h.Handle(n) }; go h.Handle(n): an option of detached work
			}
			callee = callee.Origin()
			if callee.Pkg() == pass.Pkg {
				// Through an interface with one implementation here, the
				// call reaches that implementation.
				if impls := uses.Implementations(callee); len(impls) == 1 {
					callee = impls[0]
				}
				pending[fn] = append(pending[fn], pendingCall{at, callee})
				order = append(order, fn)
				continue
			}
			if foreign(callee.Pkg().Path()) {
				continue
			}
			fact := new(RootsContext)
			if pass.ImportObjectFact(callee, fact) && fact.Module == module && !ctxflow.StoredComponent(pass.TypesInfo, at) {
				if f, ok := passOn(pass.TypesInfo, uses, fn, at, fact); ok {
					f.Via, f.Module = qualifiedName(callee), module
					found[fn] = f
					break
				}
			}
		}
	}
	// Chains inside the package: repeat until nothing changes.
	for changed := true; changed; {
		changed = false
		for _, fn := range order {
			if found[fn] != nil {
				continue
			}
			for _, p := range pending[fn] {
				if f := found[p.callee]; f != nil && !ctxflow.StoredComponent(pass.TypesInfo, p.at) {
					if g, ok := passOn(pass.TypesInfo, uses, fn, p.at, f); ok {
						g.Via, g.Module = p.callee.Name(), module
						found[fn] = g
						changed = true
						break
					}
				}
			}
		}
	}
	for fn, fact := range found {
		if fn.Exported() {
			pass.ExportObjectFact(fn, fact)
		}
	}
	return found
}

// carriesContext reports whether one of fn's parameters brings its
// caller's context (a retry state with GetCtx(), a request): fn has the
// context at hand, so a root it makes is its own mistake, and its callers,
// who handed it theirs, are not told to pass one.
func carriesContext(fn *types.Func) bool {
	for p := range fn.Type().(*types.Signature).Params().Variables() {
		if ctxapi.CarriesContext(p.Type()) {
			return true
		}
	}
	return false
}

// isLock reports whether fn is the Lock or RLock of a sync.Locker-shaped
// type (Lock() and Unlock(), no parameters or results): a lock that waits
// on a root of its own waits as sync.Mutex does, which is no lost
// deadline; its callers are not told to pass a context.
func isLock(fn *types.Func) bool {
	sig := fn.Type().(*types.Signature)
	if sig.Recv() == nil || fn.Name() != "Lock" && fn.Name() != "RLock" {
		return false
	}
	niladic := func(name string) bool {
		obj, _, _ := types.LookupFieldOrMethod(sig.Recv().Type(), true, fn.Pkg(), name)
		m, ok := obj.(*types.Func)
		if !ok {
			return false
		}
		s := m.Type().(*types.Signature)
		return s.Params().Len() == 0 && s.Results().Len() == 0
	}
	return niladic(fn.Name()) && niladic("Unlock")
}

// isCloser reports whether fn closes a component (io.Closer's Close, a
// vm.close()) or undoes other work (a query's Kill, a restore's abort, a
// Rollback): it has no caller's deadline to honour and must finish
// whatever the caller's state. Its root is deliberate, not the caller's
// lost deadline.
func isCloser(fn *types.Func) bool {
	return knowledge.IsCloserName(fn.Name())
}

// optionalCallback reports whether the call at cur goes through a function
// value that the code checks for nil first (if opts.GetPassword != nil {
// opts.GetPassword(context.Background()) }): an optional hook its callers
// set only when they choose to, so a root given to it does not make every
// caller of the helper lose its deadline.
func optionalCallback(info *types.Info, cur inspector.Cursor) bool {
	call := cur.Node().(*ast.CallExpr)
	if ctxapi.Callee(info, call) != nil {
		return false
	}
	fun := types.ExprString(ast.Unparen(call.Fun))
	for c := range cur.Enclosing((*ast.IfStmt)(nil), (*ast.FuncDecl)(nil), (*ast.FuncLit)(nil)) {
		ifs, ok := c.Node().(*ast.IfStmt)
		if !ok {
			return false
		}
		found := false
		ast.Inspect(ifs.Cond, func(n ast.Node) bool {
			if b, ok := n.(*ast.BinaryExpr); ok && b.Op == token.NEQ {
				isNil := func(e ast.Expr) bool { return info.Types[e].IsNil() }
				same := func(e ast.Expr) bool { return types.ExprString(ast.Unparen(e)) == fun }
				found = found || (same(b.X) && isNil(b.Y)) || (same(b.Y) && isNil(b.X))
			}
			return !found
		})
		if found {
			return true
		}
	}
	return false
}

func rootName(info *types.Info, call *ast.CallExpr) string {
	if fn := ctxapi.Callee(info, call); fn != nil {
		return "context." + fn.Name() + "()"
	}
	return "a fresh context"
}

// contextQualifier returns how the file refers to the context package, as
// seen in the root call itself ("context.", "ctxpkg.", or "" for a dot
// import).
func contextQualifier(call *ast.CallExpr) string {
	if sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr); ok {
		if id, ok := sel.X.(*ast.Ident); ok {
			return id.Name + "."
		}
	}
	return ""
}

func shortPos(fset *token.FileSet, pos token.Pos) string {
	p := fset.Position(pos)
	return fmt.Sprintf("%s:%d", filepath.Base(p.Filename), p.Line)
}

func qualifiedName(fn *types.Func) string {
	if sig, ok := fn.Type().(*types.Signature); ok && sig.Recv() != nil {
		return fn.FullName()
	}
	return fn.Pkg().Name() + "." + fn.Name()
}

// article puts "a" or "an" before name, by its first letter.
func article(name string) string {
	if name != "" && strings.ContainsRune("AEIOUaeiou", rune(name[0])) {
		return "an " + name
	}
	return "a " + name
}
