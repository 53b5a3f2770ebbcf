package inbound

import (
	"flag"
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"maps"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"sync"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/passes/inspect"
	"golang.org/x/tools/go/ast/inspector"

	"github.com/budgetlint/budgetlint/internal/ctxapi"
	"github.com/budgetlint/budgetlint/internal/ctxflow"
	"github.com/budgetlint/budgetlint/internal/passdoc"
	"github.com/budgetlint/budgetlint/passes/ctxuse"
)

var Analyzer = passdoc.Analyzer(&analysis.Analyzer{
	Name:       "inbound",
	Doc:        analyzerDoc,
	Requires:   []*analysis.Analyzer{inspect.Analyzer, ctxuse.Analyzer},
	Run:        run,
	ResultType: reflect.TypeFor[*Result](),
	Flags:      flags(),
})

// defaultFrameworks lists the request types, beyond the general rules, that bring
// a caller's context, with the accessor that yields it. The -frameworks flag
// adds to it.
var defaultFrameworks = []string{
	"github.com/gin-gonic/gin.Context:Request.Context()",
	"github.com/labstack/echo/v4.Context:Request().Context()",
	"github.com/labstack/echo.Context:Request().Context()",
	"github.com/gofiber/fiber/v2.Ctx:UserContext()",
	"github.com/gofiber/fiber/v3.Ctx:Context()",
	"github.com/valyala/fasthttp.RequestCtx",
}

// defaultCommands lists the command types of command-line frameworks. A
// function given one runs a command of a program for whoever started it:
// its context is the process's, as main's is (whatever deadline or signal
// main gave it), so the function is on no request path, and neither is a
// helper handed only such contexts. The -commands flag adds to it.
var defaultCommands = []string{
	"github.com/urfave/cli.Context",
	"github.com/urfave/cli/v2.Context",
	"github.com/urfave/cli/v3.Command",
	"gopkg.in/urfave/cli.v1.Context",
	"gopkg.in/urfave/cli.v2.Context",
	"github.com/minio/cli.Context", // MinIO's fork of urfave/cli v1
	"github.com/spf13/cobra.Command",
	"github.com/alecthomas/kong.Context",
}

// commands holds the command types, as "importpath.TypeName".
var commands = frameworkList{}

// commandFields lists the fields, as "importpath.TypeName.Field", in which
// a command-line framework's command struct holds the function that runs
// the command without handing it the command itself: ffcli's Exec(ctx,
// args) gets the context its program gave Run or ParseAndRun, the
// process's, as a function given a command type does.
var commandFields = map[string]bool{
	"github.com/peterbourgon/ff/v2/ffcli.Command.Exec": true,
	"github.com/peterbourgon/ff/v3/ffcli.Command.Exec": true,
	"github.com/peterbourgon/ff/v4.Command.Exec":       true,
}

// defaultLifetimes lists the result types that mark a framework's callback
// run on a component's lifetime, not on a request: controller-runtime
// calls Reconcile(ctx, req) (reconcile.Result, error) and a watch's map
// function (..., []reconcile.Request) with its manager's context, which
// ends only when the manager stops (it carries no deadline unless the
// controller sets a ReconciliationTimeout: then -lifetimes= takes the
// entry out). A function returning one runs for the process, as a command
// does, and so do the helpers handed only its context.
const defaultLifetimes = "sigs.k8s.io/controller-runtime/pkg/reconcile.Result,sigs.k8s.io/controller-runtime/pkg/reconcile.Request"

// lifetimes holds the lifetime result types, as "importpath.TypeName".
var lifetimes = typeList{}

// typeList is a set of "importpath.TypeName" that a flag replaces.
type typeList map[string]bool

func (l typeList) String() string { return strings.Join(slices.Sorted(maps.Keys(l)), ",") }

func (l typeList) Set(s string) error {
	clear(l)
	for item := range strings.SplitSeq(s, ",") {
		if item = strings.TrimPrefix(strings.TrimSpace(item), "*"); item == "" {
			continue
		}
		if !isTypeName(item) {
			return fmt.Errorf("type %q is not of the form importpath.TypeName", item)
		}
		l[item] = true
	}
	return nil
}

// isTypeName reports whether s has the form importpath.TypeName.
func isTypeName(s string) bool {
	dot := strings.LastIndex(s, ".")
	return dot > 0 && dot < len(s)-1 && !strings.HasSuffix(s[:dot], "/")
}

// commandFieldPkgs are the import paths of commandFields' types.
var commandFieldPkgs = func() map[string]bool {
	pkgs := map[string]bool{}
	for f := range commandFields {
		typ := f[:strings.LastIndexByte(f, '.')]
		pkgs[typ[:strings.LastIndexByte(typ, '.')]] = true
	}
	return pkgs
}()

// frameworks maps "importpath.TypeName" to the accessor ("" when the value
// is a context itself or has a Context() method).
var frameworks = frameworkList{}

type frameworkList map[string]string

