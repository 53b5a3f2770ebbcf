// Package driver runs go/analysis passes over packages for the standalone
// command, at a fraction of the memory of a whole-program load.
//
// golang.org/x/tools' checker parses and type-checks every dependency with
// function bodies and keeps all of it alive, because any analyzer might
// need facts from anywhere. Most of budgetlint's facts never leave the
// module they were computed in (see passes/ctxbackground); the few that do
// are learnt from the packages that can have them. So the driver:
//
//   - lists the package graph with the go command, without parsing;
//   - analyses in full (bodies, types.Info, passes, facts) only the root
//     packages and their dependencies in the roots' modules, and of those
//     only the ones that can see package context (others have no request
//     path, so no pass can report in them);
//   - analyses the packages of other modules that import package context,
//     or that those analysed in full import and that declare an exported
//     function taking a function (not the standard library), with bodies
//     but only with the learners (Options.Learners), for facts about what
//     their functions do with a context or with the functions they are
//     handed: those facts hold wherever the code is;
//   - type-checks every other package (the standard library, the rest of
//     other modules) without function bodies, only for its exported types;
//   - drops each package's syntax as soon as it is analysed;
//   - caches each analysed package's findings and facts by the
//     content of its files and of its dependencies, so that a second run on
//     unchanged code only lists packages and reads the cache.
//
// A panic in a pass is recovered and reported as that pass's error on that
// package: one bad package never takes the run down.
package driver

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"go/types"
	"iter"
	"maps"
	"os"
	"reflect"
	"regexp"
	"runtime"
	"runtime/debug"
	"slices"
	"strconv"
	"strings"
	"sync"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/packages"

	"github.com/budgetlint/budgetlint/internal/report"
)

// Options say what to load and how.
type Options struct {
	Patterns []string
	Tests    bool   // load test files too
	Dir      string // working directory of the go command; "" is the current one
	// BuildFlags go to the go command as it lists the packages (-tags).
	BuildFlags []string
	// Cache is the directory of the results cache; "" turns it off.
	Cache string
	// ToolID distinguishes results of different analyzers, flags and
	// versions in the cache.
	ToolID string
	// KeepSuppressed keeps the findings a suppression comment silences,
	// marked Suppressed with the comment's reason, for a log that records
	// them (SARIF); without it they are dropped, as under every driver.
	KeepSuppressed bool
	// Learners are the analyzers (of those given to Run, or required by
	// them) that also run on dependencies in other modules, for their
	// facts: only they run there, and nothing they report is kept.
	Learners []*analysis.Analyzer

	// An editor analyses what it holds, not what is saved, and drops an
	// analysis the next edit makes stale: these follow packages.Config.
	Context context.Context   // stops the run; Run then returns its error
	Overlay map[string][]byte // absolute file name -> content read instead of the file's
	Env     []string          // of the go command; nil is this process's
	Memo    *Memo             // keeps dependencies' types for the next runs
}

// Diagnostic is a finding with resolved positions, so that it can be
// cached, merged across a package and its test variant, and printed.
type Diagnostic struct {
	Analyzer string
	Package  string // package ID
	Posn     token.Position
	End      token.Position
	Category string
	Message  string
	URL      string
	Fixes    []Fix
	// Related are the finding's other places: the same mistake again
	// elsewhere in its function (see report.ReportSame).
	Related []Related
	// Suppressed findings are kept only with Options.KeepSuppressed, with
	// the suppression comment's reason.
	Suppressed    bool
	Justification string
}

// Related is another place of a finding, with what it is.
type Related struct {
	Posn    token.Position
	End     token.Position
	Message string
}

// Fix is a suggested fix as byte-offset edits of files.
type Fix struct {
	Message string
	Edits   []Edit
}

// Edit replaces the bytes [Start.Offset, End.Offset) of Filename with New.
// Its positions are in the file the bytes are in, never one a //line
// directive names.
type Edit struct {
	Filename   string
	Start, End token.Position
	New        string
	Sum        string // ContentSum of the file as analysed: edit only a file that still has it
}

// Broken is a root package that could not be loaded or type-checked.
type Broken struct {
	Package string
	Err     string // the first error
	More    int    // how many more there were
}

