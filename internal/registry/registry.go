// Package registry is the one list of budgetlint's analyzers: the
// command, the golangci-lint plugin and the tests run what it names, so a
// new pass is added here and nowhere else.
package registry

import (
	"slices"

	"golang.org/x/tools/go/analysis"

	"github.com/budgetlint/budgetlint/passes/ctxbackground"
	"github.com/budgetlint/budgetlint/passes/ctxuse"
	"github.com/budgetlint/budgetlint/passes/dropcancel"
	"github.com/budgetlint/budgetlint/passes/fixedtimeout"
	"github.com/budgetlint/budgetlint/passes/inbound"
	"github.com/budgetlint/budgetlint/passes/retrybudget"
)

// Passes are the analyzers that report, in the order the README documents
// them. Drivers run what they require (inspect, inbound, ctxuse) with them.
var Passes = []*analysis.Analyzer{
	ctxbackground.Analyzer,
	fixedtimeout.Analyzer,
	retrybudget.Analyzer,
	dropcancel.Analyzer,
}

// Configurable are the analyzers whose flags configure budgetlint: the
// passes and inbound, which reports nothing but has flags of its own
// (-inbound.frameworks). A driver sets only the flags of the analyzers it
// is given.
var Configurable = slices.Clip(append([]*analysis.Analyzer{inbound.Analyzer}, Passes...))

// Learners are the analyzers whose facts hold beyond the module they were
// learnt in: what a function does with the context it is given is the
// same for every caller. A driver that analyses only the user's module in
// full still runs them on the dependencies, as go vet and gopls do.
var Learners = []*analysis.Analyzer{ctxuse.Analyzer}