func (l frameworkList) String() string {
	var parts []string
	for t, acc := range l {
		if acc != "" {
			t += ":" + acc
		}
		parts = append(parts, t)
	}
	slices.Sort(parts) // deterministic: the value is part of cache keys
	return strings.Join(parts, ",")
}

func (l frameworkList) Set(s string) error {
	for item := range strings.SplitSeq(s, ",") {
		item = strings.TrimSpace(item)
		if item == "" {
			continue
		}
		typ, acc, _ := strings.Cut(item, ":")
		typ = strings.TrimPrefix(typ, "*")
		if !isTypeName(typ) {
			return fmt.Errorf("framework type %q is not of the form importpath.TypeName[:accessor]", item)
		}
		acc = strings.TrimPrefix(acc, ".")
		l[typ] = acc
	}
	return nil
}

func flags() flag.FlagSet {
	for _, f := range defaultFrameworks {
		if err := frameworks.Set(f); err != nil {
			panic(err) // the defaults are ours: a bad one is a programming error
		}
	}
	if err := commands.Set(strings.Join(defaultCommands, ",")); err != nil {
		panic(err)
	}
	if err := lifetimes.Set(defaultLifetimes); err != nil {
		panic(err)
	}
	var fs flag.FlagSet
	fs.Var(&testSupportPatterns, "testsupport", "comma-separated patterns (path.Match) for import path elements that mark test-support packages, whose code is left alone like tests; replaces the default")
	fs.Var(frameworks, "frameworks", "comma-separated request types that carry the caller's context, as importpath.TypeName[:accessor] (e.g. example.com/web.Ctx:Request().Context()); added to the built-in list")
	fs.Var(lifetimes, "lifetimes", "comma-separated result types, as importpath.TypeName, that mark a framework's callback run on a component's lifetime (a controller's Reconcile): such a function is on no request path; replaces the default (empty: none)")
	fs.Var(commands, "commands", "comma-separated command types of command-line frameworks, as importpath.TypeName (e.g. example.com/cmd.Command): a function given one runs a command for the process, on no request path; added to the built-in list")
	return fs
}

// Kind says how a function receives its caller's context.
type Kind int

const (
	// Param: a parameter whose type is, or implements, context.Context.
	Param Kind = iota
	// Accessor: a parameter that carries one, reached through a method
	// (r.Context(), stream.Context()) or a framework accessor.
	Accessor
	// Testing: the *testing.T, B, F or TB of a test; only passes asked to
	// look at tests use it.
	Testing
)

// Source is the caller-supplied context of a function: the parameter that
// brings it and the expression that yields it.
type Source struct {
	Param *types.Var
	Kind  Kind
	// Expr is the Go expression for the context ("ctx", "r.Context()"),
	// empty when the parameter is blank or unnamed.
	Expr string

	scopes *scopeIndex // the package's, for ExprAt; nil in a Source made elsewhere
}

// Name is how messages refer to the context: its expression, or a phrase
// for an unnamed parameter.
func (s *Source) Name() string {
	if s.Expr == "" {
		return "the caller's context"
	}
	return s.Expr
}

// Discarded reports whether the function leaves its context parameter
// unnamed (_ context.Context): it takes a context only because its
// signature must (an interface's method), and chose not to use it. A
// request or stream left unnamed says nothing of the sort: the code did
// not need its fields.
func (s *Source) Discarded() bool {
	return s.Kind == Param && s.Expr == ""
}

// ExprAt returns the context expression if it can be written at pos and
// still mean the parameter (it is named and not shadowed there).
func (s *Source) ExprAt(pkg *types.Package, pos token.Pos) (string, bool) {
	if s.Expr == "" {
		return "", false
	}
	var obj types.Object
	if s.scopes != nil && s.scopes.pkg == pkg {
		obj = s.scopes.lookup(s.Param.Name(), pos)
	} else if scope := pkg.Scope().Innermost(pos); scope != nil {
		_, obj = scope.LookupParent(s.Param.Name(), pos)
	}
	if obj != s.Param {
		return "", false
	}
	return s.Expr, true
}

// Func is what the analysis knows about one function or closure.
type Func struct {
	Node  ast.Node // *ast.FuncDecl or *ast.FuncLit
	Outer *Func    // the enclosing function of a closure, nil for a declaration
	// Own is the context this function's own parameters bring, nil if none.
	Own *Source
	// Test is the *testing.T (B, F, TB) parameter's context of this function
	// or an enclosing one.
	Test *Source
	// InTest marks test code: functions in _test.go files, with a testing
	// parameter, methods of a test suite, code of a test-support package,
	// and closures inside any of them.
	InTest bool
	// Later marks a closure that runs after its enclosing function has
	// returned, or beside it: handed to a function that launches it in a
	// goroutine (a fact of ctxuse), returned, or stored in a field or
	// package variable (a shutdown hook), or held by a local that is only
	// handed back or called on the way out (a clean-up on failure). Like a
	// go or defer statement, it detaches
	// the closure from the enclosing function's context.
	Later bool
	// DetachedOwn marks a function only ever started by a go statement, and
	// a goroutine literal handed a detached context for
	// its own: go func(ctx context.Context) {...}(context.WithoutCancel(ctx)).
	DetachedOwn bool
	// OwnDone marks a function only ever called once the context it is
	// given is done (from a case <-ctx.Done()): all of it runs after the
	// caller has gone, as code after such a guard does.
	OwnDone bool
}