// Unloadable is a dependency the go command could not load (a module
// missing from go.sum, a replacement directory that does not exist), with
// the go command's own reason, and the roots left unanalysed because they
// import it. One cause is one entry, however many packages import it.
type Unloadable struct {
	Packages  []string // the packages the reason names, one unless they share it
	Err       string   // the go command's reason
	Importers []string // the roots not analysed because of it
}

// Result is what a run found.
type Result struct {
	Diagnostics []Diagnostic
	Broken      []Broken
	Unloadable  []Unloadable
	Failures    []string // passes that failed or panicked, one line each
	// DependencyFailures are the failures on packages that are not roots
	// (a learner's panic on a dependency): nothing of theirs is reported,
	// but their facts are missing, so the roots' findings may differ.
	DependencyFailures []string
	Stats              Stats
	// Names is the package name of each import path in the listed
	// packages, as written in their imports: -fix needs it to tell which
	// imports its edits leave unused.
	Names map[string]string
	// Files are the Go files of the packages analysed or taken from the
	// cache: where a place a finding's message names (helpers.go:10) is.
	Files []string
	// PackageFacts are the package facts of the roots, for a step that
	// joins what every package says (inbound.Program).
	PackageFacts []analysis.Fact
}

// Stats count the work done, for -v and the benchmarks. Each listed
// package is counted once, in the first of Analysed, Learnt, Cached,
// Reused, TypesOnly and LeftAlone that applies, so that they add up to
// Listed.
type Stats struct {
	Listed    int
	Analysed  int // the passes ran on it
	Learnt    int // a dependency the learners ran on, for its facts
	Cached    int // its findings and facts came from the cache
	Reused    int // its types came from Options.Memo: checked by an earlier run
	TypesOnly int // type-checked, not analysed: a dependency, or a root that does not type-check
	// LeftAlone were never needed: roots that cannot see package context
	// (no request path), dependencies of packages served by the cache.
	LeftAlone int
}

// node is one package of the graph and the state of its processing.
type node struct {
	pkg     *packages.Package
	imports map[string]*node // by import path as written in source
	root    bool
	full    bool // analysed with bodies and passes
	learn   bool // analysed with bodies, only by the learners; neither: types only
	key     string
	entry   *cacheEntry       // the cached result, nil on a miss
	sums    map[string]string // file name -> ContentSum as read (see sawContent)

	once       sync.Once
	analysed   bool // the passes ran on it
	reused     bool // its types came from Options.Memo
	types      *types.Package
	errs       []error          // load and type errors
	unloadable map[string]*node // imports the go command could not load, by path
	diags      []Diagnostic
	failed     []string
}

// Run analyses the packages matching opts.Patterns with analyzers.
func Run(analyzers []*analysis.Analyzer, opts Options) (*Result, error) {
	if err := analysis.Validate(analyzers); err != nil {
		return nil, err
	}
	ctx := opts.Context
	if ctx == nil {
		ctx = context.Background()
	}
	cfg := &packages.Config{
		Mode: packages.NeedName | packages.NeedFiles | packages.NeedCompiledGoFiles |
			packages.NeedImports | packages.NeedDeps | packages.NeedModule | packages.NeedTypesSizes,
		Tests:      opts.Tests,
		Dir:        opts.Dir,
		BuildFlags: opts.BuildFlags,
		Context:    ctx,
		Overlay:    opts.Overlay,
		Env:        opts.Env,
	}
	roots, err := packages.Load(cfg, opts.Patterns...)
	if ctx.Err() != nil {
		return nil, ctx.Err() // the go command was stopped: what it said is noise
	}
	if err != nil {
		return nil, listError(err)
	}
	if err := unmatched(roots); err != nil {
		return nil, err
	}
	if len(roots) == 0 {
		return nil, fmt.Errorf("%s matched no packages", strings.Join(opts.Patterns, " "))
	}
	// A learner none of the analyzers needs would learn for nothing.
	opts.Learners = slices.DeleteFunc(slices.Clone(opts.Learners), func(a *analysis.Analyzer) bool {
		return !slices.Contains(Closure(analyzers), a)
	})
	g := newGraph(roots, len(opts.Learners) > 0)
	r := &run{ctx: ctx, analyzers: analyzers, opts: opts, facts: newFactStore(analyzers), fset: token.NewFileSet()}
	if opts.Memo != nil {
		r.fset, r.memo = opts.Memo.fileSet(), &memoRun{memo: opts.Memo, kept: map[*node]bool{}}
	}
	if opts.Cache != "" {
		if r.cache, err = openCache(opts.Cache); err != nil {
			return nil, err
		}
	}
	if r.cache != nil || r.memo != nil {
		r.computeKeys(g)
	}
	r.process(g)
	if err := ctx.Err(); err != nil {
		return nil, err // packages were left out: the result is partial
	}
	return r.result(g), nil
}

