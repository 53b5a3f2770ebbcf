package report

import (
	"go/ast"
	"go/constant"
	"go/types"
	"time"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ast/inspector"

	"github.com/budgetlint/budgetlint/internal/ctxapi"
	"github.com/budgetlint/budgetlint/internal/price"
)

// Priced gives d the values its pass read from the code, carried in its
// URL (see package price): every driver that keeps the URL can print the
// finding's cost and the explain command that reproduces it. A finding of
// a priced pass reported without values is priced with the documents'
// figures alone.
func (r *Reporter) Priced(d analysis.Diagnostic, v price.Values) analysis.Diagnostic {
	if name := r.pass.Analyzer.Name; price.Priced(name) {
		d.URL = price.URL(r.pass.Analyzer.URL, name, v)
	}
	return d
}

// PricedByCallerDeadline is d, a finding at cur that loses the caller's
// context, priced by the deadline the code sets on that context before cur
// (CallerDeadline): what the finding drops. ctxbackground and dropcancel
// price their findings so.
func (r *Reporter) PricedByCallerDeadline(d analysis.Diagnostic, cur inspector.Cursor) analysis.Diagnostic {
	return r.Priced(d, price.Values{Deadline: CallerDeadline(r.pass.TypesInfo, cur)})
}

// Duration is the constant value of a time.Duration expression
// (5*time.Second, a named constant), 0 when it is not a constant.
func Duration(info *types.Info, e ast.Expr) time.Duration {
	tv, ok := info.Types[e]
	if !ok || tv.Value == nil || tv.Value.Kind() != constant.Int {
		return 0
	}
	n, exact := constant.Int64Val(tv.Value)
	if !exact || n <= 0 {
		return 0
	}
	return time.Duration(n)
}

// CallerDeadline is the deadline the code itself puts on the caller's
// context before cur, in the function around it:
// `ctx, cancel := context.WithTimeout(ctx, 2*time.Second)`, the last one
// with a constant duration on a context that is not a fresh root. It is
// what a fresh root or a call without the signal at cur drops; 0 when the
// code sets none (the caller's own deadline, unknown here).
func CallerDeadline(info *types.Info, cur inspector.Cursor) time.Duration {
	var fn inspector.Cursor
	found := false
	for f := range cur.Enclosing((*ast.FuncDecl)(nil), (*ast.FuncLit)(nil)) {
		fn, found = f, true // the outermost: a closure runs under its function's deadline
	}
	if !found {
		return 0
	}
	var d time.Duration
	for c := range fn.Preorder((*ast.CallExpr)(nil)) {
		call := c.Node().(*ast.CallExpr)
		if call.Pos() >= cur.Node().Pos() {
			break
		}
		if len(call.Args) != 2 || !(ctxapi.IsCallTo(info, call, "context", "WithTimeout")) {
			continue
		}
		if p, ok := ast.Unparen(call.Args[0]).(*ast.CallExpr); ok && ctxapi.IsFreshRoot(info, p) {
			continue
		}
		if t := Duration(info, call.Args[1]); t > 0 {
			d = t
		}
	}
	return d
}