// Type returns the function's signature node.
func (f *Func) Type() *ast.FuncType {
	ft, _ := ctxflow.FuncParts(f.Node)
	return ft
}

// Body returns the function's body, nil for a declaration without one.
func (f *Func) Body() *ast.BlockStmt {
	_, body := ctxflow.FuncParts(f.Node)
	return body
}

// Site is the request-path answer at one node.
type Site struct {
	Func *Func // innermost enclosing function; nil at package level
	// Context is the inbound context in scope; nil off the request path,
	// and after a handler takes over its connection (see firstHijack),
	// where its request's context carries no signal of the caller's.
	Context *Source
	// Owner is the function whose parameter brings Context.
	Owner *Func
	// Detached marks nodes inside a go or defer statement below Owner, and
	// code that runs only once Owner's context is done (see afterDone):
	// work that deliberately outlives the request, or cleans up as it ends
	// (often because its context is done, so it must not depend on it).
	Detached bool
	// AfterDone marks the detached nodes that are not in a go or defer
	// statement but run only once Owner's context is done.
	AfterDone bool
	// Documented marks the detached nodes whose statement says, in its
	// comment, that it is detached from the caller's context on purpose
	// ("use a background context so that every replica gets it even if we
	// return early").
	Documented bool
	// Test is the test's context, for passes with their tests option on.
	Test *Source
	// InTest marks test code (see Func.InTest).
	InTest bool
	// Watched marks nodes that Owner reaches after handing its context to
	// a cancel watcher (if finish := cn.watchCancel(ctx); ..., a goroutine
	// waiting for ctx.Done() that breaks the connection): the caller's
	// cancellation still ends the work below, whatever context it is
	// given. Passes that report a lost cancel signal leave them alone.
	Watched bool
}

// Result is the analysis' answer for one package.
type Result struct {
	funcs    map[ast.Node]*Func
	onPath   int
	contexts bool
	info     *types.Info
	iface    *types.Interface
	exits    *ctxflow.Exits

	doneMu sync.Mutex // the passes that share the result may run at once
	doneAt map[ast.Node]token.Pos

	comments   *commentIndex
	uses       *ctxuse.Result
	watchMu    sync.Mutex
	watchedAt  map[ast.Node]token.Pos // per owner: where its context is first watched
	hijackedAt map[ast.Node]token.Pos // per handler: where it first takes over its connection

	callers callerFacts // for ProgramAnalyzer's summary
}

// Exits says which calls never return, for every pass of the package:
// one answer, built once.
func (r *Result) Exits() *ctxflow.Exits { return r.exits }

// Context returns the context.Context interface as the package reaches
// it, nil when it does not (then ContextReachable is false).
func (r *Result) Context() *types.Interface { return r.iface }

// Func returns what is known about a *ast.FuncDecl or *ast.FuncLit.
func (r *Result) Func(n ast.Node) *Func { return r.funcs[n] }

// Empty reports whether the package has no function on a request path and
// no test context: passes may return at once.
func (r *Result) Empty() bool { return r.onPath == 0 }

// ContextReachable reports whether the context package is among the
// package's dependencies; without it no code in it can root or carry one.
func (r *Result) ContextReachable() bool { return r.contexts }

// At answers the request-path question for the node at cur.
func (r *Result) At(cur inspector.Cursor) Site {
	var site Site
	detached := false
	for c := range cur.Enclosing((*ast.FuncDecl)(nil), (*ast.FuncLit)(nil), (*ast.GoStmt)(nil), (*ast.DeferStmt)(nil)) {
		switch c.Node().(type) {
		case *ast.GoStmt, *ast.DeferStmt:
			detached = true
			continue
		}
		fn := r.funcs[c.Node()]
		if fn == nil {
			continue
		}
		if site.Func == nil {
			site.Func = fn
			site.Test = fn.Test
			site.InTest = fn.InTest
		}
		if fn.Own != nil {
			if fn.Own.Kind == Accessor && ctxapi.IsHTTPRequest(fn.Own.Param.Type()) {
				if pos := r.firstHijack(c); pos.IsValid() && pos < cur.Node().Pos() {
					break // the connection is the handler's now: no caller's signal
				}
			}
			site.Context = fn.Own
			site.Owner = fn
			site.AfterDone = !detached && !fn.DetachedOwn && (fn.OwnDone || r.afterDone(cur, c.Node(), fn.Own))
			site.Detached = detached || fn.DetachedOwn || site.AfterDone
			if !site.Detached && r.Documented(cur) {
				site.Detached, site.Documented = true, true
			}
			if pos := r.firstWatch(c, fn.Own); pos.IsValid() && pos < cur.Node().Pos() {
				site.Watched = true
			}
			break
		}
		detached = detached || fn.Later
	}
	return site
}