// graph is the package graph in an order where imports come first.
type graph struct {
	nodes []*node
	roots []*node
}

func newGraph(roots []*packages.Package, learners bool) *graph {
	g := &graph{}
	byPkg := map[*packages.Package]*node{}
	var visit func(p *packages.Package) *node
	visit = func(p *packages.Package) *node {
		if n, ok := byPkg[p]; ok {
			return n
		}
		n := &node{pkg: p, imports: map[string]*node{}}
		byPkg[p] = n
		for _, path := range slices.Sorted(maps.Keys(p.Imports)) {
			n.imports[path] = visit(p.Imports[path])
		}
		g.nodes = append(g.nodes, n)
		return n
	}
	modules := map[string]bool{}
	for _, p := range roots {
		if isTestMain(p) {
			continue // the generated test main: nothing of the user's
		}
		n := visit(p)
		n.root = true
		g.roots = append(g.roots, n)
		if p.Module != nil {
			modules[p.Module.Path] = true
		}
	}
	// Dependencies in the roots' modules are analysed in full, for facts.
	// A package that cannot see package context, itself or through its
	// imports, has no request path: no pass reports in it, so outside the
	// roots' modules (std: a third of it) it is type-checked for its
	// exports only. Inside them it is still analysed, for the facts that
	// need no context (a utility package's launcher, safeGo(f)).
	seesContext := map[*node]bool{}
	for _, n := range g.nodes { // imports come before their importers
		seesContext[n] = n.pkg.PkgPath == "context"
		for _, dep := range n.imports {
			seesContext[n] = seesContext[n] || seesContext[dep]
		}
		inModule := n.pkg.Module != nil && modules[n.pkg.Module.Path]
		n.full = inModule || n.root && seesContext[n]
		// A dependency module's package that names package context itself
		// may take one: what its functions do with it is a fact worth
		// learning. The standard library has no module and stays unknown.
		n.learn = !n.full && learners && n.pkg.Module != nil && importsContext(n)
	}
	// A package of another module that the analysed code calls directly
	// may run, keep or launch the function literals it is handed (a
	// controller's predicate builder wrapping its filter in the hooks it
	// returns) without ever naming a context: learnt as well, when it
	// declares a function that takes one.
	for _, n := range g.nodes {
		if !n.full {
			continue
		}
		for _, dep := range n.imports {
			if !dep.full && !dep.learn && learners && dep.pkg.Module != nil && takesFunctions(dep.pkg.CompiledGoFiles) {
				dep.learn = true
			}
		}
	}
	return g
}

// exportedFuncParam matches the first line of an exported function or
// method declaration with a parameter of a function type:
// func NewFuncs[T any](filter func(T) bool) Funcs[T] {.
var exportedFuncParam = regexp.MustCompile(`^func (\([^)]*\) )?[A-Z]\w*(\[[^\]]*\])?\(.*\bfunc\(`)

// takesFunctions reports whether one of files, by a quick look at its
// lines, declares an exported function with a function parameter: only
// such a package of another module can have facts about the functions it
// is handed (a declaration spread over lines is missed, and the package
// is then only type-checked, as it was before).
func takesFunctions(files []string) bool {
	for _, name := range files {
		f, err := os.Open(name)
		if err != nil {
			continue
		}
		sc := bufio.NewScanner(f)
		sc.Buffer(make([]byte, 0, 64*1024), 1024*1024)
		found := false
		for sc.Scan() {
			if line := sc.Bytes(); bytes.HasPrefix(line, []byte("func ")) && exportedFuncParam.Match(line) {
				found = true
				break
			}
		}
		f.Close()
		if found {
			return true
		}
	}
	return false
}

