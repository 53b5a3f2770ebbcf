// Package onpath builds the passes that report on a request path
// (ctxbackground, dropcancel, fixedtimeout, retrybudget): each asks the
// same analyzers where the request path is and what callees do with a
// context, so they are required here once rather than by each pass.
package onpath

import (
	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/passes/inspect"

	"github.com/budgetlint/budgetlint/internal/report"
	"github.com/budgetlint/budgetlint/passes/ctxuse"
	"github.com/budgetlint/budgetlint/passes/inbound"
)

// Analyzer completes the Analyzer of a pass that reports on the request
// path, which states only what is its own, and returns it: it requires the
// inspector, inbound and ctxuse (ahead of any requirement of its own), and
// report.Analyzer completes the rest.
func Analyzer(a *analysis.Analyzer) *analysis.Analyzer {
	a.Requires = append([]*analysis.Analyzer{inspect.Analyzer, inbound.Analyzer, ctxuse.Analyzer}, a.Requires...)
	return report.Analyzer(a)
}
