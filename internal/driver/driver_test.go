package driver

import (
	"go/ast"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"

	"golang.org/x/tools/go/analysis"

	"github.com/budgetlint/budgetlint/internal/report"
)

func module(t *testing.T) string {
	dir, err := filepath.Abs(filepath.Join("..", "..", "testdata", "vet"))
	if err != nil {
		t.Fatal(err)
	}
	return dir
}

// A pass that panics becomes one line naming it and the package; the run
// goes on and the other packages are analysed.
func TestPanicIsRecovered(t *testing.T) {
	boom := &analysis.Analyzer{
		Name: "boom",
		Doc:  "panics on package svc",
		Run: func(pass *analysis.Pass) (any, error) {
			if pass.Pkg.Name() == "svc" {
				var m map[string]int
				m["x"]++ // a nil map write: a real panic, not a call to panic
			}
			for _, f := range pass.Files {
				pass.Reportf(f.Package, "seen %s", pass.Pkg.Name())
			}
			return nil, nil
		},
	}
	res, err := Run([]*analysis.Analyzer{boom}, Options{Patterns: []string{"./helpers", "./svc"}, Dir: module(t)})
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Failures) != 1 || !strings.Contains(res.Failures[0], "example.com/vet/svc: boom: internal error: panic") {
		t.Errorf("failures: %q", res.Failures)
	}
	if len(res.Diagnostics) != 1 || res.Diagnostics[0].Message != "seen helpers" {
		t.Errorf("the healthy package was not analysed: %+v", res.Diagnostics)
	}
}

// recorder is a pass that appends the path of each package it runs on to
// seen, then calls check.
func recorder(seen *[]string, check func(*analysis.Pass)) *analysis.Analyzer {
	var mu sync.Mutex
	return &analysis.Analyzer{
		Name: "probe",
		Doc:  "records the packages it runs on",
		Run: func(pass *analysis.Pass) (any, error) {
			mu.Lock()
			*seen = append(*seen, pass.Pkg.Path())
			mu.Unlock()
			check(pass)
			return nil, nil
		},
	}
}

// Dependencies outside the roots' module are type-checked without bodies
// and never analysed.
func TestOnlyTheRootsModuleIsAnalysed(t *testing.T) {
	var seen []string
	probe := recorder(&seen, func(pass *analysis.Pass) {
		// Bodies are there for analysed packages.
		for _, f := range pass.Files {
			for _, d := range f.Decls {
				if fd, ok := d.(*ast.FuncDecl); ok && fd.Body != nil && pass.TypesInfo.Defs[fd.Name] == nil {
					t.Errorf("no type information for %s", fd.Name.Name)
				}
			}
		}
	})
	res, err := Run([]*analysis.Analyzer{probe}, Options{Patterns: []string{"./svc"}, Dir: module(t)})
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range seen {
		if !strings.HasPrefix(p, "example.com/vet") {
			t.Errorf("analysed %s, outside the module", p)
		}
	}
	if res.Stats.TypesOnly == 0 || res.Stats.Analysed != 2 {
		t.Errorf("stats %+v: want helpers and svc analysed, std for types only", res.Stats)
	}
}

// A package of the module that cannot see package context has no request
// path, but its functions may still launch or memoise their function
// arguments: it is analysed, for those facts. Outside the module (std) it
// is only type-checked for its exports.
func TestContextFreePackageOfTheModuleIsAnalysed(t *testing.T) {
	var seen []string
	probe := recorder(&seen, func(*analysis.Pass) {})
	res, err := Run([]*analysis.Analyzer{probe}, Options{Patterns: []string{"./plain", "./helpers"}, Dir: module(t)})
	if err != nil {
		t.Fatal(err)
	}
	slices.Sort(seen)
	if !slices.Equal(seen, []string{"example.com/vet/helpers", "example.com/vet/plain"}) {
		t.Errorf("analysed %q, want example.com/vet/helpers and example.com/vet/plain", seen)
	}
	if res.Stats.TypesOnly == 0 {
		t.Errorf("stats %+v: want std type-checked for its exports only", res.Stats)
	}
	if len(res.Broken) != 0 || len(res.Failures) != 0 {
		t.Errorf("broken %+v, failures %q", res.Broken, res.Failures)
	}
}