func importsContext(n *node) bool {
	dep, ok := n.imports["context"]
	return ok && dep.pkg.PkgPath == "context"
}

// bodies reports whether n is type-checked with its function bodies, to be
// analysed.
func (n *node) bodies() bool { return n.full || n.learn }

func isTestMain(p *packages.Package) bool {
	return p.Name == "main" && strings.HasSuffix(p.ID, ".test")
}

// run is the state of one Run.
type run struct {
	ctx       context.Context
	memo      *memoRun // nil without Options.Memo
	analyzers []*analysis.Analyzer
	opts      Options
	fset      *token.FileSet
	facts     *factStore
	cache     *cache
	sem       chan struct{}
}

// process type-checks and analyses what the roots need, imports first and
// independent packages in parallel.
func (r *run) process(g *graph) {
	r.sem = make(chan struct{}, runtime.GOMAXPROCS(0))
	inParallel(slices.Values(g.roots), r.finish)
}

// inParallel calls f on each node in a goroutine of its own, and returns
// once all the calls have.
func inParallel(nodes iter.Seq[*node], f func(*node)) {
	var wg sync.WaitGroup
	for n := range nodes {
		wg.Go(func() { f(n) })
	}
	wg.Wait()
}

// finish brings a root to its result: from the cache without type-checking
// anything, or by analysis. (A cached root that an analysed package
// imports is still type-checked, by ensure, for its types and facts.)
func (r *run) finish(n *node) {
	if !n.full {
		// It cannot see package context, so it has no request path: there
		// is nothing to analyse, and its types are checked only if an
		// analysed package imports it.
		return
	}
	if n.entry != nil {
		n.diags = n.entry.Diagnostics
		return
	}
	r.ensure(n)
}

// ensure type-checks (and for full nodes analyses) n once, after its
// imports; concurrent callers wait for the first.
func (r *run) ensure(n *node) {
	n.once.Do(func() {
		inParallel(maps.Values(n.imports), r.ensure)
		select {
		case r.sem <- struct{}{}:
		case <-r.ctx.Done():
			return // nothing more is checked: Run returns the context's error
		}
		defer func() { <-r.sem }()
		if r.ctx.Err() == nil && !r.reuse(n) {
			r.check(n)
			r.keep(n)
		}
	})
}

// check type-checks one package whose imports are done and, if it is a
// full node, runs the passes on it (or takes their result from the cache).
func (r *run) check(n *node) {
	p := n.pkg
	if p.PkgPath == "unsafe" {
		n.types = types.Unsafe
		return
	}
	for _, e := range p.Errors {
		n.errs = append(n.errs, e)
	}
	full := n.bodies() && n.entry == nil
	mode := parser.SkipObjectResolution
	if full {
		mode |= parser.ParseComments
	}
	var files []*ast.File
	for _, name := range p.CompiledGoFiles {
		src, err := r.readFile(name)
		if err != nil {
			n.errs = append(n.errs, err)
			continue
		}
		n.sawContent(name, src)
		f, err := parser.ParseFile(r.fset, name, src, mode)
		if err != nil {
			n.errs = append(n.errs, err)
		}
		if f != nil {
			files = append(files, f)
		}
	}
	var info *types.Info
	if full {
		info = &types.Info{
			Types:        map[ast.Expr]types.TypeAndValue{},
			Defs:         map[*ast.Ident]types.Object{},
			Uses:         map[*ast.Ident]types.Object{},
			Implicits:    map[ast.Node]types.Object{},
			Instances:    map[*ast.Ident]types.Instance{},
			Scopes:       map[ast.Node]*types.Scope{},
			Selections:   map[*ast.SelectorExpr]*types.Selection{},
			FileVersions: map[*ast.File]string{},
		}
	}
	var typeErrs []types.Error
	conf := types.Config{
		IgnoreFuncBodies: !full,
		FakeImportC:      true,
		Sizes:            p.TypesSizes,
		Importer:         importerFunc(func(path string) (*types.Package, error) { return n.importPackage(path) }),
		Error: func(err error) {
			// Without bodies, imports used only in bodies look unused: a
			// soft error that only matters when the package is analysed.
			if te, ok := err.(types.Error); ok && (full || !te.Soft) {
				typeErrs = append(typeErrs, te)
			}
		},
	}
	if p.Module != nil && p.Module.GoVersion != "" {
		conf.GoVersion = "go" + p.Module.GoVersion
	}
	n.types, _ = conf.Check(p.PkgPath, r.fset, files, info)
	unloaded := n.unloadedImports(files)
	for _, te := range typeErrs {
		if !unloaded[te.Pos] { // the import's cause is reported once, not per importer
			n.errs = append(n.errs, te)
		}
	}
	switch {
	case n.entry != nil:
		r.facts.decode(n.types, n.entry.Facts)
	case full && len(n.errs) == 0 && len(n.unloadable) == 0:
		r.analyse(n, files, info)
		n.analysed = true
	}
}

