package ctxuse

import (
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"

	"golang.org/x/tools/go/analysis/passes/inspect"
	"golang.org/x/tools/go/ast/inspector"

	"github.com/budgetlint/budgetlint/internal/ctxapi"
)

// semaphorePath is the package of the weighted semaphore whose one-slot
// form code uses as a mutex that can give up.
const semaphorePath = "golang.org/x/sync/semaphore"

// locksMutex reports whether call, to fn, acquires a semaphore of one slot
// (s.sem.Acquire(ctx, 1) where the package makes s.sem only with
// semaphore.NewWeighted(1)): a mutex's Lock. What waits there is other
// callers' critical sections, not work done for this caller, so a context
// handed to it is not observed in the sense that matters: a fresh root
// there loses no more than sync.Mutex.Lock does, which no pass reports.
func (r *Result) locksMutex(call *ast.CallExpr, fn *types.Func) bool {
	if r.pass == nil || fn.Name() != "Acquire" || fn.Pkg() == nil || fn.Pkg().Path() != semaphorePath || len(call.Args) != 2 {
		return false
	}
	sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr)
	if !ok || !isOne(r.info, call.Args[1]) {
		return false
	}
	v := semaphoreVar(r.info, sel.X)
	if v == nil {
		return false
	}
	if r.mutexes == nil {
		r.mutexes = r.oneSlotSemaphores()
	}
	return r.mutexes[v]
}

// oneSlotSemaphores returns the package's variables and unexported fields
// that every write in the package (an assignment, a declaration, a struct
// literal) sets to semaphore.NewWeighted(1).
func (r *Result) oneSlotSemaphores() map[*types.Var]bool {
	one := map[*types.Var]bool{}
	write := func(v *types.Var, value ast.Expr) {
		if v == nil || v.Pkg() != r.pkg || v.Exported() {
			return // an exported one may be set out of view
		}
		if prev, seen := one[v]; seen && !prev {
			return
		}
		call, ok := ast.Unparen(value).(*ast.CallExpr)
		one[v] = ok && ctxapi.IsCallTo(r.info, call, semaphorePath, "NewWeighted") && len(call.Args) == 1 && isOne(r.info, call.Args[0])
	}
	insp := r.pass.ResultOf[inspect.Analyzer].(*inspector.Inspector)
	for cur := range insp.Root().Preorder((*ast.AssignStmt)(nil), (*ast.ValueSpec)(nil), (*ast.KeyValueExpr)(nil)) {
		switch n := cur.Node().(type) {
		case *ast.AssignStmt:
			if len(n.Lhs) == len(n.Rhs) {
				for i, l := range n.Lhs {
					write(semaphoreVar(r.info, l), n.Rhs[i])
				}
			}
		case *ast.ValueSpec:
			if len(n.Names) == len(n.Values) {
				for i, id := range n.Names {
					write(semaphoreVar(r.info, id), n.Values[i])
				}
			}
		case *ast.KeyValueExpr:
			if id, ok := n.Key.(*ast.Ident); ok {
				write(semaphoreVar(r.info, id), n.Value)
			}
		}
	}
	return one
}

// semaphoreVar returns the variable or field that e, a local, a package
// variable or a field selection, names when it holds a
// *semaphore.Weighted; nil otherwise.
func semaphoreVar(info *types.Info, e ast.Expr) *types.Var {
	var obj types.Object
	switch e := ast.Unparen(e).(type) {
	case *ast.Ident:
		if obj = info.Defs[e]; obj == nil {
			obj = info.Uses[e]
		}
	case *ast.SelectorExpr:
		obj = info.Uses[e.Sel]
	}
	v, ok := obj.(*types.Var)
	if !ok {
		return nil
	}
	ptr, ok := v.Type().(*types.Pointer)
	if !ok {
		return nil
	}
	named, ok := ptr.Elem().(*types.Named)
	if !ok || named.Obj().Name() != "Weighted" || named.Obj().Pkg() == nil || named.Obj().Pkg().Path() != semaphorePath {
		return nil
	}
	return v
}

// isOne reports whether e is the constant 1.
func isOne(info *types.Info, e ast.Expr) bool {
	tv, ok := info.Types[e]
	return ok && tv.Value != nil && tv.Value.Kind() == constant.Int && constant.Compare(tv.Value, token.EQL, constant.MakeInt64(1))
}
