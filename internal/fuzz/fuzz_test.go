package fuzz

import (
	"bytes"
	"fmt"
	"go/ast"
	"go/build"
	"go/importer"
	"go/parser"
	"go/token"
	"go/types"
	"io/fs"
	"os"
	"path/filepath"
	"runtime/debug"
	"slices"
	"strings"
	"sync"
	"testing"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/checker"
	"golang.org/x/tools/go/packages"
	"golang.org/x/tools/txtar"

	"github.com/budgetlint/budgetlint/internal/registry"
	"github.com/budgetlint/budgetlint/passes/ctxbackground"
)

// srcRoot is the repository's testdata/src: the seeds, and the stand-in
// packages (gin, grpc, the AWS SDK, ...) fuzzed code may import.
var srcRoot = func() string {
	dir, err := filepath.Abs(filepath.Join("..", "..", "testdata", "src"))
	if err != nil {
		panic(err)
	}
	return dir
}()

// FuzzPasses runs every pass over mutated Go source. The input is a
// package: one file, or several in txtar form ("-- name.go --" lines); a
// recipe of syntax-level mutations to apply to one of its files first (see
// mutate); and a flags word that turns pass options on and names a lone
// file a test file.
func FuzzPasses(f *testing.F) {
	seeds := 0
	add := func(src []byte) {
		// As it is, and with a few of the syntax-level mutations.
		f.Add(src, uint64(0), uint8(0))
		f.Add(src, uint64(seeds)*0x9e3779b97f4a7c15|3, uint8(seeds))
		seeds++
	}
	err := filepath.WalkDir(srcRoot, func(path string, d fs.DirEntry, err error) error {
		if err != nil || !d.IsDir() {
			return err
		}
		// Each file alone, and each package whole, so that the passes see
		// code whose types all resolve.
		var pkg txtar.Archive
		entries, err := os.ReadDir(path)
		if err != nil {
			return err
		}
		for _, e := range entries {
			name := e.Name()
			if e.IsDir() || !(strings.HasSuffix(name, ".go") || strings.HasSuffix(name, ".go.golden")) {
				continue
			}
			src, err := os.ReadFile(filepath.Join(path, name))
			if err != nil {
				return err
			}
			add(src)
			if strings.HasSuffix(name, ".go") {
				pkg.Files = append(pkg.Files, txtar.File{Name: name, Data: src})
			}
		}
		if len(pkg.Files) > 1 {
			add(txtar.Format(&pkg))
		}
		return nil
	})
	if err != nil {
		f.Fatal(err)
	}
	if seeds == 0 {
		f.Fatal("no seeds under", srcRoot)
	}
	f.Fuzz(func(t *testing.T, src []byte, recipe uint64, flags uint8) {
		if len(src) > 1<<17 {
			return
		}
		files := splitFiles(src, flags)
		i := int(recipe>>56) % len(files)
		files[i].Data = mutate(files[i].Data, recipe)
		if problems := runPasses(t, files, flags); len(problems) > 0 {
			var b strings.Builder
			for _, f := range files {
				fmt.Fprintf(&b, "-- %s --\n%s\n", f.Name, f.Data)
			}
			t.Fatalf("%s\n--- source (recipe %#x, flags %#x) ---\n%s", strings.Join(problems, "\n"), recipe, flags, b.String())
		}
	})
}

// splitFiles reads a package in txtar form, or a lone file (a test file
// when flags' low bit is set). File names are made plain and unique.
func splitFiles(src []byte, flags uint8) []txtar.File {
	var files []txtar.File
	if bytes.HasPrefix(src, []byte("-- ")) {
		files = txtar.Parse(src).Files
	}
	if len(files) == 0 {
		name := "fuzzed.go"
		if flags&1 != 0 {
			name = "fuzzed_test.go"
		}
		return []txtar.File{{Name: name, Data: src}}
	}
	seen := map[string]bool{}
	for i := range files {
		name := strings.Map(func(r rune) rune {
			if r == '_' || r == '.' || r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' {
				return r
			}
			return 'x'
		}, files[i].Name)
		name = strings.TrimLeft(name, ".")
		if !strings.HasSuffix(name, ".go") {
			name += ".go"
		}
		for seen[name] {
			name = "x" + name
		}
		seen[name] = true
		files[i].Name = name
	}
	return files
}