// readFile reads a file as the run sees it: its overlay, if it has one.
func (r *run) readFile(name string) ([]byte, error) {
	if src, ok := r.opts.Overlay[name]; ok {
		return src, nil
	}
	return os.ReadFile(name)
}

func (n *node) importPackage(path string) (*types.Package, error) {
	if path == "unsafe" {
		return types.Unsafe, nil
	}
	dep, ok := n.imports[path]
	if ok && dep.notLoaded() {
		// Its "types" are an empty package with no name: say why instead.
		if n.unloadable == nil {
			n.unloadable = map[string]*node{}
		}
		n.unloadable[path] = dep
		return nil, errors.New(dep.pkg.Errors[0].Msg)
	}
	if !ok || dep.types == nil {
		return nil, fmt.Errorf("could not import %s", path)
	}
	return dep.types, nil
}

// notLoaded reports whether the go command listed the package with an
// error and no files: it could not find or fetch it.
func (n *node) notLoaded() bool {
	return len(n.pkg.Errors) > 0 && len(n.pkg.CompiledGoFiles) == 0
}

// unloadedImports returns the positions of files' imports of unloadable
// packages, where the type checker reports that it could not import them.
func (n *node) unloadedImports(files []*ast.File) map[token.Pos]bool {
	if len(n.unloadable) == 0 {
		return nil
	}
	at := map[token.Pos]bool{}
	for _, f := range files {
		for _, spec := range f.Imports {
			if path, err := strconv.Unquote(spec.Path.Value); err == nil && n.unloadable[path] != nil {
				at[spec.Path.Pos()] = true
			}
		}
	}
	return at
}

// UnmatchedError lists the patterns that name nothing to analyse (a
// directory that does not exist, a package no module provides, a folder
// outside any module), each in the go command's words: a mistake in the
// command line, which go vet refuses as a whole too.
type UnmatchedError struct {
	Reasons []string
}

func (e *UnmatchedError) Error() string { return strings.Join(e.Reasons, "\n") }

func unmatched(roots []*packages.Package) error {
	var reasons []string
	for _, p := range roots {
		if len(p.Errors) > 0 && len(p.CompiledGoFiles) == 0 && len(p.GoFiles) == 0 {
			reasons = append(reasons, p.Errors[0].Msg)
		}
	}
	if len(reasons) == 0 {
		return nil
	}
	return &UnmatchedError{Reasons: slices.Compact(reasons)}
}

// listError keeps, of a failed listing, what the go command said.
func listError(err error) error {
	msg := err.Error()
	if rest, ok := strings.CutPrefix(msg, "err: "); ok {
		if _, stderr, ok := strings.Cut(rest, ": stderr: "); ok && strings.TrimSpace(stderr) != "" {
			return fmt.Errorf("listing packages: %s", strings.TrimSpace(stderr))
		}
	}
	return err
}

type importerFunc func(path string) (*types.Package, error)

func (f importerFunc) Import(path string) (*types.Package, error) { return f(path) }

