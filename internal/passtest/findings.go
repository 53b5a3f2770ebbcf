package passtest

import (
	"bytes"
	"fmt"
	"os"
	"strings"
	"testing"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/checker"
	"golang.org/x/tools/go/packages"

	"github.com/budgetlint/budgetlint/passes/inbound"
)

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
