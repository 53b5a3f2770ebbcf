package inbound_test

import (
	"go/ast"
	"go/token"
	"testing"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/analysistest"
	"golang.org/x/tools/go/analysis/checker"
	"golang.org/x/tools/go/analysis/passes/inspect"
	"golang.org/x/tools/go/ast/inspector"

	"github.com/budgetlint/budgetlint/internal/passtest"
	"github.com/budgetlint/budgetlint/internal/registry"
	"github.com/budgetlint/budgetlint/passes/inbound"
)

// onInbound is an analyzer that calls visit with the request-path result
// and the inspector of each package.
func onInbound(name, doc string, visit func(*analysis.Pass, *inbound.Result, *inspector.Inspector)) *analysis.Analyzer {
	return &analysis.Analyzer{
		Name:     name,
		Doc:      doc,
		Requires: []*analysis.Analyzer{inspect.Analyzer, inbound.Analyzer},
		Run: func(pass *analysis.Pass) (any, error) {
			visit(pass, pass.ResultOf[inbound.Analyzer].(*inbound.Result), pass.ResultOf[inspect.Analyzer].(*inspector.Inspector))
			return nil, nil
		},
	}
}

// probe reports the request-path answer at every call to a function named
// probe, so that the testdata states the definition line by line.
var probe = onInbound("probe", "report inbound.Site at probe() calls", func(pass *analysis.Pass, in *inbound.Result, insp *inspector.Inspector) {
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
})

func TestRequestPath(t *testing.T) {
	// The flag adds to its list; SetFlag takes the entry out again, so
	// that later tests see the built-in list only.
	passtest.SetFlag(t, inbound.Analyzer, "frameworks", "example.com/web.Ctx:Req().Context()")
	analysistest.Run(t, passtest.Testdata(t), probe, "inbound/a", "inbound/later", "inbound/dbtest", "inbound/sandbox", "inbound/sandboxnote", "inbound/tester", "inbound/mainprog", "inbound/ctxtype", "inbound/ctxtypelib", "inbound/hijack", "inbound/command", "inbound/lifetime", "inbound/integration/remote", "inbound/integrations/chat", "inbound/testfixtures/storage", "inbound/runner")
}

// TestLifetimesFlagReplacesTheDefault checks that -lifetimes replaces its
// list: empty, it takes out controller-runtime's types, for a controller
// that gives its reconciles a deadline.
func TestLifetimesFlagReplacesTheDefault(t *testing.T) {
	passtest.SetFlag(t, inbound.Analyzer, "lifetimes", "")
	analysistest.Run(t, passtest.Testdata(t), probe, "inbound/reconciletimeout")
}

func TestFrameworksFlagRejectsBadTypes(t *testing.T) {
	f := inbound.Analyzer.Flags.Lookup("frameworks")
	// A bad type wrongly accepted must not stay on the list for later tests.
	t.Cleanup(registry.Saved(f.Value))
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
	compare := onInbound("compare", "compare ExprAt with Scope.Innermost and LookupParent", func(pass *analysis.Pass, in *inbound.Result, insp *inspector.Inspector) {
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
	})
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