// analyse runs the passes, and the passes they require, on a full node.
func (r *run) analyse(n *node, files []*ast.File, info *types.Info) {
	p := n.pkg
	results := map[*analysis.Analyzer]any{}
	errs := map[*analysis.Analyzer]error{}
	var module *analysis.Module
	if p.Module != nil {
		module = &analysis.Module{Path: p.Module.Path, Version: p.Module.Version, GoVersion: p.Module.GoVersion}
	}
	allowed := map[string]bool{}
	for _, list := range [][]string{p.CompiledGoFiles, p.GoFiles, p.OtherFiles, p.IgnoredFiles} {
		for _, f := range list {
			allowed[f] = true
		}
	}
	var exec func(a *analysis.Analyzer) error
	exec = func(a *analysis.Analyzer) error {
		if err, done := errs[a]; done {
			return err
		}
		if _, done := results[a]; done {
			return nil
		}
		for _, req := range a.Requires {
			if err := exec(req); err != nil {
				errs[a] = fmt.Errorf("required %s failed", req.Name)
				return errs[a]
			}
		}
		pass := &analysis.Pass{
			Analyzer:     a,
			Fset:         r.fset,
			Files:        files,
			OtherFiles:   p.OtherFiles,
			IgnoredFiles: p.IgnoredFiles,
			Pkg:          n.types,
			TypesInfo:    info,
			TypesSizes:   p.TypesSizes,
			Module:       module,
			ResultOf:     map[*analysis.Analyzer]any{},
			ReadFile: func(name string) ([]byte, error) {
				if !allowed[name] {
					return nil, fmt.Errorf("%s is not a file of package %s", name, p.PkgPath)
				}
				return r.readFile(name)
			},
		}
		for _, req := range a.Requires {
			pass.ResultOf[req] = results[req]
		}
		// A dependency's findings are kept too: they are cached with its
		// facts, and served when it is a root of a later run. A learner's
		// package is never a root: only its facts are of use.
		reports := n.full && slices.Contains(r.analyzers, a)
		pass.Report = func(d analysis.Diagnostic) {
			if reports {
				n.diags = append(n.diags, r.resolve(a, n, d))
			}
		}
		if reports && r.opts.KeepSuppressed {
			defer report.KeepSuppressed(pass, func(d analysis.Diagnostic, reason string) {
				out := r.resolve(a, n, d)
				out.Suppressed, out.Justification = true, reason
				n.diags = append(n.diags, out)
			})()
		}
		r.facts.bind(pass, n.types)
		res, err := runPass(a, pass)
		if err != nil {
			errs[a] = err
			n.failed = append(n.failed, fmt.Sprintf("%s: %s: %v", p.PkgPath, a.Name, err))
			return err
		}
		results[a] = res
		return nil
	}
	run := r.analyzers
	if !n.full {
		run = r.opts.Learners
	}
	for _, a := range run {
		exec(a)
	}
	if r.cache != nil && len(n.failed) == 0 {
		r.cache.store(n, r.facts.encode(n.types))
	}
}

// runPass runs one pass, turning a panic into an error that names it.
func runPass(a *analysis.Analyzer, pass *analysis.Pass) (res any, err error) {
	defer func() {
		if p := recover(); p != nil {
			stack := strings.Split(string(debug.Stack()), "\n")
			where := ""
			for i, line := range stack {
				if strings.Contains(line, "panic(") && i+3 < len(stack) {
					where = strings.TrimSpace(stack[i+3])
					break
				}
			}
			err = fmt.Errorf("internal error: panic: %v (at %s); please report it", p, where)
		}
	}()
	return a.Run(pass)
}

// resolve turns a diagnostic's token positions into file positions.
func (r *run) resolve(a *analysis.Analyzer, n *node, d analysis.Diagnostic) Diagnostic {
	out := Diagnostic{
		Analyzer: a.Name,
		Package:  n.pkg.ID,
		Posn:     r.fset.Position(d.Pos),
		Category: d.Category,
		Message:  d.Message,
		URL:      d.URL,
	}
	out.End = out.Posn
	if d.End.IsValid() {
		out.End = r.fset.Position(d.End)
	}
	if out.URL == "" {
		out.URL = a.URL
	}
	for _, rel := range d.Related {
		r2 := Related{Posn: r.fset.Position(rel.Pos), Message: rel.Message}
		r2.End = r2.Posn
		if rel.End.IsValid() {
			r2.End = r.fset.Position(rel.End)
		}
		out.Related = append(out.Related, r2)
	}
	for _, sf := range d.SuggestedFixes {
		fix := Fix{Message: sf.Message}
		for _, e := range sf.TextEdits {
			// Unadjusted, as go vet -fix places edits: through a //line
			// directive they would land in another file.
			start := r.fset.PositionFor(e.Pos, false)
			end := start
			if e.End.IsValid() {
				end = r.fset.PositionFor(e.End, false)
			}
			fix.Edits = append(fix.Edits, Edit{Filename: start.Filename, Start: start, End: end, New: string(e.NewText), Sum: n.sums[start.Filename]})
		}
		out.Fixes = append(out.Fixes, fix)
	}
	return out
}

