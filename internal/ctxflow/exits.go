package ctxflow

import (
	"go/ast"
	"go/types"
	"sync"

	"golang.org/x/tools/go/cfg"

	"github.com/budgetlint/budgetlint/internal/ctxapi"
	"github.com/budgetlint/budgetlint/internal/knowledge"
)

// Exits answers whether a call never returns, one way for every pass: a
// panic, a known exit (knowledge.IsExit: os.Exit, log.Fatal, t.Fatal), or
// a function of the package under analysis with no reachable return once
// such calls end their paths (func fail(msg string) { log.Fatal(msg) }).
//
// It is x/tools' ctrlflow without its facts: those would carry what the
// standard library's bodies say under go vet and nogo, which analyse
// them, and nothing under budgetlint's driver, which does not. A
// function's graph is built the first time a call to it is asked about.
type Exits struct {
	info  *types.Info
	files []*ast.File

	mu    sync.Mutex // the passes that share one may run at once
	decls map[*types.Func]*ast.FuncDecl
	never map[*types.Func]bool // a function being built is taken to return
}

// NewExits returns the no-return answers for the package of files.
func NewExits(info *types.Info, files []*ast.File) *Exits {
	return &Exits{info: info, files: files}
}

// Call reports whether call never returns.
func (x *Exits) Call(call *ast.CallExpr) bool {
	x.mu.Lock()
	defer x.mu.Unlock()
	return x.call(call)
}

// Expr reports whether e is a call that never returns.
func (x *Exits) Expr(e ast.Expr) bool {
	call, ok := ast.Unparen(e).(*ast.CallExpr)
	return ok && x.Call(call)
}

// Ends reports whether a statement list ends by leaving: a return, a call
// that never returns, or a branch statement that jump accepts (which ones
// leave depends on what is being left: a loop, a select).
func (x *Exits) Ends(list []ast.Stmt, jump func(*ast.BranchStmt) bool) bool {
	if len(list) == 0 {
		return false
	}
	switch s := list[len(list)-1].(type) {
	case *ast.ReturnStmt:
		return true
	case *ast.BranchStmt:
		return jump(s)
	case *ast.ExprStmt:
		return x.Expr(s.X)
	}
	return false
}

func (x *Exits) call(call *ast.CallExpr) bool {
	if ctxapi.IsBuiltin(x.info, call, "panic") {
		return true
	}
	fn := ctxapi.Callee(x.info, call)
	if fn == nil {
		return false
	}
	return knowledge.IsExit(fn) || x.neverReturns(fn.Origin())
}

func (x *Exits) neverReturns(fn *types.Func) bool {
	if never, ok := x.never[fn]; ok {
		return never
	}
	if x.decls == nil {
		x.index()
	}
	decl := x.decls[fn]
	if decl == nil || decl.Body == nil {
		return false
	}
	x.never[fn] = false // until its graph says otherwise
	never := cfg.New(decl.Body, func(call *ast.CallExpr) bool { return !x.call(call) }).NoReturn()
	x.never[fn] = never
	return never
}

// index maps the package's functions and methods to their declarations.
func (x *Exits) index() {
	x.decls = map[*types.Func]*ast.FuncDecl{}
	x.never = map[*types.Func]bool{}
	for _, f := range x.files {
		for _, d := range f.Decls {
			if decl, ok := d.(*ast.FuncDecl); ok {
				if fn, ok := x.info.Defs[decl.Name].(*types.Func); ok {
					x.decls[fn] = decl
				}
			}
		}
	}
}