// world type-checks fuzzed packages: the standard library from export
// data, the testdata stand-ins from source. One world serves a whole fuzz
// process; every fuzzed file is removed from its file set after use.
type world struct {
	mu    sync.Mutex
	fset  *token.FileSet
	std   types.Importer
	local map[string]*types.Package // nil value: failed to load
	sizes types.Sizes
	dir   string // where fuzzed files are written, for pass.ReadFile
}

var (
	theWorld     *world
	theWorldOnce sync.Once
)

func getWorld(t *testing.T) *world {
	theWorldOnce.Do(func() {
		dir, err := os.MkdirTemp("", "budgetlint-fuzz")
		if err != nil {
			t.Fatal(err)
		}
		fset := token.NewFileSet()
		theWorld = &world{
			fset:  fset,
			std:   importer.ForCompiler(fset, "gc", nil),
			local: map[string]*types.Package{},
			sizes: types.SizesFor("gc", "amd64"),
			dir:   dir,
		}
	})
	return theWorld
}

func (w *world) Import(path string) (*types.Package, error) {
	if pkg, ok := w.local[path]; ok {
		if pkg == nil {
			return nil, fmt.Errorf("cannot import %q", path)
		}
		return pkg, nil
	}
	if dir := filepath.Join(srcRoot, filepath.FromSlash(path)); path != "" && !strings.Contains(path, "..") && isDir(dir) {
		return w.loadLocal(path, dir)
	}
	// Only what the standard library has: asking the go command about
	// arbitrary mutated paths is slow.
	if first, _, _ := strings.Cut(path, "/"); strings.Contains(first, ".") || !isDir(filepath.Join(build.Default.GOROOT, "src", filepath.FromSlash(path))) {
		return nil, fmt.Errorf("no package %q", path)
	}
	return w.std.Import(path)
}

func isDir(path string) bool {
	fi, err := os.Stat(path)
	return err == nil && fi.IsDir()
}

// loadLocal type-checks a stand-in package from testdata/src.
func (w *world) loadLocal(path, dir string) (*types.Package, error) {
	w.local[path] = nil // a cycle fails rather than recursing
	entries, err := os.ReadDir(dir)
	if err != nil {
		return nil, err
	}
	var files []*ast.File
	for _, e := range entries {
		name := e.Name()
		if !strings.HasSuffix(name, ".go") || strings.HasSuffix(name, "_test.go") {
			continue
		}
		f, err := parser.ParseFile(w.fset, filepath.Join(dir, name), nil, parser.SkipObjectResolution)
		if err != nil {
			return nil, err
		}
		files = append(files, f)
	}
	conf := types.Config{Importer: w, Error: func(error) {}, Sizes: w.sizes}
	pkg, _ := conf.Check(path, w.fset, files, nil)
	w.local[path] = pkg
	if pkg == nil {
		return nil, fmt.Errorf("cannot load %q", path)
	}
	return pkg, nil
}