// result gathers the roots' findings and errors.
func (r *run) result(g *graph) *Result {
	res := &Result{Stats: Stats{Listed: len(g.nodes)}, Names: map[string]string{}}
	for _, n := range g.nodes {
		for path, dep := range n.imports {
			res.Names[path] = dep.pkg.Name
		}
		if n.full {
			res.Files = append(res.Files, n.pkg.GoFiles...)
		}
		if !n.root {
			res.DependencyFailures = append(res.DependencyFailures, n.failed...)
		}
		switch {
		case n.analysed && n.full:
			res.Stats.Analysed++
		case n.analysed:
			res.Stats.Learnt++
		case n.entry != nil:
			res.Stats.Cached++
		case n.reused:
			res.Stats.Reused++
		case n.types != nil:
			res.Stats.TypesOnly++
		default:
			res.Stats.LeftAlone++
		}
	}
	seen := map[string]bool{}
	causes := map[string]*Unloadable{} // by the go command's reason
	for _, n := range g.roots {
		path := n.pkg.PkgPath
		if path == "" {
			path = n.pkg.ID
		}
		errs := n.errs
		if !n.full { // only its listing errors, whether or not its types were needed
			errs = nil
			for _, e := range n.pkg.Errors {
				errs = append(errs, e)
			}
		} else {
			for _, imp := range slices.Sorted(maps.Keys(n.unloadable)) {
				dep := n.unloadable[imp]
				why := dep.pkg.Errors[0].Msg
				c := causes[why]
				if c == nil {
					c = &Unloadable{Err: firstLine(dep.pkg.Errors[0])}
					causes[why] = c
				}
				c.Packages = append(c.Packages, dep.pkg.PkgPath)
				c.Importers = append(c.Importers, path)
			}
		}
		if len(errs) > 0 {
			if !seen[path] {
				seen[path] = true
				res.Broken = append(res.Broken, Broken{Package: path, Err: firstLine(errs[0]), More: len(errs) - 1})
			}
			continue
		}
		if len(n.unloadable) > 0 {
			continue
		}
		res.Diagnostics = append(res.Diagnostics, n.diags...)
		res.Failures = append(res.Failures, n.failed...)
		switch {
		case n.types != nil:
			res.PackageFacts = append(res.PackageFacts, r.facts.packageFacts(n.types)...)
		case n.entry != nil: // served from the cache without type-checking
			res.PackageFacts = append(res.PackageFacts, r.facts.packageFactsOf(n.entry.Facts)...)
		}
	}
	for _, c := range causes {
		slices.Sort(c.Packages)
		slices.Sort(c.Importers)
		c.Packages, c.Importers = slices.Compact(c.Packages), slices.Compact(c.Importers)
		res.Unloadable = append(res.Unloadable, *c)
	}
	slices.SortFunc(res.Unloadable, func(a, b Unloadable) int { return strings.Compare(a.Packages[0], b.Packages[0]) })
	slices.SortFunc(res.Broken, func(a, b Broken) int { return strings.Compare(a.Package, b.Package) })
	slices.Sort(res.Failures)
	res.Failures = slices.Compact(res.Failures)
	slices.Sort(res.DependencyFailures)
	return res
}

func firstLine(err error) string {
	var le packages.Error
	if errors.As(err, &le) {
		return le.Error()
	}
	s, _, _ := strings.Cut(err.Error(), "\n")
	return s
}

// factStore holds every fact of the run, object facts and package facts
// alike, keyed by the package, the object (none for a package fact) and
// the fact's type; the objects are shared by all packages of the run, so
// no encoding is needed except for the cache.
type factStore struct {
	mu    sync.Mutex
	facts map[factKey]analysis.Fact
	types map[string]reflect.Type // fact type name -> type, for the cache
}

type factKey struct {
	pkg *types.Package // the package the fact is about, or its object's
	obj types.Object   // nil for a package fact
	t   reflect.Type
}

