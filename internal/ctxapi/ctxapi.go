// Package ctxapi answers the questions every pass asks about the context
// package and the APIs built around it: is this call a fresh root, does it
// derive a deadline, is this type a context. Keeping the answers here means
// no pass re-derives them with slightly different rules. How values flow
// through a function body is internal/ctxflow's.
package ctxapi

import (
	"go/ast"
	"go/types"
	"slices"
	"strings"

	"golang.org/x/tools/go/types/typeutil"
)

// Callee returns the function or method a call statically invokes, or nil
// (calls through function values, conversions and builtins).
func Callee(info *types.Info, call *ast.CallExpr) *types.Func {
	fn, _ := typeutil.Callee(info, call).(*types.Func)
	return fn
}

// IsFunc reports whether fn is the package-level function pkg.name.
func IsFunc(fn *types.Func, pkg, name string) bool {
	if fn == nil || fn.Pkg() == nil || fn.Name() != name || fn.Pkg().Path() != pkg {
		return false
	}
	sig, _ := fn.Type().(*types.Signature)
	return sig != nil && sig.Recv() == nil
}

// IsCallTo reports whether call statically invokes the package-level
// function pkg.name.
func IsCallTo(info *types.Info, call *ast.CallExpr, pkg, name string) bool {
	return IsFunc(Callee(info, call), pkg, name)
}

// errorsPackages are the standard errors package and the error libraries
// whose Is and As are the standard ones (wrapping them, or the same
// contract): kopia and many older modules call pkg/errors.Is.
var errorsPackages = []string{"errors", "golang.org/x/xerrors", "github.com/pkg/errors", "github.com/cockroachdb/errors", "emperror.dev/errors"}

// IsErrorsCall reports whether call is errors.Is or errors.As (name), of
// the standard package or of an error library with the same contract.
func IsErrorsCall(info *types.Info, call *ast.CallExpr, name string) bool {
	return IsErrorsFunc(Callee(info, call), name)
}

// IsErrorsFunc reports whether fn is errors.Is or errors.As (name), as
// IsErrorsCall does for a call.
func IsErrorsFunc(fn *types.Func, name string) bool {
	return fn != nil && fn.Pkg() != nil && slices.Contains(errorsPackages, fn.Pkg().Path()) && IsFunc(fn, fn.Pkg().Path(), name)
}

// IsBuiltin reports whether call is a call of the builtin name (append).
func IsBuiltin(info *types.Info, call *ast.CallExpr, name string) bool {
	id, ok := ast.Unparen(call.Fun).(*ast.Ident)
	if !ok {
		return false
	}
	b, ok := info.Uses[id].(*types.Builtin)
	return ok && b.Name() == name
}

// IsFreshRoot reports whether call is context.Background() or
// context.TODO(): a context with no deadline and no cancel signal.
func IsFreshRoot(info *types.Info, call *ast.CallExpr) bool {
	fn := Callee(info, call)
	return IsFunc(fn, "context", "Background") || IsFunc(fn, "context", "TODO")
}

// deadlineDerivations are the context constructors that bound their child by
// a time: the parent is their first argument.
var deadlineDerivations = []string{"WithTimeout", "WithDeadline", "WithTimeoutCause", "WithDeadlineCause"}

// IsDeadlineDerivation reports whether call is context.WithTimeout,
// WithDeadline or their Cause forms.
func IsDeadlineDerivation(info *types.Info, call *ast.CallExpr) bool {
	fn := Callee(info, call)
	for _, name := range deadlineDerivations {
		if IsFunc(fn, "context", name) {
			return true
		}
	}
	return false
}

// IsDerivation reports whether call derives a child context from its first
// argument (context.WithCancel, WithValue, WithTimeout, ...). WithoutCancel
// is included: its child keeps the parent's values.
func IsDerivation(info *types.Info, call *ast.CallExpr) bool {
	fn := Callee(info, call)
	if fn == nil || fn.Pkg() == nil || fn.Pkg().Path() != "context" || len(call.Args) == 0 {
		return false
	}
	return strings.HasPrefix(fn.Name(), "With")
}

