package main

import (
	"cmp"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"runtime/debug"
	"runtime/pprof"
	"slices"
	"strconv"
	"strings"

	"golang.org/x/tools/go/analysis"

	"github.com/budgetlint/budgetlint/internal/driver"
	"github.com/budgetlint/budgetlint/internal/price"
	"github.com/budgetlint/budgetlint/internal/registry"
	"github.com/budgetlint/budgetlint/internal/sarif"
	"github.com/budgetlint/budgetlint/passes/inbound"
)

// options are the standalone command's flags.
type options struct {
	json  bool
	sarif bool
	fix   bool
	diff  bool
	tests bool
	dir   string
	cache string
	tags  string
	root  string
	v     bool
	list  bool
	cost  bool
	// program joins what every package's calls hand its functions, when
	// the run covers a whole module (see wholeModule).
	program bool

	cpuprofile, memprofile string
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
	// A mistyped flag is one line (below), not the whole help.
	fs.SetOutput(io.Discard)
	fs.Usage = func() {}
	var opts options
	fs.BoolVar(&opts.json, "json", false, "print findings as JSON, in the format of golang.org/x/tools' checkers")
	fs.BoolVar(&opts.sarif, "sarif", false, "print findings as SARIF 2.1.0 for code scanning, suppressed ones included and marked")
	fs.StringVar(&opts.root, "srcroot", "", "with -sarif, the `dir` paths are relative to (default: the top of the git repository, else the working directory)")
	fs.BoolVar(&opts.fix, "fix", false, "apply every suggested fix to the files")
	fs.BoolVar(&opts.diff, "diff", false, "with -fix, print the fixes as a unified diff instead of writing them")
	fs.StringVar(&opts.dir, "C", "", "change to `dir` before loading packages, as the go command's -C")
	fs.StringVar(&opts.tags, "tags", "", "a comma-separated `list` of build tags to consider satisfied, as the go command's -tags")
	fs.BoolVar(&opts.cost, "cost", false, "print under each finding its cost, computed by the reference simulator from the values in the code, and the explain command that shows how")
	fs.BoolVar(&opts.list, "list", false, "list the passes and exit; budgetlint help <pass> prints one's documentation")
	fs.StringVar(&opts.cache, "cache", defaultCacheDir(), "directory of the results cache, which makes runs on unchanged code fast; off disables it")
	fs.BoolVar(&opts.v, "v", false, "print what was loaded, analysed and taken from the cache")
	fs.StringVar(&opts.cpuprofile, "cpuprofile", "", "write a CPU profile of the run to `file`")
	fs.StringVar(&opts.memprofile, "memprofile", "", "write a heap profile, taken at the end of the run, to `file`")
	fs.BoolVar(&opts.program, "program", true, "with ./... at a module's root, where every caller in the module is in view, leave out findings in functions that only main's or a command's context reaches, across packages (main is on no request path, nor is code only it reaches)")
	fs.BoolVar(&opts.tests, "test", true, "load test files when a pass is told to report in them (-ctxbackground.tests); every pass leaves tests alone by default, and then they are not loaded")
	enabled := map[*analysis.Analyzer]*enableFlag{}
	for _, a := range registry.Passes {
		enabled[a] = new(enableFlag)
		fs.Var(enabled[a], a.Name, "run only the passes enabled this way (-"+a.Name+"=false: run all but this one)")
	}
	for _, a := range registry.Configurable {
		a.Flags.VisitAll(func(f *flag.Flag) {
			fs.Var(f.Value, a.Name+"."+f.Name, f.Usage)
		})
	}
	printUsage := func() {
		fmt.Fprint(stderr, usage)
		listPasses(stderr)
		fmt.Fprint(stderr, "\nFlags:\n")
		fs.SetOutput(stderr)
		fs.PrintDefaults()
	}
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			printUsage()
			return exitClean
		}
		fmt.Fprintf(stderr, "budgetlint: %v; run budgetlint -h for usage\n", err)
		return exitUsage
	}
	if opts.list {
		listPasses(stdout)
		return exitClean
	}
	if fs.NArg() == 0 {
		printUsage()
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
	stop, err := startProfiles(opts.cpuprofile, opts.memprofile)
	if err != nil {
		fmt.Fprintf(stderr, "budgetlint: %v\n", err)
		return exitUsage
	}
	defer func() {
		if err := stop(); err != nil {
			fmt.Fprintf(stderr, "budgetlint: %v\n", err)
		}
	}()
	return analyze(fs.Args(), selectPasses(enabled), opts, stdout, stderr)
}

