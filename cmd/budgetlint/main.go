// Command budgetlint finds code that loses a request's deadline or its
// cancel signal: fresh root contexts, fixed timeouts, retry loops that
// ignore the budget, and calls that cannot carry cancellation.
//
// Usage:
//
//	budgetlint [flags] packages...       analyse packages (./..., std)
//	go vet -vettool=$(which budgetlint) packages...
//	budgetlint explain <pass>            what a finding costs, in numbers
//	budgetlint sim hops|split|retry      the reference simulator
//	budgetlint lsp                       a language server for editors
//
// Exit status: 0 no findings; 1 findings reported; 2 usage error or
// nothing could be loaded; 3 some packages could not be loaded or
// type-checked (the others were analysed and their findings printed).
package main

import (
	"fmt"
	"io"
	"os"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/unitchecker"

	"github.com/budgetlint/budgetlint/passes/ctxbackground"
	"github.com/budgetlint/budgetlint/passes/dropcancel"
	"github.com/budgetlint/budgetlint/passes/fixedtimeout"
	"github.com/budgetlint/budgetlint/passes/inbound"
	"github.com/budgetlint/budgetlint/passes/retrybudget"
)

// passes are budgetlint's analyzers, in the order they are documented.
var passes = []*analysis.Analyzer{
	ctxbackground.Analyzer,
	fixedtimeout.Analyzer,
	retrybudget.Analyzer,
	dropcancel.Analyzer,
}

// Exit codes.
const (
	exitClean     = 0
	exitFindings  = 1
	exitUsage     = 2
	exitLoadError = 3
)

func main() {
	os.Exit(run(os.Args[1:], os.Stdout, os.Stderr))
}

func run(args []string, stdout, stderr io.Writer) int {
	if isVetInvocation(args) {
		// The go command drives us one package at a time; inbound is listed
		// so that its -inbound.frameworks flag is settable through go vet.
		unitchecker.Main(append([]*analysis.Analyzer{inbound.Analyzer}, passes...)...)
		return exitClean // unreachable: unitchecker.Main exits
	}
	if len(args) > 0 {
		switch args[0] {
		case "sim":
			return simCommand(args[1:], stdout, stderr)
		case "explain":
			return explainCommand(args[1:], stdout, stderr)
		case "lsp":
			return lspCommand(args[1:], os.Stdin, stdout, stderr)
		case "help":
			return helpCommand(args[1:], stdout, stderr)
		}
	}
	return analyzeCommand(args, stdout, stderr)
}

// isVetInvocation recognises the go command's protocol: it asks for the
// tool's version (-V=full) and flags (-flags), then passes one .cfg file
// per package.
func isVetInvocation(args []string) bool {
	for _, a := range args {
		if a == "-V=full" || a == "-V" || a == "-flags" {
			return true
		}
	}
	return len(args) > 0 && strings.HasSuffix(args[len(args)-1], ".cfg")
}

func helpCommand(args []string, stdout, stderr io.Writer) int {
	if len(args) == 0 {
		fmt.Fprint(stdout, usage)
		for _, a := range passes {
			fmt.Fprintf(stdout, "  %-14s %s\n", a.Name, a.Doc)
		}
		return exitClean
	}
	for _, a := range append([]*analysis.Analyzer{inbound.Analyzer}, passes...) {
		if a.Name == args[0] {
			fmt.Fprintln(stdout, a.Doc)
			fmt.Fprintf(stdout, "\nDocumentation: %s\nCost of a finding: budgetlint explain %s\n", a.URL, a.Name)
			return exitClean
		}
	}
	fmt.Fprintf(stderr, "budgetlint: no pass named %q; run 'budgetlint help' for the list\n", args[0])
	return exitUsage
}

const usage = `budgetlint finds code that loses a request's deadline or cancel signal.

Usage:
  budgetlint [flags] packages...           analyse packages (./..., std)
  go vet -vettool=$(which budgetlint) ...   the same passes under go vet
  budgetlint explain <pass>                 what a finding costs, in the documents' numbers
  budgetlint sim hops|split|retry           the reference simulator
  budgetlint lsp                            a language server for editors (stdio)
  budgetlint help [pass]                    this text, or one pass's documentation

Run 'budgetlint -h' for the flags. Passes:
`
