package fixedtimeout_test

import (
	"bytes"
	"fmt"
	"os"
	"strings"
	"testing"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/checker"
	"golang.org/x/tools/go/packages"

	"github.com/budgetlint/budgetlint/passes/ctxbackground"
	"github.com/budgetlint/budgetlint/passes/fixedtimeout"
	"github.com/budgetlint/budgetlint/passes/inbound"
)

// load loads testdata packages in GOPATH mode, as analysistest does.
func load(t testing.TB, patterns ...string) []*packages.Package {
	dir := testdata(t)
	cfg := &packages.Config{
		Mode: packages.LoadAllSyntax,
		Dir:  dir,
		Env:  append(os.Environ(), "GOPATH="+dir, "GO111MODULE=off", "GOWORK=off", "GOFLAGS="),
	}
	pkgs, err := packages.Load(cfg, patterns...)
	if err != nil {
		t.Fatal(err)
	}
	if len(pkgs) == 0 {
		t.Fatalf("no packages for %v", patterns)
	}
	return pkgs
}

// findings runs the analyzers and returns "file:line" of each diagnostic,
// by analyzer name.
func findings(t testing.TB, pkgs []*packages.Package, analyzers ...*analysis.Analyzer) map[string]map[string]string {
	graph, err := checker.Analyze(analyzers, pkgs, nil)
	if err != nil {
		t.Fatal(err)
	}
	out := map[string]map[string]string{}
	for _, act := range graph.Roots {
		if act.Err != nil {
			t.Fatalf("%s: %v", act, act.Err)
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

// TestOneFinding checks "one mistake, one finding" against ctxbackground on
// this pass's test data: no line is reported by both, and ctxbackground
// reports exactly the lines marked "ctxbackground's finding" (the roots
// this pass leaves to it), not the roots it leaves to this pass.
func TestOneFinding(t *testing.T) {
	pkgs := load(t, "fixedtimeout/...")
	got := findings(t, pkgs, ctxbackground.Analyzer, fixedtimeout.Analyzer)
	if len(got["fixedtimeout"]) == 0 {
		t.Fatal("fixedtimeout reported nothing")
	}
	for line := range got["ctxbackground"] {
		if msg, ok := got["fixedtimeout"][line]; ok {
			t.Errorf("%s: reported by both passes: %s", line, msg)
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
	for line, msg := range got["ctxbackground"] {
		if !want[line] {
			t.Errorf("%s: unexpected ctxbackground finding: %s", line, msg)
		}
	}
	for line := range want {
		if _, ok := got["ctxbackground"][line]; !ok {
			t.Errorf("%s: ctxbackground should report this root", line)
		}
	}
}

// BenchmarkAnalyzer measures the pass over this package's test data; the
// "inbound" case is the shared analysis alone, so the difference is the
// pass's own cost.
func BenchmarkAnalyzer(b *testing.B) {
	pkgs := load(b, "fixedtimeout/...")
	for _, a := range []*analysis.Analyzer{inbound.Analyzer, fixedtimeout.Analyzer} {
		b.Run(a.Name, func(b *testing.B) {
			for b.Loop() {
				if _, err := checker.Analyze([]*analysis.Analyzer{a}, pkgs, nil); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
