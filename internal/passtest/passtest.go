// Package passtest holds what the passes' tests share beyond
// analysistest: the repository's testdata directory, running a pass on
// each of its testdata packages, loading them the way analysistest does,
// type-checking a snippet, the "one mistake, one finding" check between
// two passes, the benchmark every pass has and the price of a finding.
package passtest

import (
	"bytes"
	"fmt"
	"go/ast"
	"go/importer"
	"go/parser"
	"go/token"
	"go/types"
	"io/fs"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/analysistest"
	"golang.org/x/tools/go/analysis/checker"
	"golang.org/x/tools/go/packages"

	"github.com/budgetlint/budgetlint/internal/price"
	"github.com/budgetlint/budgetlint/internal/registry"
	"github.com/budgetlint/budgetlint/passes/inbound"
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
// for, its path below the pass's directory: "tests" for
// testdata/src/ctxbackground/tests. Each is option name to value.
type Options map[string]map[string]string

// Run runs a with analysistest on every package below testdata/src/<pass>,
// each in a subtest named after its path there: the package's `// want`
// comments state what the pass reports and, by their absence, what it must
// leave alone. A package with .golden files has its suggested fixes checked
// against them too. A package listed in options is run with those options
// set, and only it.
func Run(t *testing.T, a *analysis.Analyzer, options Options) {
	t.Helper()
	dir := Testdata(t)
	root := filepath.Join(dir, "src", a.Name)
	golden := map[string]bool{} // by package path, for each package
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		pkg, err := filepath.Rel(filepath.Join(dir, "src"), filepath.Dir(path))
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
		if _, ok := golden[a.Name+"/"+name]; !ok {
			t.Errorf("options for %s/%s, which is no testdata package", a.Name, name)
		}
	}
	for _, pkg := range slices.Sorted(maps.Keys(golden)) {
		name := strings.TrimPrefix(pkg, a.Name+"/")
		t.Run(name, func(t *testing.T) {
			for _, opt := range slices.Sorted(maps.Keys(options[name])) {
				SetFlag(t, a, opt, options[name][opt])
			}
			if golden[pkg] {
				analysistest.RunWithSuggestedFixes(t, dir, a, pkg)
			} else {
				analysistest.Run(t, dir, a, pkg)
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

// Checked is one type-checked file.
type Checked struct {
	Fset *token.FileSet
	File *ast.File
	Pkg  *types.Package
	Info *types.Info
}

// Check parses and type-checks src, one file of package p that imports
// only the standard library, for tests of the shared helpers.
func Check(tb testing.TB, src string) *Checked {
	tb.Helper()
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, "p.go", src, 0)
	if err != nil {
		tb.Fatal(err)
	}
	info := &types.Info{
		Types:      map[ast.Expr]types.TypeAndValue{},
		Defs:       map[*ast.Ident]types.Object{},
		Uses:       map[*ast.Ident]types.Object{},
		Selections: map[*ast.SelectorExpr]*types.Selection{},
	}
	conf := types.Config{Importer: importer.Default()}
	pkg, err := conf.Check("p", fset, []*ast.File{f}, info)
	if err != nil {
		tb.Fatal(err)
	}
	return &Checked{Fset: fset, File: f, Pkg: pkg, Info: info}
}

// Findings runs the analyzers and returns each diagnostic's message by
// analyzer name and "file:line".
func Findings(tb testing.TB, pkgs []*packages.Package, analyzers ...*analysis.Analyzer) map[string]map[string]string {
	graph, err := checker.Analyze(analyzers, pkgs, nil)
	if err != nil {
		tb.Fatal(err)
	}
	out := map[string]map[string]string{}
	for _, act := range graph.Roots {
		if act.Err != nil {
			tb.Fatalf("%s: %v", act, act.Err)
		}
		for _, d := range act.Diagnostics {
			pos := act.Package.Fset.Position(d.Pos)
			if out[act.Analyzer.Name] == nil {
				out[act.Analyzer.Name] = map[string]string{}
			}
			out[act.Analyzer.Name][fmt.Sprintf("%s:%d", pos.Filename, pos.Line)] = d.Message
		}
	}
	return out
}

// OneFinding checks that pass and other never report the same line of
// pkgs, and that other reports exactly the lines marked with a comment
// "// <other>'s finding": the mistakes pass leaves to it.
func OneFinding(t *testing.T, pkgs []*packages.Package, pass, other *analysis.Analyzer) {
	t.Helper()
	got := Findings(t, pkgs, other, pass)
	if len(got[pass.Name]) == 0 {
		t.Fatalf("%s reported nothing", pass.Name)
	}
	for line, msg := range got[other.Name] {
		if mine, ok := got[pass.Name][line]; ok {
			t.Errorf("%s: reported by both passes: %s / %s", line, mine, msg)
		}
	}
	marker := "// " + other.Name + "'s finding"
	want := map[string]bool{}
	for _, pkg := range pkgs {
		for _, name := range pkg.CompiledGoFiles {
			data, err := os.ReadFile(name)
			if err != nil {
				t.Fatal(err)
			}
			for i, text := range bytes.Split(data, []byte("\n")) {
				if strings.Contains(string(text), marker) {
					want[fmt.Sprintf("%s:%d", name, i+1)] = true
				}
			}
		}
	}
	if len(want) == 0 {
		t.Fatalf("no line is marked %q", marker)
	}
	for line, msg := range got[other.Name] {
		if !want[line] {
			t.Errorf("%s: unexpected %s finding: %s", line, other.Name, msg)
		}
	}
	for line := range want {
		if _, ok := got[other.Name][line]; !ok {
			t.Errorf("%s: %s should report this line", line, other.Name)
		}
	}
}

// Benchmark measures a pass over testdata packages loaded once. Its
// "inbound" case is the shared request-path analysis alone, which every
// pass requires, so the difference between the two is the pass's own
// cost.
func Benchmark(b *testing.B, a *analysis.Analyzer, patterns ...string) {
	pkgs := Load(b, patterns...)
	for _, a := range []*analysis.Analyzer{inbound.Analyzer, a} {
		b.Run(a.Name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				graph, err := checker.Analyze([]*analysis.Analyzer{a}, pkgs, &checker.Options{Sequential: true})
				if err != nil {
					b.Fatal(err)
				}
				for act := range graph.All() {
					if act.Err != nil {
						b.Fatalf("%s: %v", act, act.Err)
					}
				}
			}
		})
	}
}

// Prices runs a on one package made of src and returns each finding's
// price, read back from its URL as every driver reads it: the pass's
// tests change a value in src and see the price move.
func Prices(tb testing.TB, a *analysis.Analyzer, src string) []price.Price {
	tb.Helper()
	dir := tb.TempDir()
	if err := os.MkdirAll(filepath.Join(dir, "src", "p"), 0o755); err != nil {
		tb.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "src", "p", "p.go"), []byte(src), 0o644); err != nil {
		tb.Fatal(err)
	}
	pkgs := LoadFrom(tb, dir, false, "p")
	if packages.PrintErrors(pkgs) > 0 {
		tb.Fatal("the package does not load")
	}
	graph, err := checker.Analyze([]*analysis.Analyzer{a}, pkgs, nil)
	if err != nil {
		tb.Fatal(err)
	}
	var out []price.Price
	for _, act := range graph.Roots {
		if act.Err != nil {
			tb.Fatalf("%s: %v", act, act.Err)
		}
		for _, d := range act.Diagnostics {
			v, ok := price.Parse(a.Name, d.URL)
			if !ok {
				tb.Fatalf("%q carries no price in its URL %q", d.Message, d.URL)
			}
			p, err := price.Compute(a.Name, v)
			if err != nil {
				tb.Fatal(err)
			}
			out = append(out, p)
		}
	}
	return out
}

// PriceOf is the price of the one finding a reports on src with every
// VALUE in it replaced by value.
func PriceOf(tb testing.TB, a *analysis.Analyzer, src, value string) price.Price {
	tb.Helper()
	prices := Prices(tb, a, strings.ReplaceAll(src, "VALUE", value))
	if len(prices) != 1 {
		tb.Fatalf("with %s: want one finding, got %d", value, len(prices))
	}
	return prices[0]
}

// Price is what a pass's finding should cost with VALUE in the source
// replaced by Value: its explain command, and a part of its cost.
type Price struct {
	Value, Explain, Cost string
}

// CheckPrices checks the one finding a reports on src, a program with
// VALUE in it, against each of want: a pass's price tests change the
// value and see the price move.
func CheckPrices(t *testing.T, a *analysis.Analyzer, src string, want ...Price) {
	t.Helper()
	for _, w := range want {
		got := PriceOf(t, a, src, w.Value)
		if got.Explain != w.Explain {
			t.Errorf("with %s: explain %q, want %q", w.Value, got.Explain, w.Explain)
		}
		if !strings.Contains(got.Cost, w.Cost) {
			t.Errorf("with %s: cost %q, want it to say %q", w.Value, got.Cost, w.Cost)
		}
	}
}