// Derives reports whether fn, named With..., takes a context first and
// returns one: a derivation like context.WithCancel, whatever package it
// is in (errgroup.WithContext, a tracer's WithSpan).
func Derives(fn *types.Func) bool {
	sig := fn.Type().(*types.Signature)
	return strings.HasPrefix(fn.Name(), "With") && sig.Params().Len() > 0 &&
		IsContextType(sig.Params().At(0).Type()) && ContextResult(sig.Results()) >= 0
}

// IsWithoutCancel reports whether call is context.WithoutCancel, the marker
// of deliberately detached work.
func IsWithoutCancel(info *types.Info, call *ast.CallExpr) bool {
	return IsCallTo(info, call, "context", "WithoutCancel")
}

// IsContextMethod reports whether e calls the method name, without
// arguments, on a context (ctx.Done(), t.ctx.Err()). iface is
// ContextInterface's result; nil accepts context.Context itself only.
func IsContextMethod(info *types.Info, iface *types.Interface, e ast.Expr, name string) bool {
	call, ok := ast.Unparen(e).(*ast.CallExpr)
	if !ok || len(call.Args) != 0 {
		return false
	}
	sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr)
	return ok && sel.Sel.Name == name && IsContext(info.TypeOf(sel.X), iface)
}

// IsContextType reports whether t is context.Context itself.
func IsContextType(t types.Type) bool {
	named, ok := types.Unalias(t).(*types.Named)
	if !ok {
		return false
	}
	obj := named.Obj()
	return obj.Pkg() != nil && obj.Pkg().Path() == "context" && obj.Name() == "Context"
}

// ContextInterface finds the context.Context interface among pkg's direct
// and indirect imports; nil when context is not reachable, in which case no
// type in the package can implement it.
func ContextInterface(pkg *types.Package) *types.Interface {
	seen := map[*types.Package]bool{}
	queue := []*types.Package{pkg}
	for len(queue) > 0 {
		p := queue[0]
		queue = queue[1:]
		if p == nil || seen[p] {
			continue
		}
		seen[p] = true
		if p.Path() == "context" {
			if obj, ok := p.Scope().Lookup("Context").(*types.TypeName); ok {
				iface, _ := obj.Type().Underlying().(*types.Interface)
				return iface
			}
			return nil
		}
		queue = append(queue, p.Imports()...)
	}
	return nil
}

// IsContext reports whether a value of type t is a context.Context: the
// interface itself, or a type that implements it (a struct embedding one,
// a type parameter constrained by it). iface is ContextInterface's result.
func IsContext(t types.Type, iface *types.Interface) bool {
	if t == nil {
		return false
	}
	if IsContextType(t) {
		return true
	}
	return iface != nil && types.Implements(t, iface)
}

// ContextMethod reports whether t has a method Context() returning a
// context.Context, as *http.Request, gRPC server streams and many framework
// request types do.
func ContextMethod(t types.Type) bool {
	return IsContextType(Getter(t, "Context"))
}

// CarriesContext reports whether a value of type t brings a context with
// it: t has a method without parameters that returns a context.Context
// (Context(), GetCtx()), as a request or a retry state often does. A
// function given such a value has its caller's context at hand.
func CarriesContext(t types.Type) bool {
	if _, ok := t.Underlying().(*types.Interface); !ok {
		if _, ok := t.(*types.Pointer); !ok {
			t = types.NewPointer(t) // pointer methods count too
		}
	}
	ms := types.NewMethodSet(t)
	for i := range ms.Len() {
		sig := ms.At(i).Type().(*types.Signature)
		if sig.Params().Len() == 0 && sig.Results().Len() == 1 && IsContextType(sig.Results().At(0).Type()) {
			return true
		}
	}
	return false
}

