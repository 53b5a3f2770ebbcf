package report_test

import (
	"errors"
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"go/types"
	"os"
	"slices"
	"testing"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/analysistest"
	"golang.org/x/tools/go/analysis/checker"
	"golang.org/x/tools/go/packages"

	"github.com/budgetlint/budgetlint/internal/passtest"
	"github.com/budgetlint/budgetlint/passes/ctxbackground"
	"github.com/budgetlint/budgetlint/passes/dropcancel"
	"github.com/budgetlint/budgetlint/passes/fixedtimeout"
	"github.com/budgetlint/budgetlint/passes/retrybudget"
)

// A fix that removes the last use of an import deletes the import too, in
// every layout gofmt leaves (the golden files); one whose own text uses
// the package (mention, with -detached), or that leaves other uses, keeps
// it; t.Context() replacing a test's only use of "context" (issue 16).
func TestFixImports(t *testing.T) {
	passtest.RunIn(t, ctxbackground.Analyzer, analysistest.TestData(), "imports", passtest.Options{
		"tests":   {"tests": "true"},
		"mention": {"detached": "true"},
	})
}

// Issue 16, item 4: a //lint:ignore without a reason, and one that
// suppresses nothing, are findings of the directive's line, reported by
// the pass the directive names; in test files with -tests.
func TestDirectives(t *testing.T) {
	passtest.RunIn(t, ctxbackground.Analyzer, analysistest.TestData(), "directives", passtest.Options{
		"testson": {"tests": "true"},
	})
}

// Each pass judges its own name: dropcancel reports the directive naming
// it and ctxbackground that no dropcancel finding needed.
func TestDirectivesOfAnotherPass(t *testing.T) {
	analysistest.Run(t, analysistest.TestData(), dropcancel.Analyzer, "otherpass")
}

// TestEveryFixCompiles applies each suggested fix of the passes' test
// corpus alone, as an editor's quick fix does, and type-checks the package
// again: no fix may leave an import, or anything else, that breaks the
// build. analysistest cannot show this: it removes unused imports itself
// before comparing with a golden file. (Imports that several fixes leave
// unused only together are the -fix drivers' to remove: cmd/budgetlint.)
func TestEveryFixCompiles(t *testing.T) {
	passtest.SetFlag(t, ctxbackground.Analyzer, "tests", "true")
	passtest.SetFlag(t, ctxbackground.Analyzer, "detached", "true")
	fixes := fixesCompile(t, passtest.LoadFrom(t, passtest.Testdata(t), true, "ctxbackground/...", "fixedtimeout/...", "retrybudget/...", "dropcancel/...", "oddities/...")) +
		fixesCompile(t, passtest.LoadFrom(t, analysistest.TestData(), true, "imports/..."))
	if fixes < 100 {
		t.Errorf("only %d fixes in the corpus: the test no longer covers it", fixes)
	}
}

// fixesCompile checks the fixes of the packages that type-check, and
// returns how many there were.
func fixesCompile(t *testing.T, pkgs []*packages.Package) int {
	var ok []*packages.Package
	for _, p := range pkgs {
		if len(p.Errors) == 0 && len(p.Syntax) > 0 {
			ok = append(ok, p)
		}
	}
	graph, err := checker.Analyze(passes, ok, nil)
	if err != nil {
		t.Fatal(err)
	}
	fixes := 0
	for _, act := range graph.Roots {
		for _, d := range act.Diagnostics {
			for _, fix := range d.SuggestedFixes {
				var edits []edit
				for _, e := range fix.TextEdits {
					start, end := act.Package.Fset.PositionFor(e.Pos, false), act.Package.Fset.PositionFor(e.End, false)
					edits = append(edits, edit{start.Filename, start.Offset, end.Offset, string(e.NewText)})
				}
				if len(edits) == 0 {
					continue
				}
				fixes++
				if err := typeCheckWith(act.Package, edits[0].file, edits); err != nil {
					t.Errorf("%s: the fix of %q leaves: %v", edits[0].file, d.Message, err)
				}
			}
		}
	}
	return fixes
}

var passes = []*analysis.Analyzer{ctxbackground.Analyzer, fixedtimeout.Analyzer, retrybudget.Analyzer, dropcancel.Analyzer}

type edit struct {
	file       string
	start, end int
	text       string
}

// typeCheckWith type-checks pkg with edits applied to one of its files.
func typeCheckWith(pkg *packages.Package, file string, edits []edit) error {
	src, err := os.ReadFile(file)
	if err != nil {
		return err
	}
	slices.SortFunc(edits, func(a, b edit) int { return a.start - b.start })
	var fixed []byte
	last := 0
	for _, e := range edits {
		if e.file != file || e.start < last {
			return fmt.Errorf("edits overlap or span files: %v", edits)
		}
		fixed = append(append(fixed, src[last:e.start]...), e.text...)
		last = e.end
	}
	fixed = append(fixed, src[last:]...)
	fset := token.NewFileSet()
	var files []*ast.File
	for _, name := range pkg.CompiledGoFiles {
		var content any
		if name == file {
			content = fixed
		}
		f, err := parser.ParseFile(fset, name, content, 0)
		if err != nil {
			return err
		}
		files = append(files, f)
	}
	var errs []error
	conf := types.Config{
		Importer: importerFunc(func(path string) (*types.Package, error) {
			if path == "unsafe" {
				return types.Unsafe, nil
			}
			if dep := pkg.Imports[path]; dep != nil {
				return dep.Types, nil
			}
			return nil, fmt.Errorf("no import %s", path)
		}),
		Error: func(err error) { errs = append(errs, err) },
	}
	conf.Check(pkg.PkgPath, fset, files, nil)
	return errors.Join(errs...)
}

type importerFunc func(string) (*types.Package, error)

func (f importerFunc) Import(path string) (*types.Package, error) { return f(path) }
