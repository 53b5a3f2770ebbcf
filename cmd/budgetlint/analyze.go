package main

import (
	"cmp"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"go/token"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/checker"
	"golang.org/x/tools/go/packages"

	"github.com/budgetlint/budgetlint/passes/inbound"
)

// options are the standalone command's flags.
type options struct {
	json  bool
	fix   bool
	diff  bool
	tests bool
	dir   string
}

// finding is one diagnostic, resolved to file positions so that results
// from a package and its test variant can be merged and sorted.
type finding struct {
	pkg      string
	analyzer *analysis.Analyzer
	pos, end token.Position
	diag     analysis.Diagnostic
	fset     *token.FileSet
}

// enableFlag is a pass's -NAME flag: set or not, and to what.
type enableFlag struct {
	set, on bool
}

func (f *enableFlag) String() string   { return strconv.FormatBool(f.on) }
func (f *enableFlag) IsBoolFlag() bool { return true }
func (f *enableFlag) Set(s string) error {
	v, err := strconv.ParseBool(s)
	f.set, f.on = true, v
	return err
}

func analyzeCommand(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("budgetlint", flag.ContinueOnError)
	fs.SetOutput(stderr)
	var opts options
	fs.BoolVar(&opts.json, "json", false, "print findings as JSON, in the format of golang.org/x/tools' checkers")
	fs.BoolVar(&opts.fix, "fix", false, "apply every suggested fix to the files")
	fs.BoolVar(&opts.diff, "diff", false, "with -fix, print the fixes as a unified diff instead of writing them")
	fs.StringVar(&opts.dir, "C", "", "change to `dir` before loading packages, as the go command's -C")
	fs.BoolVar(&opts.tests, "test", true, "also load test files (the passes leave tests alone unless told otherwise)")
	enabled := map[*analysis.Analyzer]*enableFlag{}
	for _, a := range passes {
		enabled[a] = new(enableFlag)
		fs.Var(enabled[a], a.Name, "run only the passes enabled this way (-"+a.Name+"=false: run all but this one)")
	}
	for _, a := range append([]*analysis.Analyzer{inbound.Analyzer}, passes...) {
		a.Flags.VisitAll(func(f *flag.Flag) {
			fs.Var(f.Value, a.Name+"."+f.Name, f.Usage)
		})
	}
	fs.Usage = func() {
		fmt.Fprint(stderr, usage)
		for _, a := range passes {
			fmt.Fprintf(stderr, "  %-14s %s\n", a.Name, a.Doc)
		}
		fmt.Fprint(stderr, "\nFlags:\n")
		fs.PrintDefaults()
	}
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return exitClean
		}
		return exitUsage
	}
	if fs.NArg() == 0 {
		fs.Usage()
		return exitUsage
	}
	if opts.dir != "" {
		if err := os.Chdir(opts.dir); err != nil {
			fmt.Fprintf(stderr, "budgetlint: -C: %v\n", err)
			return exitUsage
		}
	}
	if opts.diff && !opts.fix {
		opts.fix = true
	}
	return analyze(fs.Args(), selectPasses(enabled), opts, stdout, stderr)
}

// selectPasses follows go vet: naming passes with -NAME runs just those;
// -NAME=false runs all others.
func selectPasses(enabled map[*analysis.Analyzer]*enableFlag) []*analysis.Analyzer {
	var chosen, rest []*analysis.Analyzer
	for _, a := range passes {
		switch f := enabled[a]; {
		case f.set && f.on:
			chosen = append(chosen, a)
		case !f.set:
			rest = append(rest, a)
		}
	}
	if len(chosen) > 0 {
		return chosen
	}
	return rest
}

func analyze(patterns []string, analyzers []*analysis.Analyzer, opts options, stdout, stderr io.Writer) int {
	if len(analyzers) == 0 {
		fmt.Fprintln(stderr, "budgetlint: every pass is disabled")
		return exitUsage
	}
	cfg := &packages.Config{
		Mode:  packages.LoadAllSyntax | packages.NeedModule,
		Tests: opts.tests,
	}
	pkgs, err := packages.Load(cfg, patterns...)
	if err != nil {
		fmt.Fprintf(stderr, "budgetlint: %v\n", err)
		return exitUsage
	}
	if len(pkgs) == 0 {
		fmt.Fprintf(stderr, "budgetlint: %s matched no packages\n", strings.Join(patterns, " "))
		return exitUsage
	}
	broken := reportBroken(pkgs, stderr)
	if len(broken) == len(pkgs) {
		return exitLoadError
	}

	graph, err := checker.Analyze(analyzers, pkgs, &checker.Options{})
	if err != nil {
		fmt.Fprintf(stderr, "budgetlint: %v\n", err)
		return exitUsage
	}
	failed := false
	var findings []finding
	for act := range graph.All() {
		if act.Err != nil && act.IsRoot && !broken[act.Package] {
			fmt.Fprintf(stderr, "budgetlint: %s: %s: %v\n", act.Package.PkgPath, act.Analyzer.Name, act.Err)
			failed = true
		}
		if !act.IsRoot || broken[act.Package] || !slices.Contains(analyzers, act.Analyzer) {
			continue
		}
		for _, d := range act.Diagnostics {
			f := finding{pkg: act.Package.ID, analyzer: act.Analyzer, diag: d, fset: act.Package.Fset}
			f.pos = act.Package.Fset.Position(d.Pos)
			f.end = act.Package.Fset.Position(d.End)
			findings = append(findings, f)
		}
	}
	findings = dedupe(findings)

	code := exitClean
	switch {
	case opts.fix:
		if err := applyFixes(findings, opts.diff, stdout); err != nil {
			fmt.Fprintf(stderr, "budgetlint: %v\n", err)
			return exitUsage
		}
	case opts.json:
		if err := printJSON(stdout, findings); err != nil {
			fmt.Fprintf(stderr, "budgetlint: %v\n", err)
			return exitUsage
		}
	default:
		printText(stdout, findings)
		if len(findings) > 0 {
			code = exitFindings
		}
	}
	if len(broken) > 0 || failed {
		code = exitLoadError
	}
	return code
}