// AfterFailure reports whether the node at cur, on site's request path
// and not detached, is clean-up after a failed call given its context
// (see afterFailure): if err := s.put(ctx, x); err != nil {
// s.rollback(context.Background()); return err }. The failure may be the
// caller's cancellation, so that context would skip the clean-up. Passes
// that report a fresh root ask it and leave such roots alone; a retry or a
// wait there is still one, so At does not work it out for every node.
func (r *Result) AfterFailure(cur inspector.Cursor, site Site) bool {
	return site.Context != nil && site.Owner != nil && !site.Detached && r.afterFailure(cur, site.Owner.Node, site.Context)
}

// Documented reports whether the statement at cur says, in its comment,
// that it is detached from the caller's context on purpose: off the
// request path too, as in a helper that makes its own root.
func (r *Result) Documented(cur inspector.Cursor) bool {
	return r.comments != nil && r.comments.documented(cur)
}

// OnPath returns the inbound context of a function (its own or, for a
// closure, the nearest enclosing function's), nil off the request path.
func (r *Result) OnPath(fn *Func) *Source {
	for f := fn; f != nil; f = f.Outer {
		if f.Own != nil {
			return f.Own
		}
	}
	return nil
}

func run(pass *analysis.Pass) (any, error) {
	res := &Result{funcs: map[ast.Node]*Func{}, exits: ctxflow.NewExits(pass.TypesInfo, pass.Files)}
	iface := ctxapi.ContextInterface(pass.Pkg)
	if iface == nil {
		// Neither a context nor a type carrying one can appear here.
		return res, nil
	}
	res.contexts = true
	res.info, res.iface = pass.TypesInfo, iface
	res.comments = newCommentIndex(pass.Fset, pass.TypesInfo, pass.Files)
	res.uses = pass.ResultOf[ctxuse.Analyzer].(*ctxuse.Result)
	scopes := &scopeIndex{pkg: pass.Pkg, names: map[string]bool{}}
	insp := pass.ResultOf[inspect.Analyzer].(*inspector.Inspector)
	uses := pass.ResultOf[ctxuse.Analyzer].(*ctxuse.Result)
	callers := rootedByCallers(pass, insp, iface, uses, false)
	res.callers = callers
	supportPkg := testSupport(pathInModule(pass)) || docTestSupport(pass.Files)
	for _, file := range pass.Files {
		tf := pass.Fset.File(file.Pos())
		if tf == nil {
			continue
		}
		inTest := strings.HasSuffix(tf.Name(), "_test.go") || supportPkg || testSupport(filepath.Base(tf.Name()))
		fileCur, ok := insp.Root().FindNode(file)
		if !ok {
			continue
		}
		for cur := range fileCur.Preorder((*ast.FuncDecl)(nil), (*ast.FuncLit)(nil)) {
			fn := &Func{Node: cur.Node(), InTest: inTest}
			for outer := range cur.Parent().Enclosing((*ast.FuncDecl)(nil), (*ast.FuncLit)(nil)) {
				fn.Outer = res.funcs[outer.Node()]
				break
			}
			fn.Own, fn.Test = sources(pass, iface, fn.Type(), signatureOf(pass.TypesInfo, fn.Node))
			if callers.forProcess.command(fn.Type()) {
				fn.Own = nil // a command of the program: the process's context
			}
			if decl, ok := fn.Node.(*ast.FuncDecl); ok && fn.Own != nil && (fn.Own.Kind == Param || fn.Own.Param != nil && ctxapi.IsHTTPRequest(fn.Own.Param.Type())) {
				if obj, ok := pass.TypesInfo.Defs[decl.Name].(*types.Func); ok {
					if callers.rooted[obj] {
						fn.Own = nil // its callers hand it only fresh roots
					} else if callers.launched[obj] {
						fn.DetachedOwn = true // only ever run by a go statement
					} else if callers.afterDone[obj] {
						fn.OwnDone = true // only ever called once its context is done
					}
				}
			}
			if _, lit := fn.Node.(*ast.FuncLit); lit && fn.Own != nil && fn.Own.Kind == Param && res.OnPath(fn.Outer) == nil && callers.boundRoot != nil {
				// go func(ctx context.Context) { ... }(ctx) where ctx is
				// a fresh root: the literal has no caller's deadline.
				if caller, process := callers.forProcess.enclosing(cur); callers.boundRoot(fn.Own.Param, caller, process) {
					fn.Own = nil
				}
			}
			if _, lit := fn.Node.(*ast.FuncLit); lit && fn.Own != nil && fn.Own.Kind == Param && uses.LiteralRooted(cur, fn.Own.Param) {
				// withTimeout(func(ctx context.Context) error {...}): the
				// runner's own root, no caller's context. A runner called
				// where one is in scope is the mistake, reported there.
				fn.Own = nil
			}
			if fn.Own != nil && fn.Own.Kind == Param && callers.rootedTypes[typeName(fn.Own.Param.Type())] {
				fn.Own = nil // a context type of the package that only fresh roots fill
			}
			for _, src := range []*Source{fn.Own, fn.Test} {
				if src != nil && src.Expr != "" {
					src.scopes = scopes
					scopes.names[src.Param.Name()] = true
				}
			}
			fn.DetachedOwn = fn.DetachedOwn || fn.Own != nil && detachedArgument(pass.TypesInfo, cur, fn.Own.Param)
			fn.Later = runsLater(pass.TypesInfo, uses, cur)
			fn.InTest = fn.InTest || (fn.Outer != nil && fn.Outer.InTest) || testFunc(pass.TypesInfo, fn)
			if fn.Test == nil && fn.Outer != nil {
				fn.Test = fn.Outer.Test
			}
			if res.OnPath(fn) != nil || fn.Test != nil {
				res.onPath++
			}
			res.funcs[fn.Node] = fn
		}
	}
	return res, nil
}