// ReportsNoCancel reports whether a call of fn, a function outside the
// standard library, can neither tell its caller that a context it was
// given ended nor carry that context on: it returns something, and every
// result is a plain value (a number, a string, a slice or map, or a struct
// of such values), with no error, bool, interface, function, channel or
// pointer that could report or keep the context (*sql.Row reports its
// error at Scan; a go-swagger parameter object carries its Context to the
// request it is handed to). Cancellation that cannot surface is observed
// nowhere it matters, so such a function only reads values from its
// context (resource.DefaultWithContext(ctx) *Resource). A function with no
// result is left out: it may block until the context is done (a
// controller's Run(ctx)).
func ReportsNoCancel(fn *types.Func) bool {
	if fn.Pkg() == nil || IsStdlib(fn.Pkg().Path()) {
		return false
	}
	res := fn.Type().(*types.Signature).Results()
	if res.Len() == 0 {
		return false
	}
	for v := range res.Variables() {
		t := v.Type()
		if p, ok := types.Unalias(t).(*types.Pointer); ok {
			t = p.Elem()
		}
		if st, ok := t.Underlying().(*types.Struct); ok {
			for f := range st.Fields() {
				if !plainValue(f.Type()) {
					return false
				}
			}
		} else if !plainValue(t) {
			return false
		}
	}
	return true
}

// plainValue reports whether a value of type t can neither report an
// outcome (a bool) nor hold on to a context: a number, a string, a
// struct, or a slice, array or map of such values.
func plainValue(t types.Type) bool {
	if _, ok := types.Unalias(t).(*types.TypeParam); ok {
		return false
	}
	switch u := t.Underlying().(type) {
	case *types.Basic:
		return u.Info()&(types.IsBoolean|types.IsUntyped) == 0 && u.Kind() != types.UnsafePointer
	case *types.Struct:
		return true
	case *types.Slice:
		return plainValue(u.Elem())
	case *types.Array:
		return plainValue(u.Elem())
	case *types.Map:
		return plainValue(u.Key()) && plainValue(u.Elem())
	}
	return false
}

// ReturnsContext reports whether fn's first result is a context (ctx, ctx
// and cancel, ctx and span): what it returns is a context made for its
// callers.
func ReturnsContext(fn *types.Func) bool {
	res := fn.Type().(*types.Signature).Results()
	return res.Len() > 0 && IsContextType(res.At(0).Type())
}

// ContextResult returns the index of the first context among the results
// of a call of type t (a single result or a tuple: errgroup.WithContext
// returns the group first), -1 when there is none.
func ContextResult(t types.Type) int {
	if tuple, ok := t.(*types.Tuple); ok {
		for i := range tuple.Len() {
			if IsContextType(tuple.At(i).Type()) {
				return i
			}
		}
		return -1
	}
	if t != nil && IsContextType(t) {
		return 0
	}
	return -1
}

// Getter returns the type of what t's method name() returns, nil unless
// t has such a method, without parameters and with one result. t is nil
// for an expression that did not type-check.
func Getter(t types.Type, name string) types.Type {
	if t == nil {
		return nil
	}
	obj, _, _ := types.LookupFieldOrMethod(t, true, nil, name)
	fn, ok := obj.(*types.Func)
	if !ok {
		return nil
	}
	sig := fn.Type().(*types.Signature)
	if sig.Params().Len() != 0 || sig.Results().Len() != 1 {
		return nil
	}
	return sig.Results().At(0).Type()
}

// IsTimeType reports whether t is *time.<name> or time.<name> for one of
// names.
func IsTimeType(t types.Type, names ...string) bool {
	if t == nil {
		return false
	}
	if p, ok := types.Unalias(t).(*types.Pointer); ok {
		t = p.Elem()
	}
	named, ok := types.Unalias(t).(*types.Named)
	if !ok || named.Obj().Pkg() == nil || named.Obj().Pkg().Path() != "time" {
		return false
	}
	for _, n := range names {
		if named.Obj().Name() == n {
			return true
		}
	}
	return false
}

// IsTestingType reports whether t is *testing.T, *testing.B, *testing.F or
// testing.TB: they carry a context (t.Context()), but tests are their own
// option, never a request path.
func IsTestingType(t types.Type) bool {
	if p, ok := types.Unalias(t).(*types.Pointer); ok {
		t = p.Elem()
	}
	named, ok := types.Unalias(t).(*types.Named)
	if !ok || named.Obj().Pkg() == nil || named.Obj().Pkg().Path() != "testing" {
		return false
	}
	switch named.Obj().Name() {
	case "T", "B", "F", "TB":
		return true
	}
	return false
}

