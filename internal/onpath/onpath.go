// Package onpath builds the passes that report on a request path
// (ctxbackground, dropcancel, fixedtimeout, retrybudget): each asks the
// same analyzers where the request path is and what callees do with a
// context, so they are required here once rather than by each pass, and
// each pass's checker starts from the same Base.
package onpath

import (
	"go/types"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/passes/inspect"
	"golang.org/x/tools/go/ast/inspector"

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

// Base is what a pass built by Analyzer works from; its checker embeds it.
type Base struct {
	Pass  *analysis.Pass
	In    *inbound.Result
	Uses  *ctxuse.Result
	Insp  *inspector.Inspector
	Rep   *report.Reporter
	Iface *types.Interface // context.Context, nil where the package cannot reach it
}

// Start returns the Base of pass, a pass of an analyzer built by Analyzer.
func Start(pass *analysis.Pass) Base {
	in := pass.ResultOf[inbound.Analyzer].(*inbound.Result)
	return Base{
		Pass:  pass,
		In:    in,
		Uses:  pass.ResultOf[ctxuse.Analyzer].(*ctxuse.Result),
		Insp:  pass.ResultOf[inspect.Analyzer].(*inspector.Inspector),
		Rep:   report.New(pass),
		Iface: in.Context(),
	}
}