// reportBroken prints one line for each package that did not load or
// type-check, naming it and its first error, and returns them.
func reportBroken(pkgs []*packages.Package, stderr io.Writer) map[*packages.Package]bool {
	broken := map[*packages.Package]bool{}
	seen := map[string]bool{}
	for _, p := range pkgs {
		if len(p.Errors) == 0 && !p.IllTyped {
			continue
		}
		broken[p] = true
		path := p.PkgPath
		if path == "" {
			path = p.ID
		}
		if seen[path] {
			continue // the test variant of a package already named
		}
		seen[path] = true
		first := "it does not type-check"
		if len(p.Errors) > 0 {
			first = p.Errors[0].Error()
		}
		more := ""
		if n := len(p.Errors) - 1; n > 0 {
			more = fmt.Sprintf(" (and %d more)", n)
		}
		fmt.Fprintf(stderr, "budgetlint: %s: not analysed: %s%s\n", path, first, more)
	}
	return broken
}

// dedupe merges the findings a file reports twice (as part of a package and
// of its test variant) and sorts them by position, then pass.
func dedupe(fs []finding) []finding {
	slices.SortStableFunc(fs, func(a, b finding) int {
		return cmp.Or(
			cmp.Compare(a.pos.Filename, b.pos.Filename),
			cmp.Compare(a.pos.Offset, b.pos.Offset),
			cmp.Compare(a.analyzer.Name, b.analyzer.Name),
			cmp.Compare(a.diag.Message, b.diag.Message),
		)
	})
	return slices.CompactFunc(fs, func(a, b finding) bool {
		return a.pos == b.pos && a.end == b.end && a.analyzer == b.analyzer && a.diag.Message == b.diag.Message
	})
}

// relative shortens a file name to a path relative to the working
// directory when it is below it.
func relative(filename string) string {
	wd, err := os.Getwd()
	if err != nil {
		return filename
	}
	if rel, err := filepath.Rel(wd, filename); err == nil && !strings.HasPrefix(rel, "..") {
		return rel
	}
	return filename
}

func printText(w io.Writer, findings []finding) {
	for _, f := range findings {
		fmt.Fprintf(w, "%s:%d:%d: %s (%s)\n", relative(f.pos.Filename), f.pos.Line, f.pos.Column, f.diag.Message, f.analyzer.Name)
	}
}

// The JSON shapes of golang.org/x/tools' checkers (go vet -json).
type (
	jsonEdit struct {
		Filename string `json:"filename"`
		Start    int    `json:"start"`
		End      int    `json:"end"`
		New      string `json:"new"`
	}
	jsonFix struct {
		Message string     `json:"message"`
		Edits   []jsonEdit `json:"edits"`
	}
	jsonDiagnostic struct {
		Category       string    `json:"category,omitempty"`
		Posn           string    `json:"posn"`
		End            string    `json:"end"`
		Message        string    `json:"message"`
		SuggestedFixes []jsonFix `json:"suggested_fixes,omitempty"`
	}
)

func printJSON(w io.Writer, findings []finding) error {
	tree := map[string]map[string][]jsonDiagnostic{}
	for _, f := range findings {
		d := jsonDiagnostic{
			Category: f.diag.Category,
			Posn:     f.pos.String(),
			End:      f.end.String(),
			Message:  f.diag.Message,
		}
		for _, fix := range f.diag.SuggestedFixes {
			jf := jsonFix{Message: fix.Message, Edits: []jsonEdit{}}
			for _, e := range fix.TextEdits {
				start, end := f.fset.Position(e.Pos), f.fset.Position(e.End)
				if !e.End.IsValid() {
					end = start
				}
				jf.Edits = append(jf.Edits, jsonEdit{Filename: start.Filename, Start: start.Offset, End: end.Offset, New: string(e.NewText)})
			}
			d.SuggestedFixes = append(d.SuggestedFixes, jf)
		}
		if tree[f.pkg] == nil {
			tree[f.pkg] = map[string][]jsonDiagnostic{}
		}
		tree[f.pkg][f.analyzer.Name] = append(tree[f.pkg][f.analyzer.Name], d)
	}
	enc := json.NewEncoder(w)
	enc.SetIndent("", "\t")
	return enc.Encode(tree)
}