// GivenContext reports whether call is given a context among its
// arguments.
func GivenContext(info *types.Info, call *ast.CallExpr) bool {
	return slices.ContainsFunc(call.Args, func(a ast.Expr) bool { return IsContextType(info.TypeOf(a)) })
}

// TakesContext reports whether the i-th argument of a call with signature
// sig is passed to a context.Context parameter.
func TakesContext(sig *types.Signature, i int) bool {
	t := ParamType(sig, i)
	return t != nil && IsContextType(t)
}

// ParamType returns the type of the parameter that the i-th argument of a
// call with signature sig is passed to (the element type for the
// arguments of a variadic parameter), nil if there is none.
func ParamType(sig *types.Signature, i int) types.Type {
	if sig == nil {
		return nil
	}
	params := sig.Params()
	if params.Len() == 0 {
		return nil
	}
	if i >= params.Len() {
		if !sig.Variadic() {
			return nil
		}
		i = params.Len() - 1
	}
	t := params.At(i).Type()
	if sig.Variadic() && i == params.Len()-1 {
		if s, ok := t.(*types.Slice); ok {
			t = s.Elem()
		}
	}
	return t
}

// stdRoots are the first path elements of the standard library's packages.
// Facts never flow through them: under nogo and some drivers the standard
// library is not analysed, so relying on its facts would make results
// depend on the driver.
var stdRoots = map[string]bool{
	"archive": true, "arena": true, "bufio": true, "builtin": true, "bytes": true, "cmp": true,
	"cmd": true, "compress": true, "container": true, "context": true, "crypto": true,
	"database": true, "debug": true, "embed": true, "encoding": true, "errors": true,
	"expvar": true, "flag": true, "fmt": true, "go": true, "hash": true, "html": true,
	"image": true, "index": true, "internal": true, "io": true, "iter": true, "log": true,
	"maps": true, "math": true, "mime": true, "net": true, "os": true, "path": true,
	"plugin": true, "reflect": true, "regexp": true, "runtime": true, "simd": true,
	"slices": true, "sort": true, "strconv": true, "strings": true, "structs": true,
	"sync": true, "syscall": true, "testing": true, "text": true, "time": true,
	"unicode": true, "unique": true, "unsafe": true, "vendor": true, "weak": true,
}

// IsStdlib reports whether the import path belongs to the standard library.
func IsStdlib(path string) bool {
	first, _, _ := strings.Cut(path, "/")
	return stdRoots[first] && !strings.Contains(first, ".")
}

// ContextVariant returns the context-taking sibling of fn, if its receiver's
// method set or its package offers one: XContext or XWithContext whose first
// parameter is a context.Context and whose remaining parameters are fn's
// (an extra trailing variadic options parameter is allowed, as in the AWS
// SDK's GetObjectWithContext(ctx, input, opts...)). A function that takes
// a context already has no variant: its calls carry one.
func ContextVariant(fn *types.Func) *types.Func {
	if fn == nil || fn.Pkg() == nil {
		return nil
	}
	fn = fn.Origin()
	sig, ok := fn.Type().(*types.Signature)
	if !ok {
		return nil
	}
	for i := range sig.Params().Len() {
		if TakesContext(sig, i) {
			return nil
		}
	}
	for _, suffix := range []string{"Context", "WithContext"} {
		name := fn.Name() + suffix
		var obj types.Object
		if recv := sig.Recv(); recv != nil {
			obj, _, _ = types.LookupFieldOrMethod(recv.Type(), true, fn.Pkg(), name)
		} else {
			obj = fn.Pkg().Scope().Lookup(name)
		}
		variant, ok := obj.(*types.Func)
		if ok && isVariantOf(variant.Type().(*types.Signature), sig) {
			return variant
		}
	}
	return nil
}

