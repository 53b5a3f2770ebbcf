package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"os"
	"os/exec"
	"os/signal"
	"path/filepath"
	"strings"
	"syscall"
	"time"

	"golang.org/x/tools/go/analysis"

	"github.com/budgetlint/budgetlint/internal/registry"
	"github.com/budgetlint/budgetlint/lsp"
)

// lspCommand runs the language server on stdin and stdout. Its progress
// goes to the editor's log; stderr, which editors show as errors, gets
// only errors.
func lspCommand(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("budgetlint lsp", flag.ContinueOnError)
	fs.SetOutput(stderr)
	debounce := fs.Duration("debounce", 300*time.Millisecond, "wait this long after an edit before analysing")
	goCmd := fs.String("go", "go", "the go command that lists packages; its directory is put first on PATH")
	cache := fs.String("cache", defaultCacheDir(), "directory of the results cache, shared with the command line; off disables it")
	fs.Bool("stdio", true, "talk over stdin and stdout (the only transport; accepted for clients that pass it)")
	fs.Usage = func() {
		fmt.Fprintf(stderr, "Usage: budgetlint lsp [flags]\n\nA language server for editors, over stdin and stdout; see docs/editors.md.\nA message over %d MiB is answered with an error and skipped.\n\nFlags:\n", lsp.MaxMessage>>20)
		fs.PrintDefaults()
	}
	if code := parseFlags(fs, args); code >= 0 {
		return code
	}
	if err := useGo(*goCmd); err != nil {
		fmt.Fprintf(stderr, "budgetlint lsp: -go: %v\n", err)
		return exitUsage
	}
	opts := lsp.Options{
		Analyzers: registry.Configurable,
		Learners:  registry.Learners,
		// An editor shows no suppressed findings.
		ToolID:   func(analyzers []*analysis.Analyzer) string { return toolID(analyzers, false) },
		Debounce: *debounce,
		Log:      stderr,
	}
	if *cache != "off" {
		opts.Cache = *cache
	}
	// An editor that gives up on exit sends a signal: stop as on exit,
	// stopping the go command and removing the temporary files.
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM, syscall.SIGHUP)
	defer stop()
	return lsp.Serve(ctx, stdin, stdout, opts)
}

// useGo makes the go command named by -go the one run: go/packages runs
// "go" from PATH, so its directory goes first there.
func useGo(name string) error {
	if name == "go" {
		return nil
	}
	path, err := exec.LookPath(name)
	if err != nil {
		return err
	}
	if base := strings.TrimSuffix(filepath.Base(path), ".exe"); base != "go" {
		return fmt.Errorf("%s is not named go: name the go command in a Go installation's bin directory", path)
	}
	return os.Setenv("PATH", filepath.Dir(path)+string(os.PathListSeparator)+os.Getenv("PATH"))
}