// detachedArgument reports whether the literal at cur is run by a go
// statement that passes it, for param, a context deliberately cut from the
// caller's: context.WithoutCancel(...) or a fresh root.
func detachedArgument(info *types.Info, cur inspector.Cursor, param *types.Var) bool {
	lit, ok := cur.Node().(*ast.FuncLit)
	if !ok {
		return false
	}
	call, ok := cur.Parent().Node().(*ast.CallExpr)
	if !ok || ast.Unparen(call.Fun) != lit {
		return false
	}
	if _, ok := cur.Parent().Parent().Node().(*ast.GoStmt); !ok {
		return false
	}
	i := 0
	for _, field := range lit.Type.Params.List {
		n := max(len(field.Names), 1)
		for j := range n {
			if len(field.Names) > 0 && info.Defs[field.Names[j]] == param && i+j < len(call.Args) {
				arg, ok := ast.Unparen(call.Args[i+j]).(*ast.CallExpr)
				return ok && (ctxapi.IsWithoutCancel(info, arg) || ctxapi.IsFreshRoot(info, arg))
			}
		}
		i += n
	}
	return false
}

// runsLater reports whether the literal at cur runs after its enclosing
// function returns, or beside it, or for others than its caller: it is
// handed to a function that launches it in a goroutine (time.AfterFunc,
// or one learned by facts) or calls it only once a context is done (a
// shutdown hook), returned (or assigned to a named result),
// stored in a field or package
// variable, held by a local only ever started in a goroutine or called
// only by closures that run later, or memoised for every caller
// (sync.Once, singleflight).
func runsLater(info *types.Info, uses *ctxuse.Result, cur inspector.Cursor) bool {
	return runsLaterFrom(info, uses, cur, 0)
}

// runsLaterFrom is runsLater for a literal that depth others call (see
// calledOnlyLater).
func runsLaterFrom(info *types.Info, uses *ctxuse.Result, cur inspector.Cursor, depth int) bool {
	if _, ok := cur.Node().(*ast.FuncLit); !ok {
		return false
	}
	listed := false // appended to a list of hooks
	for {
		if handedBack(info, cur) {
			return true
		}
		parent, child := ctxflow.Unparen(cur)
		switch p := parent.Node().(type) {
		case *ast.CallExpr:
			i := slices.Index(p.Args, ast.Expr(child.(ast.Expr)))
			switch {
			case i < 0:
				return false
			case info.Types[p.Fun].IsType() && len(p.Args) == 1: // closerFunc(func() {...})
				cur = parent
				continue
			case i > 0 && ctxapi.IsBuiltin(info, p, "append"): // hooks = append(hooks, f)
				cur, listed = parent, true
				continue
			}
			if uses.Launches(p, i) && waitsAround(info, parent) {
				return false // eg.Go(f) ... eg.Wait(): the caller's work
			}
			if uses.Wraps(p, i) {
				// f runs when what the call returns runs: later, unless
				// the caller runs it itself (retrying(f)(), op :=
				// retrying(f); op()).
				return !listed && !calledInPlace(info, parent)
			}
			return !listed && uses.RunsLater(p, i)
		case *ast.AssignStmt:
			i := slices.Index(p.Rhs, ast.Expr(child.(ast.Expr)))
			if i < 0 || len(p.Lhs) != len(p.Rhs) {
				return false
			}
			// Stored to run later, or held by a local only ever started in
			// a goroutine (monitor := func() {...}; go monitor()), or a
			// list of hooks that the function hands back or keeps
			// (closers = append(closers, f); return &T{closers: closers}).
			v := ctxflow.VarOf(info, p.Lhs[i])
			if listed {
				return v != nil && keptLocal(info, parent, v)
			}
			return v != nil && (uses.LaunchedOnly(v) || laterOnly(info, parent, v) || calledOnlyLater(info, uses, parent, v, depth))
		case *ast.KeyValueExpr:
			return p.Value == child && ctxflow.KeptValue(info, cur)
		}
		return false
	}
}