func isVariantOf(variant, sig *types.Signature) bool {
	vp, p := variant.Params(), sig.Params()
	if vp.Len() == 0 || !isContextLike(vp.At(0).Type()) {
		return false
	}
	extra := vp.Len() - 1 - p.Len()
	switch {
	case extra == 0:
		if variant.Variadic() != sig.Variadic() {
			return false
		}
	case extra == 1 && variant.Variadic() && !sig.Variadic():
	default:
		return false
	}
	for i := range p.Len() {
		if !types.Identical(vp.At(i+1).Type(), p.At(i).Type()) {
			return false
		}
	}
	return sameResults(variant.Results(), sig.Results())
}

// sameResults reports whether a variant's results are the plain
// function's, or those and an error (Lock() and LockContext(ctx) error):
// the same operation, which may now fail with the context's error. A
// sibling with other results (HTTPClient() *http.Client beside
// HTTPClientContext(ctx) context.Context, which puts the client in a
// context) does something else.
func sameResults(variant, plain *types.Tuple) bool {
	n := plain.Len()
	switch variant.Len() {
	case n:
	case n + 1:
		if !types.Identical(variant.At(n).Type(), types.Universe.Lookup("error").Type()) {
			return false
		}
	default:
		return false
	}
	for i := range n {
		a, b := variant.At(i).Type(), plain.At(i).Type()
		// A generic pair's type parameters are each function's own:
		// Load[T]'s T is not LoadContext[T]'s, but it reads the same.
		if !types.Identical(a, b) && types.TypeString(a, nil) != types.TypeString(b, nil) {
			return false
		}
	}
	return true
}

// isContextLike reports whether t is context.Context or an interface with
// exactly its methods, as SDKs that predate the context package declare
// (the AWS SDK v1's aws.Context before it became an alias).
func isContextLike(t types.Type) bool {
	if IsContextType(t) {
		return true
	}
	iface, ok := t.Underlying().(*types.Interface)
	if !ok || iface.NumMethods() != 4 {
		return false
	}
	for i := range iface.NumMethods() {
		switch iface.Method(i).Name() {
		case "Deadline", "Done", "Err", "Value":
		default:
			return false
		}
	}
	return true
}

// ContextError returns the name of the context error e refers to,
// "Canceled" or "DeadlineExceeded" (context's errors, or gRPC's codes of
// the same names), or "" if it names none.
func ContextError(info *types.Info, e ast.Expr) string {
	sel, ok := ast.Unparen(e).(*ast.SelectorExpr)
	if !ok {
		return ""
	}
	obj := info.Uses[sel.Sel]
	if obj == nil || obj.Pkg() == nil {
		return ""
	}
	switch obj.Pkg().Path() {
	case "context", "google.golang.org/grpc/codes":
	default:
		return ""
	}
	switch obj.Name() {
	case "Canceled", "DeadlineExceeded":
		return obj.Name()
	}
	return ""
}

// IsHTTPRequest reports whether t is *net/http.Request.
func IsHTTPRequest(t types.Type) bool {
	p, ok := types.Unalias(t).(*types.Pointer)
	if !ok {
		return false
	}
	named, ok := types.Unalias(p.Elem()).(*types.Named)
	return ok && named.Obj().Pkg() != nil && named.Obj().Pkg().Path() == "net/http" && named.Obj().Name() == "Request"
}

// IsRequestContext reports whether e asks an inbound request or RPC
// stream for its context: req.Context(), stream.Context().
func IsRequestContext(info *types.Info, e ast.Expr) bool {
	call, ok := ast.Unparen(e).(*ast.CallExpr)
	if !ok || len(call.Args) != 0 {
		return false
	}
	sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr)
	if !ok || sel.Sel.Name != "Context" {
		return false
	}
	t := info.TypeOf(sel.X)
	return IsHTTPRequest(t) || IsRPCStream(t)
}

// IsResponseWriter reports whether t is net/http.ResponseWriter.
func IsResponseWriter(t types.Type) bool {
	named, ok := types.Unalias(t).(*types.Named)
	return ok && named.Obj().Pkg() != nil && named.Obj().Pkg().Path() == "net/http" && named.Obj().Name() == "ResponseWriter"
}

