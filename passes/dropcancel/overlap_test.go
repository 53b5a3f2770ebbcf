package dropcancel_test

import (
	"bytes"
	"fmt"
	"os"
	"strings"
	"testing"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/analysistest"
	"golang.org/x/tools/go/analysis/checker"
	"golang.org/x/tools/go/packages"

	"github.com/budgetlint/budgetlint/passes/ctxbackground"
	"github.com/budgetlint/budgetlint/passes/dropcancel"
	"github.com/budgetlint/budgetlint/passes/inbound"
)

// loadTestdata loads testdata packages in GOPATH mode, as analysistest does.
func loadTestdata(t testing.TB, patterns ...string) []*packages.Package {
	dir := testdata(t)
	pkgs, err := packages.Load(&packages.Config{
		Mode: packages.LoadAllSyntax,
		Dir:  dir,
		Env:  append(os.Environ(), "GOPATH="+dir, "GO111MODULE=off", "GOWORK=off", "GOFLAGS="),
	}, patterns...)
	if err != nil {
		t.Fatal(err)
	}
	if len(pkgs) == 0 {
		t.Fatalf("no packages for %v", patterns)
	}
	return pkgs
}

// lines runs the analyzers and returns the "file:line" of each finding by
// analyzer name.
func lines(t testing.TB, pkgs []*packages.Package, analyzers ...*analysis.Analyzer) map[string]map[string]string {
	graph, err := checker.Analyze(analyzers, pkgs, nil)
	if err != nil {
		t.Fatal(err)
	}
	got := map[string]map[string]string{}
	for _, act := range graph.Roots {
		if act.Err != nil {
			t.Fatalf("%s: %v", act, act.Err)
		}
		for _, d := range act.Diagnostics {
			pos := act.Package.Fset.Position(d.Pos)
			if got[act.Analyzer.Name] == nil {
				got[act.Analyzer.Name] = map[string]string{}
			}
			got[act.Analyzer.Name][fmt.Sprintf("%s:%d", pos.Filename, pos.Line)] = d.Message
		}
	}
	return got
}

// TestOneFinding checks that ctxbackground stays silent on the calls
// dropcancel reports (a plain method whose sibling takes a context, even
// when the plain method roots a fresh context itself) and reports exactly
// the lines marked "ctxbackground's finding".
func TestOneFinding(t *testing.T) {
	analysistest.Run(t, testdata(t), dropcancel.Analyzer, "dropcancel/overlap")

	pkgs := loadTestdata(t, "dropcancel/overlap")
	got := lines(t, pkgs, ctxbackground.Analyzer, dropcancel.Analyzer)
	if len(got["dropcancel"]) == 0 {
		t.Fatal("dropcancel reported nothing")
	}
	for line, msg := range got["ctxbackground"] {
		if other, ok := got["dropcancel"][line]; ok {
			t.Errorf("%s: reported by both passes: %s / %s", line, msg, other)
		}
	}
	want := map[string]bool{}
	for _, pkg := range pkgs {
		for _, name := range pkg.CompiledGoFiles {
			data, err := os.ReadFile(name)
			if err != nil {
				t.Fatal(err)
			}
			for i, text := range bytes.Split(data, []byte("\n")) {
				if strings.Contains(string(text), "// ctxbackground's finding") {
					want[fmt.Sprintf("%s:%d", name, i+1)] = true
				}
			}
		}
	}
	if len(want) == 0 {
		t.Fatal("no line is marked as ctxbackground's finding")
	}
	for line, msg := range got["ctxbackground"] {
		if !want[line] {
			t.Errorf("%s: unexpected ctxbackground finding: %s", line, msg)
		}
	}
	for line := range want {
		if _, ok := got["ctxbackground"][line]; !ok {
			t.Errorf("%s: ctxbackground should report this line", line)
		}
	}
}

// BenchmarkAnalyzer measures the pass over its realistic test packages;
// the "inbound" case is the shared analysis alone, so the difference is
// the pass's own cost.
func BenchmarkAnalyzer(b *testing.B) {
	pkgs := loadTestdata(b, "dropcancel/stdlib", "dropcancel/sibling", "dropcancel/stored")
	for _, a := range []*analysis.Analyzer{inbound.Analyzer, dropcancel.Analyzer} {
		b.Run(a.Name, func(b *testing.B) {
			for b.Loop() {
				if _, err := checker.Analyze([]*analysis.Analyzer{a}, pkgs, nil); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
