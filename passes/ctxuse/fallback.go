package ctxuse

import (
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
	"slices"

	"golang.org/x/tools/go/ast/inspector"

	"github.com/budgetlint/budgetlint/internal/ctxapi"
	"github.com/budgetlint/budgetlint/internal/ctxflow"
)

// Guard says that a function observes its context parameter Ctx only when
// its parameter Param holds the zero value: the context fills in a default
// the caller left out (if name == "" { name, err = lookupDefault(ctx) }).
// A caller that passes a name has nothing of its context observed there.
type Guard struct{ Ctx, Param int }

// zeroSkips reports whether fn, whose fact is f, observes its context
// argument i of call only when another parameter is not zero (IfNonZero),
// and call passes the zero constant there.
func (r *Result) zeroSkips(fn *types.Func, f *Fact, call *ast.CallExpr, i int) bool {
	if fn.Type().(*types.Signature).Variadic() {
		return false
	}
	k := paramIndex(fn, i)
	for _, g := range f.IfNonZero {
		if g.Ctx == k && g.Param < len(call.Args) && IsZeroValue(r.info, call.Args[g.Param]) {
			return true
		}
	}
	return false
}

// nonZeroTest reports which parameter cond requires to be other than its
// zero value: p != zero, p > 0 or 0 < p, or a boolean parameter alone.
func (r *Result) nonZeroTest(cond ast.Expr, params *types.Tuple) (int, bool) {
	cond = ast.Unparen(cond)
	if k := ctxapi.ParamIndex(r.info, params, cond); k >= 0 {
		return k, types.Identical(params.At(k).Type().Underlying(), types.Typ[types.Bool])
	}
	cmp, ok := cond.(*ast.BinaryExpr)
	if !ok {
		return 0, false
	}
	var sides [][2]ast.Expr // {parameter, zero}
	switch cmp.Op {
	case token.NEQ:
		sides = [][2]ast.Expr{{cmp.X, cmp.Y}, {cmp.Y, cmp.X}}
	case token.GTR:
		sides = [][2]ast.Expr{{cmp.X, cmp.Y}}
	case token.LSS:
		sides = [][2]ast.Expr{{cmp.Y, cmp.X}}
	}
	for _, side := range sides {
		if k := ctxapi.ParamIndex(r.info, params, side[0]); k >= 0 && IsZeroValue(r.info, side[1]) {
			return k, true
		}
	}
	return 0, false
}

// IfZero reports whether the i-th argument of call, a context, is observed
// only when the call's j-th argument is the zero value, by the callee's
// fact.
func (r *Result) IfZero(call *ast.CallExpr, i int) (j int, ok bool) {
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.ifZero(call, i)
}

func (r *Result) ifZero(call *ast.CallExpr, i int) (int, bool) {
	fn := ctxapi.Callee(r.info, call)
	if fn == nil {
		return 0, false
	}
	f := r.factOf(fn)
	if f == nil {
		return 0, false
	}
	k := paramIndex(fn, i)
	for _, g := range f.IfZero {
		if g.Ctx == k && g.Param < len(call.Args) && !fn.Type().(*types.Signature).Variadic() {
			return g.Param, true
		}
	}
	return 0, false
}

// paramGuard returns the parameter that every use of the context
// parameter p that observes it is guarded on, as guardAt finds it for each
// use: one parameter for all of them, or none.
func (r *Result) paramGuard(p *types.Var, guardAt func(cur inspector.Cursor) (int, bool)) (int, bool) {
	guard := -1
	for _, cur := range r.uses[p] {
		if !r.useObserves(cur) {
			continue
		}
		k, ok := guardAt(cur)
		if !ok || guard >= 0 && k != guard {
			return 0, false
		}
		guard = k
	}
	return guard, guard >= 0
}

