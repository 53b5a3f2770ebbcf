package ctxflow

import (
	"go/ast"
	"go/token"
	"go/types"

	"golang.org/x/tools/go/ast/inspector"

	"github.com/budgetlint/budgetlint/internal/ctxapi"
)

// IsNilGuard reports whether the node at cur stands inside an
// `if x == nil` test on a context (`if ctx == nil { ctx = context.Background() }`),
// within its own function: a fresh root there replaces a missing context,
// there is no caller's context to lose.
func IsNilGuard(info *types.Info, cur inspector.Cursor) bool {
	for c := range cur.Enclosing((*ast.IfStmt)(nil), (*ast.FuncDecl)(nil), (*ast.FuncLit)(nil)) {
		ifStmt, ok := c.Node().(*ast.IfStmt)
		if !ok {
			return false
		}
		if cmp, ok := ast.Unparen(ifStmt.Cond).(*ast.BinaryExpr); ok && cmp.Op == token.EQL {
			for _, pair := range [][2]ast.Expr{{cmp.X, cmp.Y}, {cmp.Y, cmp.X}} {
				if tv, ok := info.Types[pair[1]]; ok && tv.IsNil() && ctxapi.IsContextType(info.TypeOf(pair[0])) {
					return true
				}
			}
		}
	}
	return false
}
