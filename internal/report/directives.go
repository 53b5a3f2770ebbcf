package report

import (
	"fmt"
	"go/ast"
	"slices"
	"strings"
	"sync"

	"golang.org/x/tools/go/analysis"

	"github.com/budgetlint/budgetlint/internal/passdoc"
)

// This file holds staticcheck's rules for its directives: a //lint:ignore
// or //lint:file-ignore without a reason is malformed, and one that
// suppresses nothing is stale, so that suppressions do not outlive the
// code they were written for. Drivers run each pass on one package at a
// time (go vet, nogo), and no pass sees another's findings, so each pass
// judges the directives that name it, in each file of the package: a
// directive naming ctxbackground that suppressed no ctxbackground finding
// is reported by ctxbackground. Directives naming only budgetlint or all,
// and //nolint comments (golangci-lint's nolintlint checks those), are
// not judged: no one pass can tell whether they are in use.

// running maps a pass in progress to its Reporter, so that New, called by
// the pass, returns the Reporter that Run checks after it.
var running sync.Map // *analysis.Pass -> *Reporter

// Run wraps a pass's run function so that, once it has reported its
// findings, the repeated ones are reported once (ReportSame) and the pass
// reports the directives naming it that are malformed or suppressed none
// of them. A pass's Analyzer gets it from Analyzer.
func Run(run func(*analysis.Pass) (any, error)) func(*analysis.Pass) (any, error) {
	return func(pass *analysis.Pass) (any, error) {
		r := newReporter(pass)
		r.holding = true
		running.Store(pass, r)
		defer running.Delete(pass)
		result, err := run(pass)
		if err == nil {
			r.flush()
			r.checkDirectives()
		}
		return result, err
	}
}

// Analyzer completes the Analyzer of a pass that reports findings, which
// states only what is its own, and returns it: its Run is wrapped by Run,
// and passdoc.Analyzer sets what every budgetlint analyzer shares.
func Analyzer(a *analysis.Analyzer) *analysis.Analyzer {
	a.Run = Run(a.Run)
	return passdoc.Analyzer(a)
}

// checkDirectives reports, in every file of the package, the lint
// directives that name the pass and lack a reason or went unused. A pass
// that leaves test files alone by its -tests option does not judge the
// directives in them: it would report there under another setting.
func (r *Reporter) checkDirectives() {
	name := r.pass.Analyzer.Name
	skipTests := false
	if f := r.pass.Analyzer.Flags.Lookup("tests"); f != nil && f.Value.String() == "false" {
		skipTests = true
	}
	for _, file := range r.pass.Files {
		info := r.file(file.Pos())
		if info == nil || info.generated {
			continue
		}
		isTest := strings.HasSuffix(r.pass.Fset.File(file.Pos()).Name(), "_test.go")
		for _, s := range info.lint {
			if !slices.Contains(s.names, name) {
				continue
			}
			kind := "lint:ignore"
			if strings.HasPrefix(s.comment.Text, "//lint:file-ignore") {
				kind = "lint:file-ignore"
			}
			switch {
			case s.malformed:
				r.directive(s.comment, "malformed %s directive: it needs a reason", kind)
			case s.matched || skipTests && isTest:
			case len(s.names) == 1:
				r.directive(s.comment, "stale %s directive: it suppresses no %s finding; remove it", kind, name)
			default:
				r.directive(s.comment, "stale %s directive: it suppresses no %s finding; remove %s from it", kind, name, name)
			}
		}
	}
}

// directive reports a finding about a directive, which no directive can
// suppress.
func (r *Reporter) directive(c *ast.Comment, format string, args ...any) {
	r.pass.Report(analysis.Diagnostic{Pos: c.Slash, End: c.End(), Message: fmt.Sprintf(format, args...)})
}
