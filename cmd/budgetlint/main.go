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
// budgetlint help prints the usage, the exit statuses and the passes;
// budgetlint help <pass> a pass's whole documentation.
package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"slices"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/unitchecker"

	"github.com/budgetlint/budgetlint/internal/passdoc"
	"github.com/budgetlint/budgetlint/internal/registry"
	"github.com/budgetlint/budgetlint/passes/ctxuse"
)

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
		unitchecker.Main(registry.Configurable...)
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

// parseFlags parses the flags of a subcommand that takes no arguments (sim,
// explain, lsp) and turns the outcome into an exit code: -1 to go on,
// exitClean after -h, exitUsage on bad usage (the flag package has printed
// why).
func parseFlags(fs *flag.FlagSet, args []string) int {
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return exitClean
		}
		return exitUsage
	}
	if fs.NArg() > 0 {
		fmt.Fprintf(fs.Output(), "unexpected argument %q\n", fs.Arg(0))
		fs.Usage()
		return exitUsage
	}
	return -1
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

// helpCommand prints the usage and the passes, or one pass's whole
// documentation, offline: the text of its doc.go, and its options.
func helpCommand(args []string, stdout, stderr io.Writer) int {
	if len(args) == 0 {
		fmt.Fprint(stdout, usage)
		listPasses(stdout)
		return exitClean
	}
	for _, a := range append([]*analysis.Analyzer{ctxuse.Analyzer}, registry.Configurable...) {
		if a.Name != args[0] {
			continue
		}
		fmt.Fprintf(stdout, "%s: %s\n", a.Name, a.Doc)
		first := true
		a.Flags.VisitAll(func(f *flag.Flag) {
			if first {
				fmt.Fprint(stdout, "\nOptions (the same under go vet, golangci-lint and nogo):\n")
				first = false
			}
			fmt.Fprintf(stdout, "  -%s.%s\n    \t%s\n", a.Name, f.Name, f.Usage)
		})
		fmt.Fprintf(stdout, "\nOnline: %s\n", a.URL)
		if slices.ContainsFunc(explanations, func(e explanation) bool { return e.pass == a.Name }) {
			fmt.Fprintf(stdout, "Cost of a finding: budgetlint explain %s\n", a.Name)
		}
		return exitClean
	}
	fmt.Fprintf(stderr, "budgetlint: no pass named %q; run budgetlint -list for the list\n", args[0])
	return exitUsage
}

// listPasses prints each pass that can be run, with its summary.
func listPasses(w io.Writer) {
	for _, a := range registry.Passes {
		fmt.Fprintf(w, "  %-14s %s\n", a.Name, passdoc.Summary(a.Doc))
	}
}

const usage = `budgetlint finds code that loses a request's deadline or cancel signal.

Usage:
  budgetlint [flags] packages...           analyse packages (./..., std)
  go vet -vettool=$(which budgetlint) ...   the same passes under go vet
  budgetlint explain <pass>                 what a finding costs, in the documents' numbers
  budgetlint sim hops|split|retry           the reference simulator
  budgetlint lsp                            a language server for editors (stdio)
  budgetlint help [pass]                    this text, or one pass's whole documentation

Exit status: 0 no findings; 1 findings (with -fix: findings it did not
fix); 2 usage error, nothing to analyse, or a file -fix could not write;
3 some packages did not load or type-check (the others are analysed).
With -json or -sarif, as with go vet -json, findings are in the output and
the exit status is 0.

Run 'budgetlint -h' for the flags. Passes:
`