// runPasses type-checks the files as one package and runs every pass on
// it, despite errors, as gopls and golangci-lint do. It returns what went
// wrong: a pass's error, a diagnostic outside the package's files or
// without a message, a suggested fix that breaks well-formed code, output
// that differs between two runs. A panic fails the fuzz run by itself.
func runPasses(t *testing.T, files []txtar.File, flags uint8) []string {
	w := getWorld(t)
	w.mu.Lock()
	defer w.mu.Unlock()

	pkg := &packages.Package{
		ID:         "example.com/fuzzed",
		PkgPath:    "example.com/fuzzed",
		Fset:       w.fset,
		TypesSizes: w.sizes,
		Imports:    map[string]*packages.Package{},
		TypesInfo: &types.Info{
			Types:        map[ast.Expr]types.TypeAndValue{},
			Instances:    map[*ast.Ident]types.Instance{},
			Defs:         map[*ast.Ident]types.Object{},
			Uses:         map[*ast.Ident]types.Object{},
			Implicits:    map[ast.Node]types.Object{},
			Selections:   map[*ast.SelectorExpr]*types.Selection{},
			Scopes:       map[ast.Node]*types.Scope{},
			FileVersions: map[*ast.File]string{},
		},
	}
	srcs := map[*token.File][]byte{}
	wellFormed := true
	for _, f := range files {
		filename := filepath.Join(w.dir, f.Name)
		if err := os.WriteFile(filename, f.Data, 0o666); err != nil {
			t.Fatal(err)
		}
		defer os.Remove(filename)
		file, err := parser.ParseFile(w.fset, filename, f.Data, parser.ParseComments|parser.SkipObjectResolution)
		if file == nil {
			continue
		}
		tf := w.fset.File(file.FileStart)
		defer w.fset.RemoveFile(tf)
		if err != nil {
			wellFormed = false
			pkg.IllTyped = true
			pkg.Errors = append(pkg.Errors, packages.Error{Msg: err.Error(), Kind: packages.ParseError})
		}
		if file.Name == nil || file.Name.Name == "" || file.Name.Name == "_" {
			continue
		}
		if pkg.Name == "" {
			pkg.Name = file.Name.Name
		}
		srcs[tf] = f.Data
		pkg.Syntax = append(pkg.Syntax, file)
		pkg.GoFiles = append(pkg.GoFiles, filename)
	}
	if len(pkg.Syntax) == 0 {
		return nil
	}
	pkg.CompiledGoFiles = pkg.GoFiles
	conf := types.Config{
		Importer:    w,
		Sizes:       w.sizes,
		FakeImportC: true,
		Error: func(err error) {
			pkg.IllTyped = true
			if te, ok := err.(types.Error); ok {
				pkg.TypeErrors = append(pkg.TypeErrors, te)
			}
			pkg.Errors = append(pkg.Errors, packages.Error{Msg: err.Error(), Kind: packages.TypeError})
		},
	}
	if !typeCheck(&conf, pkg) {
		return nil // the type checker itself gave up: not ours to fix
	}

	setFlags(flags)
	defer setFlags(0)
	first, problems := analyze(pkg, srcs, wellFormed)
	if len(problems) > 0 {
		return problems
	}
	if len(first) > 0 {
		if again, _ := analyze(pkg, srcs, false); !slices.Equal(first, again) {
			return []string{fmt.Sprintf("output differs between runs:\n%s\n---\n%s", strings.Join(first, "\n"), strings.Join(again, "\n"))}
		}
	}
	return nil
}

// recovering turns a panic in run into an error naming it, with the stack.
func recovering(run func(*analysis.Pass) (any, error)) func(*analysis.Pass) (any, error) {
	return func(pass *analysis.Pass) (res any, err error) {
		defer func() {
			if r := recover(); r != nil {
				err = fmt.Errorf("panic: %v\n%s", r, debug.Stack())
			}
		}()
		return run(pass)
	}
}

// typeCheck fills in pkg.Types; false when go/types panicked.
func typeCheck(conf *types.Config, pkg *packages.Package) (ok bool) {
	defer func() {
		if r := recover(); r != nil {
			ok = false
		}
	}()
	pkg.Types, _ = conf.Check(pkg.PkgPath, pkg.Fset, pkg.Syntax, pkg.TypesInfo)
	return pkg.Types != nil
}

// setFlags turns the passes' options on or off: bit 1 ctxbackground
// -tests, bit 2 -detached.
func setFlags(flags uint8) {
	set := func(a *analysis.Analyzer, name string, on bool) {
		if err := a.Flags.Set(name, fmt.Sprint(on)); err != nil {
			panic(err)
		}
	}
	set(ctxbackground.Analyzer, "tests", flags&2 != 0)
	set(ctxbackground.Analyzer, "detached", flags&4 != 0)
}

