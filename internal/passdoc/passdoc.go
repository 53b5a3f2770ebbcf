// Package passdoc gives each pass one source of documentation: its
// doc.go. A pass embeds that file and takes its Analyzer.Doc from it, the
// way golang.org/x/tools' passes do, so that go vet's help, budgetlint
// help, SARIF rules and pkg.go.dev all show the same text. Analyzer
// completes a pass's Analyzer with what every budgetlint analyzer shares,
// its URL among them.
//
// doc.go's package comment holds a section for the analyzer:
//
//	# Analyzer NAME
//
//	NAME: one-line summary
//
//	The full description, up to the next heading.
package passdoc

import (
	"go/parser"
	"go/token"
	"strings"

	"golang.org/x/tools/go/analysis"
)

// urlBase is where pkg.go.dev documents the passes: a pass's package is
// named after its analyzer.
const urlBase = "https://pkg.go.dev/github.com/budgetlint/budgetlint/passes/"

// Analyzer completes a, a budgetlint analyzer that states only what is its
// own (name, doc, requirements, run, facts, result, flags), and returns it:
// its URL is its package's page on pkg.go.dev, and it runs despite type
// errors, as nogo and go vet skip an analyzer on a package that does not
// type-check unless it says it can. A pass that reports findings goes
// through report.Analyzer, which calls this.
func Analyzer(a *analysis.Analyzer) *analysis.Analyzer {
	a.URL = urlBase + a.Name
	a.RunDespiteErrors = true
	return a
}

// Section returns the analyzer's documentation from doc.go's content: the
// summary line without its "NAME: ", then the rest of the section. It
// returns "" when doc.go has no such section, which the contract tests
// report; it never panics, as it runs when the pass's package starts.
func Section(content, name string) string {
	f, err := parser.ParseFile(token.NewFileSet(), "doc.go", content, parser.PackageClauseOnly|parser.ParseComments)
	if err != nil || f.Doc == nil {
		return ""
	}
	_, rest, ok := strings.Cut(f.Doc.Text(), "# Analyzer "+name+"\n")
	if !ok {
		return ""
	}
	rest = strings.TrimLeft(rest, "\n")
	summary, ok := strings.CutPrefix(rest, name+": ")
	if !ok {
		return ""
	}
	if i := strings.Index(summary, "\n# "); i >= 0 {
		summary = summary[:i] // the next heading
	}
	return strings.TrimSpace(summary)
}

// Summary is the first line of an analyzer's Doc.
func Summary(doc string) string {
	line, _, _ := strings.Cut(doc, "\n")
	return line
}
