package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"syscall"
	"time"

	"github.com/budgetlint/budgetlint/internal/registry"
	"github.com/budgetlint/budgetlint/lsp"
)

// lspCommand runs the language server on stdin and stdout; its own trace
// goes to stderr, which editors keep in their language-server log.
func lspCommand(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("budgetlint lsp", flag.ContinueOnError)
	fs.SetOutput(stderr)
	debounce := fs.Duration("debounce", 300*time.Millisecond, "wait this long after an edit before analysing")
	goCmd := fs.String("go", "go", "the go command that runs the passes (go vet)")
	fs.Bool("stdio", true, "talk over stdin and stdout (the only transport; accepted for clients that pass it)")
	fs.Usage = func() {
		fmt.Fprintf(stderr, "Usage: budgetlint lsp [flags]\n\nA language server for editors, over stdin and stdout; see docs/editors.md.\nA message over %d MiB is answered with an error and skipped.\n\nFlags:\n", lsp.MaxMessage>>20)
		fs.PrintDefaults()
	}
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return exitClean
		}
		return exitUsage
	}
	if fs.NArg() > 0 {
		fs.Usage()
		return exitUsage
	}
	tool, err := os.Executable()
	if err != nil {
		fmt.Fprintf(stderr, "budgetlint lsp: cannot find the budgetlint executable: %v\n", err)
		return exitUsage
	}
	// An editor that gives up on exit sends a signal: stop as on exit,
	// killing the go commands and removing the temporary files.
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM, syscall.SIGHUP)
	defer stop()
	return lsp.Serve(ctx, stdin, stdout, lsp.Options{
		Tool:      tool,
		Analyzers: registry.Configurable,
		Go:        *goCmd,
		Debounce:  *debounce,
		Log:       stderr,
	})
}
