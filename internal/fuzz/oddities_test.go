package fuzz

import (
	"fmt"
	"go/token"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/analysistest"
	"golang.org/x/tools/go/analysis/passes/inspect"

	"github.com/budgetlint/budgetlint/internal/passtest"
	"github.com/budgetlint/budgetlint/internal/registry"
	"github.com/budgetlint/budgetlint/passes/ctxbackground"
	"github.com/budgetlint/budgetlint/passes/ctxuse"
	"github.com/budgetlint/budgetlint/passes/inbound"
)

// all runs every pass as one analyzer, so that analysistest can check
// them together; each message is prefixed with its pass's name, so that a
// `// want "dropcancel: ..."` says which pass must report the line.
var all = func() *analysis.Analyzer {
	a := &analysis.Analyzer{
		Name:             "all",
		Doc:              "every budgetlint pass, messages prefixed with the pass name",
		Requires:         []*analysis.Analyzer{inspect.Analyzer, inbound.Analyzer, ctxuse.Analyzer},
		RunDespiteErrors: true,
	}
	for _, p := range registry.Passes {
		for _, r := range p.Requires {
			if r != inspect.Analyzer && r != inbound.Analyzer && r != ctxuse.Analyzer {
				panic(p.Name + " requires " + r.Name + ": add it to all.Requires")
			}
		}
		a.FactTypes = append(a.FactTypes, p.FactTypes...)
	}
	a.Run = func(pass *analysis.Pass) (any, error) {
		for _, p := range registry.Passes {
			sub := *pass
			sub.Analyzer = p // suppression comments name the pass
			sub.Report = func(d analysis.Diagnostic) {
				d.Message = p.Name + ": " + d.Message
				pass.Report(d)
			}
			if _, err := p.Run(&sub); err != nil {
				return nil, fmt.Errorf("%s: %v", p.Name, err)
			}
		}
		return nil, nil
	}
	return a
}()

// TestOddities runs every pass over each package under
// testdata/src/oddities (and oddities/crashers): unusual but valid Go, and
// some that does not type-check: no panic, no error, and findings only
// where a reviewer would agree (each has a want; every other line must
// stay silent).
func TestOddities(t *testing.T) {
	// The oddities mark their roots with _ = context.TODO(): reaching
	// nothing, they are reported only as latent.
	passtest.SetFlag(t, ctxbackground.Analyzer, "latent", "true")
	testdata := filepath.Dir(srcRoot)
	dirs, err := filepath.Glob(filepath.Join(srcRoot, "oddities", "*", "*.go"))
	if err != nil {
		t.Fatal(err)
	}
	crashers, err := filepath.Glob(filepath.Join(srcRoot, "oddities", "crashers", "*", "*.go"))
	if err != nil {
		t.Fatal(err)
	}
	var pkgs []string
	for _, file := range append(dirs, crashers...) {
		pkg, err := filepath.Rel(srcRoot, filepath.Dir(file))
		if err != nil {
			t.Fatal(err)
		}
		if pkg = filepath.ToSlash(pkg); !slices.Contains(pkgs, pkg) {
			pkgs = append(pkgs, pkg)
		}
	}
	if len(pkgs) == 0 {
		t.Fatal("no packages under testdata/src/oddities")
	}
	// One load for all: the packages share the type-checking of their
	// imports.
	for _, r := range analysistest.Run(t, testdata, all, pkgs...) {
		checkRanges(t, r)
	}
}

// checkRanges fails when a diagnostic ends outside its file, or a suggested
// fix edits a file other than the package's own sources, as fixes in
// cmd/cgo's rewritten copy of a file would (they must not be offered).
func checkRanges(t *testing.T, r *analysistest.Result) {
	fset := r.Pass.Fset
	for _, d := range r.Diagnostics {
		if tf := fset.File(d.Pos); tf == nil || d.End > token.Pos(tf.Base()+tf.Size()) {
			t.Errorf("%s: diagnostic ends outside its file: %q", fset.Position(d.Pos), d.Message)
		}
		for _, fix := range d.SuggestedFixes {
			for _, e := range fix.TextEdits {
				name := fset.PositionFor(e.Pos, false).Filename
				if !strings.HasPrefix(name, srcRoot+string(filepath.Separator)) {
					t.Errorf("%s: fix %q edits %s, not a source file of the package", fset.Position(d.Pos), fix.Message, name)
				}
			}
		}
	}
}