// reportsInTests reports whether a pass is told to report in test files,
// by its -tests option. Every pass leaves tests alone by default: loading
// them then would only analyse each package with tests a second time, as
// its test variant, for no finding.
func reportsInTests(analyzers []*analysis.Analyzer) bool {
	for _, a := range analyzers {
		if f := a.Flags.Lookup("tests"); f != nil && f.Value.String() == "true" {
			return true
		}
	}
	return false
}

// startProfiles starts the CPU profile, if asked for, and returns what
// ends it and writes the heap profile.
func startProfiles(cpu, mem string) (stop func() error, err error) {
	var cpuFile *os.File
	if cpu != "" {
		if cpuFile, err = os.Create(cpu); err != nil {
			return nil, err
		}
		if err := pprof.StartCPUProfile(cpuFile); err != nil {
			cpuFile.Close()
			return nil, err
		}
	}
	return func() error {
		if cpuFile != nil {
			pprof.StopCPUProfile()
			if err := cpuFile.Close(); err != nil {
				return err
			}
		}
		if mem == "" {
			return nil
		}
		f, err := os.Create(mem)
		if err != nil {
			return err
		}
		runtime.GC() // the profile then shows what is still live
		if err := pprof.WriteHeapProfile(f); err != nil {
			f.Close()
			return err
		}
		return f.Close()
	}, nil
}

