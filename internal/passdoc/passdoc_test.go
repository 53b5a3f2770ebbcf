package passdoc

import (
	"testing"

	"golang.org/x/tools/go/analysis"
)

const doc = `// Package halting defines an analyzer.
//
// # Analyzer halting
//
// halting: report loops that never end
//
// The halting analyzer reports loops
// without an exit:
//
//	for {}
//
// # Analyzer other
//
// other: something else
package halting
`

func TestSection(t *testing.T) {
	want := "report loops that never end\n\nThe halting analyzer reports loops\nwithout an exit:\n\n\tfor {}"
	if got := Section(doc, "halting"); got != want {
		t.Errorf("halting:\n%q\nwant\n%q", got, want)
	}
	if got := Section(doc, "other"); got != "something else" {
		t.Errorf("other: %q", got)
	}
	for _, bad := range []struct{ content, name string }{
		{doc, "missing"},
		{doc, "halt"}, // a prefix of a name is not the name
		{"package halting\n", "halting"},
		{"// # Analyzer halting\n//\n// no summary line\npackage halting\n", "halting"},
		{"not Go", "halting"},
	} {
		if got := Section(bad.content, bad.name); got != "" {
			t.Errorf("Section(%q, %q) = %q, want \"\"", bad.content, bad.name, got)
		}
	}
	if got := Summary("first line\n\nmore"); got != "first line" {
		t.Errorf("Summary: %q", got)
	}
}

func TestAnalyzer(t *testing.T) {
	a := &analysis.Analyzer{Name: "halting", Doc: "report loops that never end"}
	if got := Analyzer(a); got != a {
		t.Fatal("Analyzer returned another analyzer than the one it completes")
	}
	if a.URL != "https://pkg.go.dev/github.com/budgetlint/budgetlint/passes/halting" {
		t.Errorf("URL %q", a.URL)
	}
	if !a.RunDespiteErrors {
		t.Error("RunDespiteErrors is false")
	}
}