// IsHijack reports whether fn is a Hijack method of http.Hijacker's
// shape, Hijack() (net.Conn, *bufio.ReadWriter, error): http.Hijacker's,
// http.ResponseController's, a wrapper's.
func IsHijack(fn *types.Func) bool {
	sig := fn.Type().(*types.Signature)
	if fn.Name() != "Hijack" || sig.Recv() == nil || sig.Params().Len() != 0 || sig.Results().Len() != 3 {
		return false
	}
	conn, ok := types.Unalias(sig.Results().At(0).Type()).(*types.Named)
	return ok && conn.Obj().Pkg() != nil && conn.Obj().Pkg().Path() == "net" && conn.Obj().Name() == "Conn"
}

// IsRPCStream reports whether t is a gRPC server stream: it has Context()
// beside SendMsg, RecvMsg and SetHeader, as grpc.ServerStream and the
// stream interfaces generated from it do. Known by its methods, so that
// generated code and wrappers count without importing gRPC.
func IsRPCStream(t types.Type) bool {
	if !ContextMethod(t) {
		return false
	}
	for _, name := range []string{"SendMsg", "RecvMsg", "SetHeader"} {
		if obj, _, _ := types.LookupFieldOrMethod(t, true, nil, name); obj == nil {
			return false
		}
	}
	return true
}

// IsKept reports whether e is a struct field or a package-level variable:
// what is stored there outlives the call that stores it.
func IsKept(info *types.Info, e ast.Expr) bool {
	var id *ast.Ident
	switch e := ast.Unparen(e).(type) {
	case *ast.IndexExpr: // c.conns[addr] = conn: an element of a kept map or slice
		return IsKept(info, e.X)
	case *ast.SelectorExpr:
		if sel := info.Selections[e]; sel != nil {
			return sel.Kind() == types.FieldVal
		}
		id = e.Sel // a qualified package-level variable
	case *ast.Ident:
		id = e
	default:
		return false
	}
	v, ok := info.Uses[id].(*types.Var)
	return ok && !v.IsField() && v.Pkg() != nil && v.Parent() == v.Pkg().Scope()
}

// IsRequestClone reports whether call is (*http.Request).Clone: a deep
// copy whose context argument the API demands, often a placeholder
// (req.Clone(context.TODO())) replaced when the copy is built or sent, as
// the AWS SDK's smithy-go does. The copy is no work done under the root.
func IsRequestClone(info *types.Info, call *ast.CallExpr) bool {
	fn := Callee(info, call)
	if fn == nil || fn.Name() != "Clone" {
		return false
	}
	recv := fn.Type().(*types.Signature).Recv()
	return recv != nil && IsHTTPRequest(recv.Type())
}

// Name is the name an expression goes by: an identifier's, a selector's
// (s.logf), or, for a call, its callee's (getCallback()). Name rules for
// code the analysis cannot see (a function value) read it.
func Name(e ast.Expr) string {
	switch e := ast.Unparen(e).(type) {
	case *ast.Ident:
		return e.Name
	case *ast.SelectorExpr:
		return e.Sel.Name
	case *ast.CallExpr:
		return Name(e.Fun)
	}
	return ""
}

// ParamIndex returns the index of the parameter of params that e names
// (a plain identifier), -1 when e is no parameter of them.
func ParamIndex(info *types.Info, params *types.Tuple, e ast.Expr) int {
	id, ok := ast.Unparen(e).(*ast.Ident)
	if !ok {
		return -1
	}
	obj := info.Uses[id]
	for i := range params.Len() {
		if params.At(i) == obj {
			return i
		}
	}
	return -1
}

// IsSignal reports whether t is a channel of struct{}: one that carries no
// value, only the news that something happened (a stop, a close).
func IsSignal(t types.Type) bool {
	if t == nil {
		return false
	}
	ch, ok := t.Underlying().(*types.Chan)
	if !ok {
		return false
	}
	st, ok := ch.Elem().Underlying().(*types.Struct)
	return ok && st.NumFields() == 0
}