// selectPasses follows go vet: naming passes with -NAME runs just those;
// -NAME=false runs all others.
func selectPasses(enabled map[*analysis.Analyzer]*enableFlag) []*analysis.Analyzer {
	var chosen, rest []*analysis.Analyzer
	for _, a := range registry.Passes {
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
	if os.Getenv("GOGC") == "" {
		// Type-checking allocates much and briefly: collecting less often
		// cost 20% less CPU on x/tools for 190 MB more peak memory (bench/).
		debug.SetGCPercent(400)
	}
	run := analyzers
	whole := opts.program && wholeModule(patterns)
	if whole {
		run = append(slices.Clip(analyzers), inbound.ProgramAnalyzer)
	}
	dopts := driver.Options{Patterns: patterns, Tests: opts.tests && reportsInTests(analyzers), ToolID: toolID(run, opts.sarif), KeepSuppressed: opts.sarif, Learners: registry.Learners}
	if opts.tags != "" {
		dopts.BuildFlags = []string{"-tags=" + opts.tags}
	}
	if opts.cache != "off" {
		dopts.Cache = opts.cache
	}
	res, err := driver.Run(run, dopts)
	var unmatched *driver.UnmatchedError
	switch {
	case errors.As(err, &unmatched):
		for _, reason := range unmatched.Reasons {
			fmt.Fprintf(stderr, "budgetlint: %s\n", reason)
		}
		return exitUsage
	case err != nil:
		fmt.Fprintf(stderr, "budgetlint: %v\n", err)
		return exitUsage
	}
	for _, b := range res.Broken {
		more := ""
		if b.More > 0 {
			more = fmt.Sprintf(" (and %d more)", b.More)
		}
		fmt.Fprintf(stderr, "budgetlint: %s: not analysed: %s%s\n", b.Package, b.Err, more)
	}
	for _, u := range res.Unloadable {
		fmt.Fprintf(stderr, "budgetlint: %s cannot be loaded, so %s not analysed: %s\n",
			strings.Join(u.Packages, ", "), importersPhrase(u.Importers), u.Err)
	}
	for _, f := range res.Failures {
		fmt.Fprintf(stderr, "budgetlint: %s\n", f)
	}
	// A dependency's failure leaves its facts unknown; the roots were still
	// analysed, so it is a warning, not a failure of the run.
	for _, f := range res.DependencyFailures {
		fmt.Fprintf(stderr, "budgetlint: warning: a dependency could not be read for its facts, so findings that rely on them may differ: %s\n", f)
	}
	if opts.v {
		s := res.Stats
		// Each package is counted once: the four add up to the listed.
		fmt.Fprintf(stderr, "budgetlint: %d packages listed, %d analysed, %d from the cache, %d type-checked without analysis, %d left alone (not needed), %d dependencies read for their facts\n", s.Listed, s.Analysed, s.Cached, s.TypesOnly, s.LeftAlone, s.Learnt)
	}
	findings := dedupe(res.Diagnostics)
	if whole {
		var left, funcs int
		findings, left, funcs = leaveOutRooted(findings, res.PackageFacts)
		if opts.v {
			fmt.Fprintf(stderr, "budgetlint: %d functions are reached only with main's or a command's context from their callers in the module; %d findings in them left out\n", funcs, left)
		}
	}

	code := exitClean
	switch {
	case opts.fix:
		left, err := applyFixes(findings, res.Names, opts.diff, stdout)
		if len(left) > 0 {
			printLeftovers(stderr, left, opts.diff)
			code = exitFindings
		}
		if err != nil {
			fmt.Fprintf(stderr, "budgetlint: %v\n", err)
			code = exitUsage
		}
	case opts.sarif:
		if err := printSARIF(stdout, analyzers, findings, res.Files, opts.root); err != nil {
			fmt.Fprintf(stderr, "budgetlint: %v\n", err)
			return exitUsage
		}
	case opts.json:
		if err := printJSON(stdout, findings); err != nil {
			fmt.Fprintf(stderr, "budgetlint: %v\n", err)
			return exitUsage
		}
	default:
		printText(stdout, findings, opts.cost)
		if len(findings) > 0 {
			code = exitFindings
		}
	}
	if len(res.Broken) > 0 || len(res.Unloadable) > 0 || len(res.Failures) > 0 {
		code = exitLoadError
	}
	return code
}

// wholeModule reports whether patterns cover every package of the module
// in the working directory: ./... run at its root. Only then are
// all the callers of the module's functions in view (see inbound.Program).
func wholeModule(patterns []string) bool {
	if _, err := os.Stat("go.mod"); err != nil {
		return false
	}
	return slices.ContainsFunc(patterns, func(p string) bool { return p == "./..." })
}

// leaveOutRooted drops the findings in code that only main's contexts
// reach, by what the packages' call summaries say together, and returns how many
// it dropped and from how many functions.
func leaveOutRooted(findings []driver.Diagnostic, facts []analysis.Fact) (kept []driver.Diagnostic, left, funcs int) {
	var sums []*inbound.CallSummary
	for _, f := range facts {
		if s, ok := f.(*inbound.CallSummary); ok {
			sums = append(sums, s)
		}
	}
	rooted := inbound.Program(sums)
	for _, f := range findings {
		if rooted.At(f.Posn.Filename, f.Posn.Offset) == "" {
			kept = append(kept, f)
		}
	}
	return kept, len(findings) - len(kept), rooted.Len()
}

// importersPhrase names the packages an unloadable dependency kept from
// analysis, the first few of them: a module-wide cause has dozens.
func importersPhrase(paths []string) string {
	const shown = 3
	switch n := len(paths); {
	case n == 1:
		return paths[0] + " was"
	case n <= shown:
		return strings.Join(paths[:n-1], ", ") + " and " + paths[n-1] + " were"
	default:
		return fmt.Sprintf("%s and %d more packages were", strings.Join(paths[:shown], ", "), n-shown)
	}
}

// printSARIF writes the findings, suppressed ones marked as such, with
// paths relative to root, by default the top of the git repository (what
// code scanning resolves them against, wherever the module is in it). A
// place of another file that a message names (helpers.go:10) becomes a
// related location when files, those analysed, have one of that name.
func printSARIF(w io.Writer, analyzers []*analysis.Analyzer, findings []driver.Diagnostic, files []string, root string) error {
	if root == "" {
		root = repositoryRoot()
	}
	byBase := map[string][]string{}
	for _, f := range files {
		base := filepath.Base(f)
		if !slices.Contains(byBase[base], f) {
			byBase[base] = append(byBase[base], f)
		}
	}
	var rules []sarif.Rule
	for _, a := range analyzers {
		rules = append(rules, sarif.RuleFor(a))
	}
	var out []sarif.Finding
	for _, f := range findings {
		sf := sarif.Finding{
			Rule: f.Analyzer, File: f.Posn.Filename, Line: f.Posn.Line, Column: f.Posn.Column,
			EndLine: f.End.Line, EndColumn: f.End.Column, Message: f.Message,
			Suppressed: f.Suppressed, Justification: f.Justification,
		}
		if p, ok := priceOf(f); ok {
			sf.Properties = map[string]any{"cost": p.Cost, "explain": p.Explain, "values": p.Values}
		}
		for _, ref := range sarif.References(f.Message) {
			if places := byBase[ref.Base]; len(places) == 1 { // never a guess between two
				sf.Related = append(sf.Related, sarif.Related{Ref: ref.Text, File: places[0], Line: ref.Line})
			}
		}
		for _, rel := range f.Related {
			sf.Related = append(sf.Related, sarif.Related{Ref: rel.Message, File: rel.Posn.Filename, Line: rel.Posn.Line})
		}
		for _, fix := range f.Fixes {
			sfix := sarif.Fix{Description: fix.Message}
			for _, e := range fix.Edits {
				sfix.Edits = append(sfix.Edits, sarif.Edit{
					File: e.Filename, StartLine: e.Start.Line, StartColumn: e.Start.Column,
					EndLine: e.End.Line, EndColumn: e.End.Column, NewText: e.New,
				})
			}
			sf.Fixes = append(sf.Fixes, sfix)
		}
		out = append(out, sf)
	}
	return sarif.Write(w, root, version(), rules, out)
}

// repositoryRoot is the top of the git repository around the working
// directory (a .git directory, or the .git file of a worktree or a
// submodule), else the working directory.
func repositoryRoot() string {
	wd, err := os.Getwd()
	if err != nil {
		return "."
	}
	for dir := wd; ; dir = filepath.Dir(dir) {
		if _, err := os.Lstat(filepath.Join(dir, ".git")); err == nil {
			return dir
		}
		if filepath.Dir(dir) == dir {
			return wd
		}
	}
}

// version is the module version budgetlint was built at, "devel" from a
// checkout.
func version() string {
	if info, ok := debug.ReadBuildInfo(); ok && info.Main.Version != "" && info.Main.Version != "(devel)" {
		return info.Main.Version
	}
	return "devel"
}

// defaultCacheDir is $BUDGETLINT_CACHE, or budgetlint's folder in the
// user's cache directory.
func defaultCacheDir() string {
	if dir := os.Getenv("BUDGETLINT_CACHE"); dir != "" {
		return dir
	}
	dir, err := os.UserCacheDir()
	if err != nil {
		return "off"
	}
	return filepath.Join(dir, "budgetlint")
}

// toolID identifies this binary and its settings, so that cached results
// of another version or other flags are never used.
func toolID(analyzers []*analysis.Analyzer, keepSuppressed bool) string {
	h := sha256.New()
	if exe, err := os.Executable(); err == nil {
		if f, err := os.Open(exe); err == nil {
			io.Copy(h, f)
			f.Close()
		}
	}
	fmt.Fprintf(h, "keep suppressed %v\n", keepSuppressed)
	for _, a := range append([]*analysis.Analyzer{inbound.Analyzer}, analyzers...) {
		fmt.Fprintf(h, "analyzer %s\n", a.Name)
		a.Flags.VisitAll(func(f *flag.Flag) { fmt.Fprintf(h, "-%s.%s=%s\n", a.Name, f.Name, f.Value) })
	}
	return hex.EncodeToString(h.Sum(nil))
}

// dedupe merges the findings a file reports twice (as part of a package and
// of its test variant) and sorts them by position, then pass.
func dedupe(fs []driver.Diagnostic) []driver.Diagnostic {
	slices.SortStableFunc(fs, func(a, b driver.Diagnostic) int {
		return cmp.Or(
			cmp.Compare(a.Posn.Filename, b.Posn.Filename),
			cmp.Compare(a.Posn.Offset, b.Posn.Offset),
			cmp.Compare(a.Analyzer, b.Analyzer),
			cmp.Compare(a.Message, b.Message),
		)
	})
	return slices.CompactFunc(fs, func(a, b driver.Diagnostic) bool {
		return a.Posn == b.Posn && a.End == b.End && a.Analyzer == b.Analyzer && a.Message == b.Message
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

func printText(w io.Writer, findings []driver.Diagnostic, cost bool) {
	for _, f := range findings {
		fmt.Fprintln(w, findingLine(f))
		for _, rel := range f.Related {
			fmt.Fprintf(w, "\t%s:%d:%d: %s\n", relative(rel.Posn.Filename), rel.Posn.Line, rel.Posn.Column, rel.Message)
		}
		if p, ok := priceOf(f); ok && cost {
			fmt.Fprintf(w, "\tcost: %s\n\t%s\n", p.Cost, p.Explain)
		}
	}
}

// priceOf is the price of a finding that carries one in its URL.
func priceOf(f driver.Diagnostic) (price.Price, bool) {
	v, ok := price.Parse(f.Analyzer, f.URL)
	if !ok {
		return price.Price{}, false
	}
	p, err := price.Compute(f.Analyzer, v)
	return p, err == nil
}

// findingLine is a finding as the text output prints it.
func findingLine(f driver.Diagnostic) string {
	return fmt.Sprintf("%s:%d:%d: %s (%s)", relative(f.Posn.Filename), f.Posn.Line, f.Posn.Column, f.Message, f.Analyzer)
}

// printLeftovers lists the findings -fix did not fix, each with why, in
// the text output's form, so that they can be found as after a plain run.
func printLeftovers(w io.Writer, left []leftover, diff bool) {
	slices.SortStableFunc(left, func(a, b leftover) int {
		return cmp.Or(cmp.Compare(a.Posn.Filename, b.Posn.Filename), cmp.Compare(a.Posn.Offset, b.Posn.Offset))
	})
	if diff {
		fmt.Fprintf(w, "budgetlint: %d findings are not in the diff:\n", len(left))
	} else {
		fmt.Fprintf(w, "budgetlint: %d findings were not fixed:\n", len(left))
	}
	for _, l := range left {
		fmt.Fprintf(w, "%s [%s]\n", findingLine(l.Diagnostic), l.why)
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
	jsonRelated struct {
		Posn    string `json:"posn"`
		End     string `json:"end"`
		Message string `json:"message"`
	}
	jsonDiagnostic struct {
		Category       string        `json:"category,omitempty"`
		Posn           string        `json:"posn"`
		End            string        `json:"end"`
		Message        string        `json:"message"`
		SuggestedFixes []jsonFix     `json:"suggested_fixes,omitempty"`
		Related        []jsonRelated `json:"related,omitempty"`
		// Beyond go vet -json's fields: the finding's price (package price).
		URL     string            `json:"url,omitempty"`
		Cost    string            `json:"cost,omitempty"`
		Explain string            `json:"explain,omitempty"`
		Values  map[string]string `json:"values,omitempty"`
	}
)

func printJSON(w io.Writer, findings []driver.Diagnostic) error {
	tree := map[string]map[string][]jsonDiagnostic{}
	for _, f := range findings {
		d := jsonDiagnostic{
			Category: f.Category,
			Posn:     f.Posn.String(),
			End:      f.End.String(),
			Message:  f.Message,
			URL:      f.URL,
		}
		if p, ok := priceOf(f); ok {
			d.Cost, d.Explain, d.Values = p.Cost, p.Explain, p.Values
		}
		for _, rel := range f.Related {
			d.Related = append(d.Related, jsonRelated{Posn: rel.Posn.String(), End: rel.End.String(), Message: rel.Message})
		}
		for _, fix := range f.Fixes {
			jf := jsonFix{Message: fix.Message, Edits: []jsonEdit{}}
			for _, e := range fix.Edits {
				jf.Edits = append(jf.Edits, jsonEdit{Filename: e.Filename, Start: e.Start.Offset, End: e.End.Offset, New: e.New})
			}
			d.SuggestedFixes = append(d.SuggestedFixes, jf)
		}
		if tree[f.Package] == nil {
			tree[f.Package] = map[string][]jsonDiagnostic{}
		}
		tree[f.Package][f.Analyzer] = append(tree[f.Package][f.Analyzer], d)
	}
	enc := json.NewEncoder(w)
	enc.SetIndent("", "\t")
	return enc.Encode(tree)
}