func objectFactKey(obj types.Object, t reflect.Type) factKey { return factKey{obj.Pkg(), obj, t} }

func packageFactKey(pkg *types.Package, t reflect.Type) factKey { return factKey{pkg, nil, t} }

func newFactStore(analyzers []*analysis.Analyzer) *factStore {
	s := &factStore{facts: map[factKey]analysis.Fact{}, types: map[string]reflect.Type{}}
	for _, a := range Closure(analyzers) {
		for _, f := range a.FactTypes {
			t := reflect.TypeOf(f)
			s.types[t.String()] = t
		}
	}
	return s
}

// Closure is every analyzer a driver runs for analyzers: each of them and
// what it requires, transitively, once each, requirements first.
func Closure(analyzers []*analysis.Analyzer) []*analysis.Analyzer {
	var out []*analysis.Analyzer
	seen := map[*analysis.Analyzer]bool{}
	var visit func(a *analysis.Analyzer)
	visit = func(a *analysis.Analyzer) {
		if seen[a] {
			return
		}
		seen[a] = true
		for _, req := range a.Requires {
			visit(req)
		}
		out = append(out, a)
	}
	for _, a := range analyzers {
		visit(a)
	}
	return out
}

// bind gives a pass its fact functions.
func (s *factStore) bind(pass *analysis.Pass, pkg *types.Package) {
	pass.ImportObjectFact = func(obj types.Object, fact analysis.Fact) bool {
		return s.get(objectFactKey(obj, reflect.TypeOf(fact)), fact)
	}
	pass.ExportObjectFact = func(obj types.Object, fact analysis.Fact) {
		if obj.Pkg() != pkg {
			panic(fmt.Sprintf("%s exported a fact about %s, which is not in package %s", pass.Analyzer.Name, obj, pkg.Path()))
		}
		s.set(objectFactKey(obj, reflect.TypeOf(fact)), fact)
	}
	pass.ImportPackageFact = func(p *types.Package, fact analysis.Fact) bool {
		return s.get(packageFactKey(p, reflect.TypeOf(fact)), fact)
	}
	pass.ExportPackageFact = func(fact analysis.Fact) {
		s.set(packageFactKey(pkg, reflect.TypeOf(fact)), fact)
	}
	pass.AllObjectFacts = func() (out []analysis.ObjectFact) {
		for k, f := range s.of(pass.Analyzer) {
			if k.obj != nil {
				out = append(out, analysis.ObjectFact{Object: k.obj, Fact: f})
			}
		}
		return out
	}
	pass.AllPackageFacts = func() (out []analysis.PackageFact) {
		for k, f := range s.of(pass.Analyzer) {
			if k.obj == nil {
				out = append(out, analysis.PackageFact{Package: k.pkg, Fact: f})
			}
		}
		return out
	}
}

// get copies the fact stored under k into fact, and reports whether there
// is one.
func (s *factStore) get(k factKey, fact analysis.Fact) bool {
	s.mu.Lock()
	got, ok := s.facts[k]
	s.mu.Unlock()
	if ok {
		reflect.ValueOf(fact).Elem().Set(reflect.ValueOf(got).Elem())
	}
	return ok
}

func (s *factStore) set(k factKey, fact analysis.Fact) {
	s.mu.Lock()
	s.facts[k] = fact
	s.mu.Unlock()
}

// packageFacts returns the package facts about pkg.
func (s *factStore) packageFacts(pkg *types.Package) []analysis.Fact {
	s.mu.Lock()
	defer s.mu.Unlock()
	var out []analysis.Fact
	for k, f := range s.facts {
		if k.pkg == pkg && k.obj == nil {
			out = append(out, f)
		}
	}
	return out
}

// of returns the stored facts of a's fact types.
func (s *factStore) of(a *analysis.Analyzer) map[factKey]analysis.Fact {
	s.mu.Lock()
	defer s.mu.Unlock()
	out := map[factKey]analysis.Fact{}
	for k, f := range s.facts {
		if s.ofAnalyzer(a, k.t) {
			out[k] = f
		}
	}
	return out
}

func (s *factStore) ofAnalyzer(a *analysis.Analyzer, t reflect.Type) bool {
	for _, f := range a.FactTypes {
		if reflect.TypeOf(f) == t {
			return true
		}
	}
	return false
}
