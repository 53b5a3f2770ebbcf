// Package passtest holds what the passes' tests share beyond
// analysistest: the repository's testdata directory, running a pass on
// each of its testdata packages, loading them the way analysistest does,
// type-checking a snippet, the "one mistake, one finding" check between
// two passes, the benchmark every pass has and the price of a finding;
// and, for the tests that build modules of their own (the command's, the
// driver's, the language server's), writing and reading their files and
// building the command.
package passtest

import (
	"io/fs"
	"maps"
	"os"
	"path"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/analysistest"
	"golang.org/x/tools/go/packages"

	"github.com/budgetlint/budgetlint/internal/registry"
)

// Testdata is the repository's testdata directory, a GOPATH whose src
// holds the analysistest packages. Tests run in their package's directory,
// somewhere below it.
func Testdata(tb testing.TB) string {
	dir, err := os.Getwd()
	if err != nil {
		tb.Fatal(err)
	}
	for {
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
			return filepath.Join(dir, "testdata")
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			tb.Fatal("passtest: no go.mod above the working directory")
		}
		dir = parent
	}
}

// Options are an analyzer's options by the testdata package they are set
// for, its path below the directory Run walks: "tests" for
// testdata/src/ctxbackground/tests. Each is option name to value.
type Options map[string]map[string]string

// Run runs a with analysistest on every package below testdata/src/<pass>
// of the repository's testdata, as RunIn does.
func Run(t *testing.T, a *analysis.Analyzer, options Options) {
	t.Helper()
	RunIn(t, a, Testdata(t), a.Name, options)
}

// RunIn runs a with analysistest on every package below dir in the GOPATH
// testdata, each in a subtest named after its path below dir: the
// package's `// want` comments state what the pass reports and, by their
// absence, what it must leave alone. A package with .golden files has its
// suggested fixes checked against them too. A package listed in options is
// run with those options set, and only it.
func RunIn(t *testing.T, a *analysis.Analyzer, testdata, dir string, options Options) {
	t.Helper()
	root := filepath.Join(testdata, "src", dir)
	golden := map[string]bool{} // by package path, for each package
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		pkg, err := filepath.Rel(filepath.Join(testdata, "src"), filepath.Dir(path))
		if err != nil {
			return err
		}
		pkg = filepath.ToSlash(pkg)
		switch {
		case strings.HasSuffix(path, ".go.golden"):
			golden[pkg] = true
		case strings.HasSuffix(path, ".go"):
			if _, ok := golden[pkg]; !ok {
				golden[pkg] = false
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if len(golden) == 0 {
		t.Fatalf("no testdata packages in %s", root)
	}
	for name := range options {
		if _, ok := golden[dir+"/"+name]; !ok {
			t.Errorf("options for %s/%s, which is no testdata package", dir, name)
		}
	}
	for _, pkg := range slices.Sorted(maps.Keys(golden)) {
		name := strings.TrimPrefix(pkg, dir+"/")
		t.Run(name, func(t *testing.T) {
			for opt, value := range options[name] {
				SetFlag(t, a, opt, value)
			}
			var results []*analysistest.Result
			if golden[pkg] {
				results = analysistest.RunWithSuggestedFixes(t, testdata, a, pkg)
			} else {
				results = analysistest.Run(t, testdata, a, pkg)
			}
			// The passes run despite type errors, so analysistest would
			// check a package that does not compile as if it did: only the
			// packages named broken are meant not to.
			for _, r := range results {
				if r.Pass.Pkg.Path() == pkg && len(r.Pass.TypeErrors) > 0 && path.Base(pkg) != "broken" {
					t.Errorf("testdata package %s does not type-check: %v", pkg, r.Pass.TypeErrors[0])
				}
			}
		})
	}
}

// Load loads testdata packages, with their syntax and types, in GOPATH
// mode as analysistest does.
func Load(tb testing.TB, patterns ...string) []*packages.Package {
	pkgs := LoadFrom(tb, Testdata(tb), false, patterns...)
	if packages.PrintErrors(pkgs) > 0 {
		tb.Fatalf("%v do not load", patterns)
	}
	return pkgs
}

// LoadFrom loads packages of the GOPATH dir as Load does, with test
// variants when tests is set, and without refusing packages that do not
// type-check (the corpus has some on purpose): the caller looks at each
// package's Errors.
func LoadFrom(tb testing.TB, dir string, tests bool, patterns ...string) []*packages.Package {
	pkgs, err := packages.Load(&packages.Config{
		Mode:  packages.LoadAllSyntax,
		Dir:   dir,
		Tests: tests,
		Env:   append(os.Environ(), "GOPATH="+dir, "GO111MODULE=off", "GOWORK=off", "GOFLAGS=", "GOPROXY=off"),
	}, patterns...)
	if err != nil {
		tb.Fatal(err)
	}
	if len(pkgs) == 0 {
		tb.Fatalf("no packages for %v", patterns)
	}
	return pkgs
}

// SetFlag sets an analyzer's option for the rest of the test, then puts
// back the value it had.
func SetFlag(t *testing.T, a *analysis.Analyzer, name, value string) {
	t.Helper()
	f := a.Flags.Lookup(name)
	if f == nil {
		t.Fatalf("%s has no option -%s", a.Name, name)
	}
	t.Cleanup(registry.Saved(f.Value))
	if err := f.Value.Set(value); err != nil {
		t.Fatal(err)
	}
}