// calledOnlyLater reports whether every read of the local v, in the
// function around cur, calls it in a go statement or from inside another
// function literal that runs later (helper := func() {...}; run :=
// func() { helper() }; go run()): a closure that only detached work calls
// is detached work too.
func calledOnlyLater(info *types.Info, uses *ctxuse.Result, cur inspector.Cursor, v *types.Var, depth int) bool {
	fn, ok := ctxflow.EnclosingFunc(cur)
	if !ok || depth >= 3 {
		return false
	}
	reads := 0
	for id := range fn.Preorder((*ast.Ident)(nil)) {
		if info.Uses[id.Node().(*ast.Ident)] != v {
			continue
		}
		parent, child := ctxflow.Unparen(id)
		if as, ok := parent.Node().(*ast.AssignStmt); ok && slices.Contains(as.Lhs, child.(ast.Expr)) {
			continue // v = ...: no read
		}
		if call, ok := parent.Node().(*ast.CallExpr); !ok || call.Fun != child {
			return false // handed on or kept: called who knows where
		}
		reads++
		var caller inspector.Cursor
		for c := range id.Enclosing((*ast.FuncLit)(nil), (*ast.FuncDecl)(nil), (*ast.GoStmt)(nil)) {
			caller = c
			break
		}
		if _, ok := caller.Node().(*ast.GoStmt); ok || goLiteral(caller) {
			continue // go helper(), go func() { helper() }()
		}
		if caller.Node() == fn.Node() || !runsLaterFrom(info, uses, caller, depth+1) {
			return false
		}
	}
	return reads > 0
}

// goLiteral reports whether the literal at cur is the function a go
// statement runs: go func() {...}().
func goLiteral(cur inspector.Cursor) bool {
	parent, child := ctxflow.Unparen(cur)
	call, ok := parent.Node().(*ast.CallExpr)
	if !ok || call.Fun != child {
		return false
	}
	_, ok = parent.Parent().Node().(*ast.GoStmt)
	return ok
}

// calledInPlace reports whether the value of the call at cur is called by
// its own function: at once (wrap(f)()), or through a local it is assigned
// to (op := wrap(f); ...; op()).
func calledInPlace(info *types.Info, cur inspector.Cursor) bool {
	parent, child := ctxflow.Unparen(cur)
	switch p := parent.Node().(type) {
	case *ast.CallExpr:
		return p.Fun == child
	case *ast.AssignStmt, *ast.ValueSpec:
		lhs, rhs := ctxflow.AssignmentSides(p)
		i := slices.Index(rhs, ast.Expr(child.(ast.Expr)))
		if i < 0 || len(lhs) != len(rhs) {
			return false
		}
		v := ctxflow.VarOf(info, lhs[i])
		fn, ok := ctxflow.EnclosingFunc(cur)
		if v == nil || !ok {
			return false
		}
		for c := range fn.Preorder((*ast.CallExpr)(nil)) {
			if id, ok := ast.Unparen(c.Node().(*ast.CallExpr).Fun).(*ast.Ident); ok && info.Uses[id] == v {
				return true
			}
		}
	}
	return false
}

// waitsAround reports whether the function around cur waits for what it
// launches (ctxflow.Waits).
func waitsAround(info *types.Info, cur inspector.Cursor) bool {
	fn, ok := ctxflow.EnclosingFunc(cur)
	return ok && ctxflow.Waits(info, fn)
}

// keptLocal reports whether the local v, read in the function around cur,
// outlives it: returned or stored, itself or in a struct literal that is.
func keptLocal(info *types.Info, cur inspector.Cursor, v *types.Var) bool {
	_, kept, _ := localReads(info, cur, v, 0)
	return kept > 0
}

// laterOnly reports whether every read of the local v, in the
// function around cur, hands it back or keeps it, or calls it on the way
// out (in a defer statement), and none calls it before: var stop func();
// if grpc { stop = func() {...} }; return cfg, stop. The closure is a hook
// for the caller to run later, or clean-up run as the function ends
// (clean := func() {...}; defer func() { if err != nil { clean() } }()),
// as a deferred literal is.
func laterOnly(info *types.Info, cur inspector.Cursor, v *types.Var) bool {
	reads, kept, deferred := localReads(info, cur, v, 0)
	return reads > 0 && kept+deferred == reads
}