// analyze runs the passes once and returns their findings as text, and
// the problems with them.
func analyze(pkg *packages.Package, srcs map[*token.File][]byte, wellFormed bool) (findings, problems []string) {
	graph, err := checker.Analyze(registry.Passes, []*packages.Package{pkg}, &checker.Options{})
	if err != nil {
		return nil, []string{"checker: " + err.Error()}
	}
	for act := range graph.All() {
		if act.Err != nil {
			problems = append(problems, fmt.Sprintf("%s: %v", act.Analyzer.Name, act.Err))
		}
	}
	for _, act := range graph.Roots {
		for _, d := range act.Diagnostics {
			where := pkg.Fset.Position(d.Pos)
			findings = append(findings, fmt.Sprintf("%s: %s: %s", where, act.Analyzer.Name, d.Message))
			if p := checkDiagnostic(pkg.Fset, d, srcs, wellFormed); p != "" {
				problems = append(problems, fmt.Sprintf("%s: %s: %s (%q)", where, act.Analyzer.Name, p, d.Message))
			}
		}
	}
	return findings, problems
}

// checkDiagnostic returns what is wrong with a diagnostic, "" if nothing.
func checkDiagnostic(fset *token.FileSet, d analysis.Diagnostic, srcs map[*token.File][]byte, wellFormed bool) string {
	tf := fset.File(d.Pos)
	if _, ok := srcs[tf]; !ok || !d.Pos.IsValid() {
		return "diagnostic position outside the package's files"
	}
	switch {
	case d.End.IsValid() && (d.End < d.Pos || int(d.End) > tf.Base()+tf.Size()):
		return "diagnostic end outside the file or before its start"
	case strings.TrimSpace(d.Message) == "" || strings.Contains(d.Message, "\n"):
		return "empty or multi-line message"
	case strings.Contains(d.Message, "%!"):
		return "badly formatted message"
	case strings.Contains(d.Message, "invalid type"):
		return "message names an invalid type"
	}
	if !wellFormed {
		return ""
	}
	for _, fix := range d.SuggestedFixes {
		for ftf, src := range srcs {
			var edits []analysis.TextEdit
			for _, e := range fix.TextEdits {
				if fset.File(e.Pos) == ftf {
					edits = append(edits, e)
				}
			}
			if len(edits) == 0 {
				continue
			}
			out, err := applyEdits(src, ftf, edits)
			if err != nil {
				return "suggested fix " + fix.Message + ": " + err.Error()
			}
			if _, err := parser.ParseFile(token.NewFileSet(), "fixed.go", out, parser.SkipObjectResolution); err != nil {
				return fmt.Sprintf("suggested fix %q does not parse: %v\n%s", fix.Message, err, out)
			}
		}
	}
	return ""
}

// applyEdits applies a fix's edits to the source.
func applyEdits(src []byte, tf *token.File, edits []analysis.TextEdit) ([]byte, error) {
	type span struct {
		start, end int
		text       []byte
	}
	var spans []span
	for _, e := range edits {
		end := e.End
		if !end.IsValid() {
			end = e.Pos
		}
		if int(e.Pos) < tf.Base() || int(end) > tf.Base()+tf.Size() || end < e.Pos {
			return nil, fmt.Errorf("edit outside the file")
		}
		spans = append(spans, span{tf.Offset(e.Pos), tf.Offset(end), e.NewText})
	}
	slices.SortFunc(spans, func(a, b span) int { return a.start - b.start })
	var out bytes.Buffer
	last := 0
	for _, s := range spans {
		if s.start < last {
			return nil, fmt.Errorf("overlapping edits")
		}
		out.Write(src[last:s.start])
		out.Write(s.text)
		last = s.end
	}
	out.Write(src[last:])
	return out.Bytes(), nil
}

func TestMain(m *testing.M) {
	// A panicking pass fails the input it panicked on, with its stack,
	// rather than the whole test process.
	for _, a := range registry.Configurable {
		a.Run = recovering(a.Run)
	}
	code := m.Run()
	if theWorld != nil {
		os.RemoveAll(theWorld.dir)
	}
	os.Exit(code)
}
