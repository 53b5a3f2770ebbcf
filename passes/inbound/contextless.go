package inbound

import (
	"go/ast"
	"go/types"
	"slices"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ast/inspector"

	"github.com/budgetlint/budgetlint/internal/ctxapi"
)

// ContextlessRoot marks a declared function without a context of its own
// that hands a fresh root to a function with a context parameter, or calls
// or starts one that does: a wire-protocol server without contexts, from
// its accept loop down to the handler that runs each query on
// context.Background(). Whether a caller's deadline could reach that root
// depends on who calls the function, which only the whole program tells:
// when no context exists anywhere above it (main, a command, or other such
// functions only), the functions handed the root have no caller's
// deadline either (Program).
type ContextlessRoot struct{}

func (*ContextlessRoot) AFact()         {}
func (*ContextlessRoot) String() string { return "contextless root" }

// ContextlessFunc is a function of the package with a ContextlessRoot fact.
type ContextlessFunc struct {
	Key    string // types.Func.FullName
	Method string // its name, if it is a method
	Sig    string // a method's signature (see signature), "" if generic
}

// contextless finds the package's ContextlessRoot functions, exports
// their facts, and returns a function that tells, for a call, whether a
// function with the fact is its callee.
type contextless struct {
	pass *analysis.Pass
	// marked are the package's functions with the fact.
	marked map[*types.Func]bool
	// wrapper holds the calls that hand a fresh root to a context
	// parameter directly in a candidate, by the function they are in.
	wrapper map[*ast.CallExpr]*types.Func
}

// runsHere returns the declared function whose code the node at cur runs
// as: itself, or the enclosing declaration through function literals run
// where they stand (go func() {...}(), defer func() {...}(), func()
// {...}()); nil inside any other literal, which may run anywhere.
func runsHere(info *types.Info, cur inspector.Cursor) *types.Func {
	for c := cur.Parent(); c.Node() != nil; c = c.Parent() {
		switch n := c.Node().(type) {
		case *ast.FuncDecl:
			fn, _ := info.Defs[n.Name].(*types.Func)
			return fn
		case *ast.FuncLit:
			call, ok := c.Parent().Node().(*ast.CallExpr)
			if !ok || call.Fun != n {
				return nil
			}
		}
	}
	return nil
}

// hasFact reports whether fn has the ContextlessRoot fact: of the package
// (marked) or imported.
func (cl *contextless) hasFact(fn *types.Func) bool {
	fn = fn.Origin()
	if fn.Pkg() == cl.pass.Pkg {
		return cl.marked[fn]
	}
	if fn.Pkg() == nil || ctxapi.IsStdlib(fn.Pkg().Path()) {
		return false
	}
	return cl.pass.ImportObjectFact(fn, new(ContextlessRoot))
}

// findContextless marks the package's functions without a context that
// make a root for a callee (classify says freshArg) or call or start one
// that does, and exports the facts.
func findContextless(pass *analysis.Pass, insp *inspector.Inspector, iface *types.Interface, res *Result, classify func(ast.Expr, *types.Func, bool) argKind, forProcess *processCode) *contextless {
	info := pass.TypesInfo
	cl := &contextless{pass: pass, marked: map[*types.Func]bool{}, wrapper: map[*ast.CallExpr]*types.Func{}}
	candidate := map[*types.Func]bool{}
	for cur := range insp.Root().Preorder((*ast.FuncDecl)(nil)) {
		decl := cur.Node().(*ast.FuncDecl)
		f := res.funcs[decl]
		fn, ok := info.Defs[decl.Name].(*types.Func)
		if !ok || f == nil || f.InTest || f.Own != nil || contextParam(fn, iface) != nil {
			continue
		}
		if ctxapi.ContextVariant(fn) != nil {
			// Run beside RunWithContext: API for callers without a
			// context, whose callers with one use the context form; the
			// module's own calls (a command-line tool's) say nothing
			// about them.
			continue
		}
		candidate[fn] = true
	}
	if len(candidate) == 0 {
		return cl
	}
	type edge struct{ from, to *types.Func }
	var edges []edge
	for cur := range insp.Root().Preorder((*ast.CallExpr)(nil)) {
		call := cur.Node().(*ast.CallExpr)
		w := runsHere(info, cur)
		if w == nil || !candidate[w] {
			continue
		}
		fn := ctxapi.Callee(info, call)
		if fn == nil || fn.Pkg() == nil || ctxapi.IsStdlib(fn.Pkg().Path()) {
			continue
		}
		if i := contextParamIndex(fn, iface); i >= 0 && i < len(call.Args) && !(call.Ellipsis.IsValid() && i == len(call.Args)-1) {
			_, process := forProcess.enclosing(cur)
			if !process && classify(call.Args[i], w, false) == freshArg {
				cl.wrapper[call] = w
				cl.marked[w] = true
			}
			continue
		}
		if recv := fn.Type().(*types.Signature).Recv(); recv != nil && types.IsInterface(recv.Type()) {
			continue
		}
		edges = append(edges, edge{w, fn.Origin()})
	}
	for changed := true; changed; {
		changed = false
		for _, e := range edges {
			if !cl.marked[e.from] && cl.hasFact(e.to) {
				cl.marked[e.from] = true
				changed = true
			}
		}
	}
	for fn := range cl.marked {
		pass.ExportObjectFact(fn, new(ContextlessRoot))
	}
	return cl
}

// funcs lists the marked functions for the summary, and the interfaces
// their methods implement among those the package sees (visible, by
// method name): calls through them reach the method.
func (cl *contextless) funcs(visible map[string][]*types.TypeName) ([]ContextlessFunc, []Implementation) {
	var out []ContextlessFunc
	var impls []Implementation
	for fn := range cl.marked {
		cf := ContextlessFunc{Key: fn.Origin().FullName()}
		if recv := fn.Type().(*types.Signature).Recv(); recv != nil {
			cf.Method, cf.Sig = fn.Name(), methodSig(fn)
			t := recv.Type()
			if p, ok := t.(*types.Pointer); ok {
				t = p.Elem()
			}
			impls = append(impls, implementations(cf.Key, t, fn.Name(), visible)...)
		}
		out = append(out, cf)
	}
	slices.SortFunc(out, func(a, b ContextlessFunc) int { return strings.Compare(a.Key, b.Key) })
	slices.SortFunc(impls, func(a, b Implementation) int {
		return strings.Compare(a.Method+" "+a.Interface, b.Method+" "+b.Interface)
	})
	return out, impls
}