// localReads counts the reads of the local v in the function around cur
// (v = ... sets it, and is no read) and those of them that outlive the
// function (ctxflow.KeptValue), directly or through another local that is
// only handed back (disable := func() {...}; if on { reset = disable };
// return reset); deferred counts the others that are in a defer statement
// of the function.
func localReads(info *types.Info, cur inspector.Cursor, v *types.Var, depth int) (reads, kept, deferred int) {
	fn, ok := ctxflow.EnclosingFunc(cur)
	if !ok {
		return 0, 0, 0
	}
	for id := range fn.Preorder((*ast.Ident)(nil)) {
		if info.Uses[id.Node().(*ast.Ident)] != v {
			continue
		}
		as, _ := id.Parent().Node().(*ast.AssignStmt)
		if as != nil && slices.Contains(as.Lhs, ast.Expr(id.Node().(*ast.Ident))) {
			continue
		}
		reads++
		if ctxflow.KeptValue(info, id) || depth < 2 && copiedToHandedBack(info, fn, id, as, v, depth) || readByHandedBack(info, fn, id) {
			kept++
			continue
		}
		for d := range id.Enclosing((*ast.DeferStmt)(nil)) {
			if fn.Contains(d) {
				deferred++
			}
			break
		}
	}
	return reads, kept, deferred
}

// copiedToHandedBack reports whether the read of v at id, in the function
// fn, is the right-hand side of as, copying v into another local that is
// a named result or is only handed back.
func copiedToHandedBack(info *types.Info, fn, id inspector.Cursor, as *ast.AssignStmt, v *types.Var, depth int) bool {
	if as == nil || len(as.Lhs) != len(as.Rhs) {
		return false
	}
	i := slices.Index(as.Rhs, ast.Expr(id.Node().(*ast.Ident)))
	if i < 0 {
		return false
	}
	w := ctxflow.VarOf(info, as.Lhs[i])
	if w == nil || w == v || ctxapi.IsKept(info, as.Lhs[i]) {
		return false
	}
	if ctxflow.IsResult(info, fn, w) {
		return true
	}
	reads, kept, _ := localReads(info, fn, w, depth+1)
	return reads > 0 && kept == reads
}

// readByHandedBack reports whether the read at id is inside a closure of
// fn that fn hands back (cleanup = func() { for _, f := range hooks { f()
// } }): what the closure reads runs when the caller runs it.
func readByHandedBack(info *types.Info, fn, id inspector.Cursor) bool {
	for lit := range id.Enclosing((*ast.FuncLit)(nil)) {
		return lit != fn && fn.Contains(lit) && handedBack(info, lit)
	}
	return false
}

// handedBack reports whether the value at cur is returned, or assigned to
// a kept field or variable or to a named result of its function.
func handedBack(info *types.Info, cur inspector.Cursor) bool {
	if ctxflow.Returned(cur) {
		return true
	}
	lhs, ok := ctxflow.AssignedTo(cur)
	if !ok {
		return false
	}
	v := ctxflow.VarOf(info, lhs)
	return ctxapi.IsKept(info, lhs) || v != nil && ctxflow.IsResult(info, cur.Parent(), v)
}

// sources finds the parameters of a signature that bring a caller's
// context: the first context-typed one wins over accessors; a testing
// parameter is kept apart.
func sources(pass *analysis.Pass, iface *types.Interface, ft *ast.FuncType, sig *types.Signature) (own, test *Source) {
	if ft == nil || ft.Params == nil {
		return nil, nil
	}
	var accessor *Source
	index := 0 // of the next parameter in sig
	for _, field := range ft.Params.List {
		t := pass.TypesInfo.TypeOf(field.Type)
		if t == nil {
			continue
		}
		names := field.Names
		if len(names) == 0 {
			names = []*ast.Ident{nil}
		}
		for _, id := range names {
			param := paramVar(pass, id, t, sig, index)
			index++
			name := ""
			if id != nil && id.Name != "_" {
				name = id.Name
			}
			switch {
			case ctxapi.IsTestingType(t):
				if test == nil && name != "" {
					test = &Source{Param: param, Kind: Testing, Expr: name + ".Context()"}
				}
			case ctxapi.IsContext(t, iface):
				if acc, ok := frameworkAccessor(t); ok && acc != "" {
					if accessor == nil {
						accessor = &Source{Param: param, Kind: Accessor, Expr: join(name, acc)}
					}
					continue
				}
				return &Source{Param: param, Kind: Param, Expr: name}, test
			case accessor == nil:
				if acc, ok := frameworkAccessor(t); ok {
					if acc == "" && ctxapi.ContextMethod(t) {
						acc = "Context()"
					}
					if acc != "" {
						accessor = &Source{Param: param, Kind: Accessor, Expr: join(name, acc)}
					}
				} else if ctxapi.IsHTTPRequest(t) || ctxapi.IsRPCStream(t) {
					accessor = &Source{Param: param, Kind: Accessor, Expr: join(name, "Context()")}
				}
			}
		}
	}
	return accessor, test
}

func join(name, accessor string) string {
	if name == "" {
		return ""
	}
	return name + "." + accessor
}

// paramVar returns the parameter's object; unnamed parameters get a
// stand-in so that a Source always has one.
func paramVar(pass *analysis.Pass, id *ast.Ident, t types.Type, sig *types.Signature, index int) *types.Var {
	if id != nil {
		if v, ok := pass.TypesInfo.Defs[id].(*types.Var); ok {
			return v
		}
	}
	if sig != nil && index < sig.Params().Len() {
		return sig.Params().At(index) // unnamed: still the signature's own, which calls bind
	}
	return types.NewParam(token.NoPos, pass.Pkg, "_", t)
}