// A second run on unchanged code type-checks nothing.
func TestWarmRunChecksNothing(t *testing.T) {
	var seen []string
	opts := Options{Patterns: []string{"./plain", "./helpers"}, Dir: module(t), Cache: t.TempDir(), ToolID: "test"}
	analyzers := []*analysis.Analyzer{recorder(&seen, func(*analysis.Pass) {})}
	if _, err := Run(analyzers, opts); err != nil {
		t.Fatal(err)
	}
	res, err := Run(analyzers, opts)
	if err != nil {
		t.Fatal(err)
	}
	if s := res.Stats; s.Analysed != 0 || s.TypesOnly != 0 || s.Cached != 2 || s.LeftAlone != s.Listed-2 {
		t.Errorf("second run: %+v, want helpers and plain from the cache and std left alone", s)
	}
}

func TestBrokenRootIsNamed(t *testing.T) {
	res, err := Run([]*analysis.Analyzer{{Name: "noop", Doc: "noop", Run: func(*analysis.Pass) (any, error) { return nil, nil }}},
		Options{Patterns: []string{"./broken", "./helpers"}, Dir: module(t)})
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Broken) != 1 || res.Broken[0].Package != "example.com/vet/broken" || !strings.Contains(res.Broken[0].Err, "undefinedFunction") {
		t.Errorf("broken: %+v", res.Broken)
	}
}

// Options.KeepSuppressed keeps a finding a suppression comment silences,
// marked with the comment's reason; without it the finding is dropped.
func TestKeepSuppressed(t *testing.T) {
	// A pass named as the comment in svc names, reporting every call
	// through report.Reporter, which honours the comment.
	pass := &analysis.Analyzer{
		Name: "ctxbackground",
		Doc:  "reports every call",
		Run: func(pass *analysis.Pass) (any, error) {
			rep := report.New(pass)
			for _, f := range pass.Files {
				ast.Inspect(f, func(n ast.Node) bool {
					if call, ok := n.(*ast.CallExpr); ok {
						rep.Reportf(call, "call")
					}
					return true
				})
			}
			return nil, nil
		},
	}
	for _, keep := range []bool{false, true} {
		res, err := Run([]*analysis.Analyzer{pass}, Options{Patterns: []string{"./svc"}, Dir: module(t), KeepSuppressed: keep})
		if err != nil {
			t.Fatal(err)
		}
		// The two calls of line 23 are suppressed, the others not.
		suppressed := 0
		for _, d := range res.Diagnostics {
			onLine := d.Posn.Line == 23 && strings.HasSuffix(d.Posn.Filename, "svc.go")
			switch {
			case onLine && !keep:
				t.Errorf("kept without KeepSuppressed: %+v", d)
			case onLine && (!d.Suppressed || d.Justification != "the audit record outlives the request" || d.Category != ""):
				t.Errorf("want it marked suppressed with the comment's reason: %+v", d)
			case !onLine && d.Suppressed:
				t.Errorf("marked suppressed: %+v", d)
			}
			if d.Suppressed {
				suppressed++
			}
		}
		if len(res.Diagnostics) == 0 || keep && suppressed != 2 {
			t.Errorf("keep %v: %d findings, %d suppressed; want the two calls of line 23 suppressed", keep, len(res.Diagnostics), suppressed)
		}
	}
}

// Closure lists each analyzer once, after everything it requires.
func TestClosure(t *testing.T) {
	base := &analysis.Analyzer{Name: "base"}
	mid := &analysis.Analyzer{Name: "mid", Requires: []*analysis.Analyzer{base}}
	top := &analysis.Analyzer{Name: "top", Requires: []*analysis.Analyzer{mid, base}}
	other := &analysis.Analyzer{Name: "other", Requires: []*analysis.Analyzer{base}}
	var names []string
	for _, a := range Closure([]*analysis.Analyzer{top, other, mid}) {
		names = append(names, a.Name)
	}
	if got := strings.Join(names, " "); got != "base mid top other" {
		t.Errorf("Closure: %s, want base mid top other", got)
	}
}

