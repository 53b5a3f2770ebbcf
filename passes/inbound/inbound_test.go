package inbound_test

import (
	"go/ast"
	"path/filepath"
	"testing"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/analysistest"
	"golang.org/x/tools/go/analysis/passes/inspect"
	"golang.org/x/tools/go/ast/inspector"

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
	f := inbound.Analyzer.Flags.Lookup("frameworks")
	old := f.Value.String()
	if err := f.Value.Set("example.com/web.Ctx:Req().Context()"); err != nil {
		t.Fatal(err)
	}
	defer f.Value.Set(old)
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