// signatureOf returns the signature of a function declaration or literal,
// nil when the type checker has none.
func signatureOf(info *types.Info, node ast.Node) *types.Signature {
	switch n := node.(type) {
	case *ast.FuncDecl:
		if fn, ok := info.Defs[n.Name].(*types.Func); ok {
			return fn.Type().(*types.Signature)
		}
	case *ast.FuncLit:
		sig, _ := info.TypeOf(n).(*types.Signature)
		return sig
	}
	return nil
}

// commandFunc reports whether a function of type ft runs for the process:
// one of its parameters is a command type (a command of a command-line
// program), or one of its results a lifetime type (a framework's callback
// on a component's lifetime).
func commandFunc(info *types.Info, ft *ast.FuncType) bool {
	if ft == nil {
		return false
	}
	if ft.Params != nil {
		for _, field := range ft.Params.List {
			if IsCommand(info.TypeOf(field.Type)) {
				return true
			}
		}
	}
	if ft.Results != nil && len(lifetimes) > 0 {
		for _, field := range ft.Results.List {
			t := info.TypeOf(field.Type)
			if s, ok := types.Unalias(t).(*types.Slice); ok {
				t = s.Elem()
			}
			if lifetimes[typeKey(t)] {
				return true // a framework's callback on a component's lifetime
			}
		}
	}
	return false
}

// commandValues returns the types of the package's functions that it
// hands a command-line framework as the body of a command (commandFields):
// the literal or the declared function set as Exec in &ffcli.Command{Exec:
// runSet} or by cmd.Exec = runSet. A package that imports no such
// framework is not walked.
func commandValues(pkg *types.Package, info *types.Info, insp *inspector.Inspector) map[*ast.FuncType]bool {
	out := map[*ast.FuncType]bool{}
	if !slices.ContainsFunc(pkg.Imports(), func(imp *types.Package) bool { return commandFieldPkgs[imp.Path()] }) {
		return out
	}
	var funcs []*types.Func
	add := func(v ast.Expr) {
		switch v := ast.Unparen(v).(type) {
		case *ast.FuncLit:
			out[v.Type] = true
		case *ast.Ident, *ast.SelectorExpr:
			if fn := funcValue(info, v); fn != nil {
				funcs = append(funcs, fn)
			}
		}
	}
	for cur := range insp.Root().Preorder((*ast.KeyValueExpr)(nil), (*ast.AssignStmt)(nil)) {
		switch n := cur.Node().(type) {
		case *ast.KeyValueExpr:
			lit, ok := cur.Parent().Node().(*ast.CompositeLit)
			key, isIdent := n.Key.(*ast.Ident)
			if ok && isIdent && commandFields[typeKey(info.TypeOf(lit))+"."+key.Name] {
				add(n.Value)
			}
		case *ast.AssignStmt:
			if len(n.Lhs) != len(n.Rhs) {
				continue
			}
			for i, lhs := range n.Lhs {
				sel, ok := lhs.(*ast.SelectorExpr)
				if ok && commandFields[typeKey(info.TypeOf(sel.X))+"."+sel.Sel.Name] {
					add(n.Rhs[i])
				}
			}
		}
	}
	if len(funcs) == 0 {
		return out
	}
	for cur := range insp.Root().Preorder((*ast.FuncDecl)(nil)) {
		decl := cur.Node().(*ast.FuncDecl)
		if fn, ok := info.Defs[decl.Name].(*types.Func); ok && slices.Contains(funcs, fn) {
			out[decl.Type] = true
		}
	}
	return out
}

// IsCommand reports whether t is, or points to, a command type of the
// -commands list, or a struct that holds one in a field: a program's own
// descriptor of a command (type Cmd struct { CobraCommand *cobra.Command;
// ... }), handed to the code that runs it.
func IsCommand(t types.Type) bool {
	if _, ok := commands[typeKey(t)]; ok {
		return true
	}
	tn := typeName(t)
	if tn == nil {
		return false
	}
	st, ok := tn.Type().Underlying().(*types.Struct)
	if !ok {
		return false
	}
	for field := range st.Fields() {
		if _, ok := commands[typeKey(field.Type())]; ok {
			return true
		}
	}
	return false
}

// frameworkAccessor looks t (or what it points to) up in the framework list.
func frameworkAccessor(t types.Type) (string, bool) {
	acc, ok := frameworks[typeKey(t)]
	return acc, ok
}

// typeKey names t, or what it points to, as the lists do
// ("importpath.TypeName"); "" for an unnamed or predeclared type.
func typeKey(t types.Type) string {
	if p, ok := types.Unalias(t).(*types.Pointer); ok {
		t = p.Elem()
	}
	named, ok := types.Unalias(t).(*types.Named)
	if !ok || named.Obj().Pkg() == nil {
		return ""
	}
	return named.Obj().Pkg().Path() + "." + named.Obj().Name()
}