// depsApp returns the directory of the module that depends, by a local
// replace, on a module of its own (testdata/deps).
func depsApp(t *testing.T) string {
	dir, err := filepath.Abs(filepath.Join("..", "..", "testdata", "deps", "app"))
	if err != nil {
		t.Fatal(err)
	}
	return dir
}

// A dependency in another module that imports package context, or that
// the analysed code imports itself, is analysed by the learners alone, for
// their facts: no other pass runs there, nothing it reports is kept, and a
// learner no analyzer needs does not run. A package of another module that
// only such a dependency imports, or that takes no function, is
// type-checked alone.
func TestDependenciesAreReadForFacts(t *testing.T) {
	dir := depsApp(t)
	var learnt, reported []string
	learner := recorder(&learnt, func(pass *analysis.Pass) {
		for _, f := range pass.Files {
			pass.Reportf(f.Package, "learnt %s", pass.Pkg.Path())
		}
	})
	learner.Name = "learner"
	reporter := recorder(&reported, func(*analysis.Pass) {})
	reporter.Requires = []*analysis.Analyzer{learner}
	opts := Options{Patterns: []string{"./..."}, Dir: dir, Learners: []*analysis.Analyzer{learner}, Cache: t.TempDir(), ToolID: "test"}
	res, err := Run([]*analysis.Analyzer{reporter}, opts)
	if err != nil {
		t.Fatal(err)
	}
	slices.Sort(learnt)
	if !slices.Equal(learnt, []string{"example.com/app", "example.com/lib", "example.com/lib/hooks"}) || !slices.Equal(reported, []string{"example.com/app"}) {
		t.Errorf("learner ran on %q, reporter on %q; want the learner on app, lib and lib/hooks, the reporter on app", learnt, reported)
	}
	if s := res.Stats; s.Analysed != 1 || s.Learnt != 2 || len(res.Diagnostics) != 0 {
		t.Errorf("stats %+v, findings %+v: want app analysed, lib and lib/hooks read for facts, nothing reported", s, res.Diagnostics)
	}
	learnt, reported = nil, nil
	if res, err = Run([]*analysis.Analyzer{reporter}, opts); err != nil {
		t.Fatal(err)
	}
	if s := res.Stats; len(learnt)+len(reported) != 0 || s.Cached != 3 || s.Learnt != 0 {
		t.Errorf("warm run: stats %+v, ran on %q and %q: want app, lib and lib/hooks from the cache and nothing run", s, learnt, reported)
	}

	learnt, reported = nil, nil
	alone := recorder(&reported, func(*analysis.Pass) {})
	opts.Cache = ""
	if res, err = Run([]*analysis.Analyzer{alone}, opts); err != nil {
		t.Fatal(err)
	}
	if len(learnt) != 0 || res.Stats.Learnt != 0 {
		t.Errorf("a learner no analyzer requires ran on %q (stats %+v)", learnt, res.Stats)
	}
}

// A learner that fails on a dependency is not the run's failure (the roots
// were analysed), but it is said: the dependency's facts are missing.
func TestDependencyFailureIsAWarning(t *testing.T) {
	dir := depsApp(t)
	var learnt, reported []string
	learner := recorder(&learnt, func(pass *analysis.Pass) {
		if pass.Pkg.Path() == "example.com/lib" {
			panic("cannot read lib")
		}
	})
	learner.Name = "learner"
	reporter := recorder(&reported, func(*analysis.Pass) {})
	reporter.Requires = []*analysis.Analyzer{learner}
	res, err := Run([]*analysis.Analyzer{reporter}, Options{Patterns: []string{"./..."}, Dir: dir, Learners: []*analysis.Analyzer{learner}})
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Failures) != 0 || !slices.Equal(reported, []string{"example.com/app"}) {
		t.Errorf("failures %q, reporter ran on %q: want no failure of the run and app analysed", res.Failures, reported)
	}
	if len(res.DependencyFailures) != 1 || !strings.Contains(res.DependencyFailures[0], "example.com/lib: learner: internal error: panic: cannot read lib") {
		t.Errorf("dependency failures %q: want the learner's panic on example.com/lib", res.DependencyFailures)
	}
}
