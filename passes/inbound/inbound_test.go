package inbound_test

import (
	"go/ast"
	"go/token"
	"path/filepath"
	"testing"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/analysistest"
	"golang.org/x/tools/go/analysis/checker"
	"golang.org/x/tools/go/analysis/passes/inspect"
	"golang.org/x/tools/go/ast/inspector"

	"github.com/budgetlint/budgetlint/internal/passtest"
	"github.com/budgetlint/budgetlint/passes/inbound"
)

// probe reports the request-path answer at every call to a function named
// probe, so that the testdata states the definition line by line.
var probe = &analysis.Analyzer{
	Name:     "probe",
	Doc:      "report inbound.Site at probe() calls",
	Requires: []*analysis.Analyzer{inspect.Analyzer, inbound.Analyzer},
	Run: func(pass *analysis.Pass) (any, error) {
		in := pass.ResultOf[inbound.Analyzer].(*inbound.Result)
		insp := pass.ResultOf[inspect.Analyzer].(*inspector.Inspector)
		for cur := range insp.Root().Preorder((*ast.CallExpr)(nil)) {
			call := cur.Node().(*ast.CallExpr)
			if id, ok := call.Fun.(*ast.Ident); !ok || id.Name != "probe" {
				continue
			}
			site := in.At(cur)
			if site.Context == nil {
				continue
			}
			expr := site.Context.Expr
			if expr == "" {
				expr = "<blank>"
			}
			if site.Detached {
				expr += " detached"
			}
			if site.InTest {
				expr += " test"
			}
			pass.Reportf(call.Pos(), "inbound %s", expr)
		}
		return nil, nil
	},
}

func TestRequestPath(t *testing.T) {
	dir, err := filepath.Abs(filepath.Join("..", "..", "testdata"))
	if err != nil {
		t.Fatal(err)
	}
	// The flag adds to its list; SetFlag takes the entry out again, so
	// that later tests see the built-in list only.
	passtest.SetFlag(t, inbound.Analyzer, "frameworks", "example.com/web.Ctx:Req().Context()")
	analysistest.Run(t, dir, probe, "inbound/a", "inbound/later", "inbound/dbtest")
}

func TestFrameworksFlagRejectsBadTypes(t *testing.T) {
	f := inbound.Analyzer.Flags.Lookup("frameworks")
	for _, bad := range []string{"Ctx", "example.com/web.", "example.com/web/.Ctx"} {
		if err := f.Value.Set(bad); err == nil {
			t.Errorf("-frameworks=%s accepted", bad)
		}
	}
}

// TestExprAtMatchesScopeLookup checks ExprAt, which finds the declaration
// in scope through the package's index of context parameters' names,
// against go/types' own answer (the innermost scope at the position, then
// LookupParent) at every identifier of every function on a request path
// in the testdata, shadowing of every kind included.
func TestExprAtMatchesScopeLookup(t *testing.T) {
	var checked, hidden int
	compare := &analysis.Analyzer{
		Name:     "compare",
		Doc:      "compare ExprAt with Scope.Innermost and LookupParent",
		Requires: []*analysis.Analyzer{inspect.Analyzer, inbound.Analyzer},
		Run: func(pass *analysis.Pass) (any, error) {
			in := pass.ResultOf[inbound.Analyzer].(*inbound.Result)
			insp := pass.ResultOf[inspect.Analyzer].(*inspector.Inspector)
			for cur := range insp.Root().Preorder((*ast.FuncDecl)(nil), (*ast.FuncLit)(nil)) {
				fn := in.Func(cur.Node())
				if fn == nil {
					continue
				}
				for _, src := range []*inbound.Source{fn.Own, fn.Test} {
					if src == nil || src.Expr == "" {
						continue
					}
					for id := range cur.Preorder((*ast.Ident)(nil)) {
						for _, pos := range []token.Pos{id.Node().Pos(), id.Node().End()} {
							want := false
							if scope := pass.Pkg.Scope().Innermost(pos); scope != nil {
								_, obj := scope.LookupParent(src.Param.Name(), pos)
								want = obj == src.Param
							}
							_, got := src.ExprAt(pass.Pkg, pos)
							if got != want {
								t.Errorf("%s: ExprAt(%s) = %v, want %v", pass.Fset.Position(pos), src.Expr, got, want)
							}
							checked++
							if !want {
								hidden++
							}
						}
					}
				}
			}
			return nil, nil
		},
	}
	pkgs := passtest.Load(t, "inbound/...", "ctxbackground/...", "dropcancel/fix", "dropcancel/sibling", "dropcancel/stored",
		"fixedtimeout/derive", "fixedtimeout/loops", "fixedtimeout/selects", "retrybudget/loops", "retrybudget/helpers",
		"oddities/generics", "oddities/localcontext", "oddities/long", "oddities/methodvalues", "oddities/nested")
	if _, err := checker.Analyze([]*analysis.Analyzer{compare}, pkgs, nil); err != nil {
		t.Fatal(err)
	}
	if checked == 0 || hidden == 0 {
		t.Fatalf("%d positions compared, %d with the parameter hidden: the testdata no longer exercises ExprAt", checked, hidden)
	}
}