// ifGuard finds the parameter that an if around cur, with cur in its body,
// tests (test says which parameter a condition tests), when nothing
// assigns that parameter before the if.
func (r *Result) ifGuard(cur, body inspector.Cursor, params *types.Tuple, test func(ast.Expr, *types.Tuple) (int, bool)) (int, bool) {
	for c := range cur.Enclosing((*ast.IfStmt)(nil), (*ast.FuncLit)(nil), (*ast.FuncDecl)(nil)) {
		ifStmt, ok := c.Node().(*ast.IfStmt)
		if !ok {
			break
		}
		if cur.Node().Pos() < ifStmt.Body.Pos() || cur.Node().End() > ifStmt.Body.End() {
			continue // in the condition or the else branch
		}
		if k, ok := test(ifStmt.Cond, params); ok && !ctxflow.AssignedBefore(r.info, body, params.At(k), ifStmt.Pos()) {
			return k, true
		}
	}
	return 0, false
}

// zeroGuard returns the parameter whose zero value every use of the
// context parameter p that observes it waits for: each such use sits in
// the body of an if on that parameter being zero (or is handed to a callee
// with such a guard on the parameter's value), and nothing assigns the
// parameter before.
func (r *Result) zeroGuard(fn *types.Func, body inspector.Cursor, p *types.Var) (int, bool) {
	params := fn.Type().(*types.Signature).Params()
	return r.paramGuard(p, func(cur inspector.Cursor) (int, bool) { return r.useGuard(cur, body, params) })
}

// nonZeroGuard returns the parameter that every use of the context
// parameter p that observes it needs to be other than zero: each such use
// sits in the body of an if testing that (version > 0, name != "", p !=
// nil, a boolean parameter itself), and nothing assigns the parameter
// before.
func (r *Result) nonZeroGuard(body inspector.Cursor, params *types.Tuple, p *types.Var) (int, bool) {
	return r.paramGuard(p, func(cur inspector.Cursor) (int, bool) { return r.ifGuard(cur, body, params, r.nonZeroTest) })
}

// useGuard finds the parameter whose zero value the use of a context at
// cur waits for.
func (r *Result) useGuard(cur, body inspector.Cursor, params *types.Tuple) (int, bool) {
	if k, ok := r.ifGuard(cur, body, params, r.zeroTest); ok {
		return k, true
	}
	// Handed on to a callee that has a guard of its own, on one of ours.
	parent, child := ctxflow.Unparen(cur)
	if call, ok := parent.Node().(*ast.CallExpr); ok {
		if i := slices.Index(call.Args, ast.Expr(child.(ast.Expr))); i >= 0 {
			if j, ok := r.ifZero(call, i); ok {
				if k := ctxapi.ParamIndex(r.info, params, call.Args[j]); k >= 0 && !ctxflow.AssignedBefore(r.info, body, params.At(k), call.Pos()) {
					return k, true
				}
			}
		}
	}
	return 0, false
}

// zeroTest reports which parameter cond compares with its zero value
// (name == "", n == 0, p == nil).
func (r *Result) zeroTest(cond ast.Expr, params *types.Tuple) (int, bool) {
	cmp, ok := ast.Unparen(cond).(*ast.BinaryExpr)
	if !ok || cmp.Op != token.EQL {
		return 0, false
	}
	for _, pair := range [][2]ast.Expr{{cmp.X, cmp.Y}, {cmp.Y, cmp.X}} {
		if k := ctxapi.ParamIndex(r.info, params, pair[0]); k >= 0 && IsZeroValue(r.info, pair[1]) {
			return k, true
		}
	}
	return 0, false
}

// IsZeroValue reports whether e is a constant zero value: "", 0, false or
// nil.
func IsZeroValue(info *types.Info, e ast.Expr) bool {
	tv, ok := info.Types[e]
	if !ok {
		return false
	}
	if tv.IsNil() {
		return true
	}
	if tv.Value == nil {
		return false
	}
	switch tv.Value.Kind() {
	case constant.String:
		return constant.StringVal(tv.Value) == ""
	case constant.Int, constant.Float:
		return constant.Sign(tv.Value) == 0
	case constant.Bool:
		return !constant.BoolVal(tv.Value)
	}
	return false
}
