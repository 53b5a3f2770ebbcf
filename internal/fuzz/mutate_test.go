package fuzz

import (
	"fmt"
	"go/ast"
	"go/parser"
	"go/scanner"
	"go/token"
	"math/rand/v2"
	"slices"
	"strconv"
	"strings"

	"github.com/budgetlint/budgetlint/internal/ctxflow"
)

// mutate applies the mutations a recipe chooses to src, one after another.
// Recipe 0 leaves the source as it is; the fuzzer varies the recipe and the
// bytes, so it mixes its own byte-level changes with these token- and
// syntax-level ones, which keep the source close enough to Go to get past
// the parser and the type checker.
func mutate(src []byte, recipe uint64) []byte {
	rng := rand.New(rand.NewPCG(recipe, recipe>>17^0x9e3779b97f4a7c15))
	for range recipe % 6 {
		m := mutations[rng.IntN(len(mutations))]
		if out, ok := m.apply(newEdit(src, rng)); ok && len(out) < 1<<17 {
			src = out
		}
	}
	return src
}

type mutation struct {
	name  string
	apply func(e *edit) ([]byte, bool)
}

// mutations are the changes a recipe picks from. Syntax-level ones edit
// the text at the offsets of the parsed nodes, so comments and layout
// survive and positions stay real.
var mutations = []mutation{
	{"drop statement", atStmt(dropStmt)},
	{"duplicate statement", atStmt(dupStmt)},
	{"swap identifiers", swapIdents},
	{"wrap in closure", wrapClosure},
	{"nest closures", nestClosures},
	{"loop to range-over-func", loopToRangeFunc},
	{"add type parameter", addTypeParam},
	{"generic type", genericType},
	{"method value", methodValue},
	{"context import", contextImport},
	{"replace expression", replaceExpr},
	{"drop import", dropImport},
	{"line directive", atStmt(lineDirective)},
	{"import C", importC},
	{"go or defer", goDefer},
	{"blank parameter", blankParam},
	{"append declaration", appendDecl},
	{"long function", longFunc},
	{"drop token", dropToken},
	{"duplicate token", dupToken},
	{"insert token", insertToken},
	{"swap tokens", swapTokens},
}

// edit is one mutation step: the source, its syntax (possibly partial) and
// the random source that picks what to change.
type edit struct {
	src  []byte
	rng  *rand.Rand
	file *ast.File // nil when nothing parsed
	tf   *token.File
}

func newEdit(src []byte, rng *rand.Rand) *edit {
	e := &edit{src: src, rng: rng}
	fset := token.NewFileSet()
	e.file, _ = parser.ParseFile(fset, "m.go", src, parser.ParseComments|parser.SkipObjectResolution)
	if e.file != nil {
		e.tf = fset.File(e.file.FileStart)
	}
	return e
}

// off returns the offset of pos in the source, clamped to it.
func (e *edit) off(pos token.Pos) int {
	if !pos.IsValid() || e.tf == nil {
		return 0
	}
	return min(max(e.tf.Offset(pos), 0), len(e.src))
}

// text returns the source of a node.
func (e *edit) text(n ast.Node) string {
	start, end := e.off(n.Pos()), e.off(n.End())
	if start > end {
		return ""
	}
	return string(e.src[start:end])
}

// change is a replacement of src[start:end].
type change struct {
	start, end int
	text       string
}

// apply makes the changes, which must not overlap.
func (e *edit) apply(changes ...change) ([]byte, bool) {
	slices.SortFunc(changes, func(a, b change) int { return b.start - a.start })
	out := slices.Clone(e.src)
	last := len(out) + 1
	for _, c := range changes {
		if c.start > c.end || c.end > len(out) || c.end > last {
			return nil, false
		}
		out = slices.Concat(out[:c.start], []byte(c.text), out[c.end:])
		last = c.start
	}
	return out, true
}

func (e *edit) replace(n ast.Node, text string) ([]byte, bool) {
	return e.apply(change{e.off(n.Pos()), e.off(n.End()), text})
}

func (e *edit) insert(pos token.Pos, text string) ([]byte, bool) {
	o := e.off(pos)
	return e.apply(change{o, o, text})
}

// pick returns a random element of s.
func pick[T any](e *edit, s []T) (T, bool) {
	var zero T
	if len(s) == 0 {
		return zero, false
	}
	return s[e.rng.IntN(len(s))], true
}

// nodes collects the file's nodes of type T.
func nodes[T ast.Node](e *edit) []T {
	var out []T
	if e.file == nil {
		return nil
	}
	ast.Inspect(e.file, func(n ast.Node) bool {
		if t, ok := n.(T); ok {
			out = append(out, t)
		}
		return true
	})
	return out
}

// stmtLists returns the file's non-empty statement lists.
func stmtLists(e *edit) [][]ast.Stmt {
	var out [][]ast.Stmt
	if e.file == nil {
		return nil
	}
	ast.Inspect(e.file, func(n ast.Node) bool {
		if list := ctxflow.StmtList(n); len(list) > 0 {
			out = append(out, list)
		}
		return true
	})
	return out
}

func pickStmt(e *edit) (ast.Stmt, bool) {
	list, ok := pick(e, stmtLists(e))
	if !ok {
		return nil, false
	}
	return pick(e, list)
}

// pickRun picks a run of consecutive statements of one list.
func pickRun(e *edit) ([]ast.Stmt, bool) {
	list, ok := pick(e, stmtLists(e))
	if !ok {
		return nil, false
	}
	i := e.rng.IntN(len(list))
	j := i + 1 + e.rng.IntN(len(list)-i)
	return list[i:j], true
}

func (e *edit) runText(run []ast.Stmt) (start, end int, text string) {
	start, end = e.off(run[0].Pos()), e.off(run[len(run)-1].End())
	if start > end {
		return start, start, ""
	}
	return start, end, string(e.src[start:end])
}

// atStmt makes a mutation of one statement, picked at random.
func atStmt(mutate func(e *edit, s ast.Stmt) ([]byte, bool)) func(*edit) ([]byte, bool) {
	return func(e *edit) ([]byte, bool) {
		s, ok := pickStmt(e)
		if !ok {
			return nil, false
		}
		return mutate(e, s)
	}
}

func dropStmt(e *edit, s ast.Stmt) ([]byte, bool) {
	return e.replace(s, "")
}

func dupStmt(e *edit, s ast.Stmt) ([]byte, bool) {
	return e.insert(s.End(), "\n"+e.text(s))
}

// swapIdents exchanges two names throughout one function (or the file).
func swapIdents(e *edit) ([]byte, bool) {
	if e.file == nil {
		return nil, false
	}
	var scope ast.Node = e.file
	if fn, ok := pick(e, nodes[*ast.FuncDecl](e)); ok {
		scope = fn
	}
	var ids []*ast.Ident
	ast.Inspect(scope, func(n ast.Node) bool {
		if id, ok := n.(*ast.Ident); ok && id.Name != "_" {
			ids = append(ids, id)
		}
		return true
	})
	a, ok1 := pick(e, ids)
	b, ok2 := pick(e, ids)
	if !ok1 || !ok2 || a.Name == b.Name {
		return nil, false
	}
	var changes []change
	for _, id := range ids {
		switch {
		case id.Name == a.Name:
			changes = append(changes, change{e.off(id.Pos()), e.off(id.End()), b.Name})
		case id.Name == b.Name && e.rng.IntN(2) == 0:
			changes = append(changes, change{e.off(id.Pos()), e.off(id.End()), a.Name})
		}
	}
	return e.apply(changes...)
}

var closures = []string{
	"func() {\n%s\n}()",
	"go func() {\n%s\n}()",
	"defer func() {\n%s\n}()",
	"fn := func() {\n%s\n}\nfn()",
	"func(ctx context.Context) {\n%s\n}(context.Background())",
	"func(w http.ResponseWriter, r *http.Request) {\n%s\n}(nil, nil)",
	"{\n%s\n}",
	"if true {\n%s\n}",
	"for range 3 {\n%s\n}",
	"select {\ndefault:\n%s\n}",
}

func wrapClosure(e *edit) ([]byte, bool) {
	run, ok := pickRun(e)
	if !ok {
		return nil, false
	}
	start, end, text := e.runText(run)
	tmpl, _ := pick(e, closures)
	return e.apply(change{start, end, fmt.Sprintf(tmpl, text)})
}

// someBody picks a function with statements and returns the span and text
// of its body's statements.
func (e *edit) someBody() (start, end int, text string, ok bool) {
	var bodies []*ast.BlockStmt
	for _, fn := range nodes[*ast.FuncDecl](e) {
		if fn.Body != nil && len(fn.Body.List) > 0 {
			bodies = append(bodies, fn.Body)
		}
	}
	body, ok := pick(e, bodies)
	if !ok {
		return 0, 0, "", false
	}
	start, end, text = e.runText(body.List)
	return start, end, text, true
}

// nestClosures wraps a function's whole body in several closures.
func nestClosures(e *edit) ([]byte, bool) {
	start, end, text, ok := e.someBody()
	if !ok {
		return nil, false
	}
	for range 2 + e.rng.IntN(12) {
		tmpl, _ := pick(e, closures)
		text = fmt.Sprintf(tmpl, text)
	}
	return e.apply(change{start, end, text})
}

// loopToRangeFunc turns a loop into a range over a function iterator that
// runs the original loop and yields once per iteration.
func loopToRangeFunc(e *edit) ([]byte, bool) {
	var loops []ast.Stmt
	for _, l := range nodes[ast.Stmt](e) {
		switch l.(type) {
		case *ast.ForStmt, *ast.RangeStmt:
			loops = append(loops, l)
		}
	}
	loop, ok := pick(e, loops)
	if !ok {
		return nil, false
	}
	switch l := loop.(type) {
	case *ast.ForStmt:
		var init, cond, post string
		if l.Init != nil {
			init = e.text(l.Init)
		}
		if l.Cond != nil {
			cond = e.text(l.Cond)
		}
		if l.Post != nil {
			post = e.text(l.Post)
		}
		head := "for range func(yield func() bool) {\nfor %s; %s; %s {\nif !yield() {\nreturn\n}\n}\n} "
		if as, ok := l.Init.(*ast.AssignStmt); ok && as.Tok == token.DEFINE && len(as.Lhs) == 1 {
			v := e.text(as.Lhs[0])
			head = "for " + v + " := range func(yield func(int) bool) {\nfor %s; %s; %s {\nif !yield(" + v + ") {\nreturn\n}\n}\n} "
		}
		if init == "" && cond == "" && post == "" {
			head = "for range func(yield func() bool) {\nfor%s%s%s yield() {\n}\n} "
		}
		return e.apply(change{e.off(l.For), e.off(l.Body.Lbrace), fmt.Sprintf(head, init, cond, post)})
	case *ast.RangeStmt:
		iter, _ := pick(e, []string{"slices.All", "slices.Values", "maps.All", "maps.Keys"})
		pkg, _, _ := strings.Cut(iter, ".")
		changes := []change{{e.off(l.X.Pos()), e.off(l.X.End()), iter + "(" + e.text(l.X) + ")"}}
		if c, ok := e.importChange(pkg); ok {
			changes = append(changes, c)
		}
		return e.apply(changes...)
	}
	return nil, false
}

// importChange adds an import of path after the package clause, unless the
// file has one.
func (e *edit) importChange(path string) (change, bool) {
	if e.file == nil || e.file.Name == nil {
		return change{}, false
	}
	for _, imp := range e.file.Imports {
		if imp.Path != nil && imp.Path.Value == strconv.Quote(path) {
			return change{}, false
		}
	}
	o := e.off(e.file.Name.End())
	return change{o, o, "\n\nimport " + strconv.Quote(path) + "\n"}, true
}

// addTypeParam turns one parameter's type into a type parameter
// constrained by it: func F(ctx context.Context) becomes
// func F[P context.Context](ctx P).
func addTypeParam(e *edit) ([]byte, bool) {
	var fns []*ast.FuncDecl
	for _, fn := range nodes[*ast.FuncDecl](e) {
		if fn.Recv == nil && fn.Type.TypeParams == nil && fn.Type.Params != nil && len(fn.Type.Params.List) > 0 {
			fns = append(fns, fn)
		}
	}
	fn, ok := pick(e, fns)
	if !ok {
		return nil, false
	}
	field, _ := pick(e, fn.Type.Params.List)
	typ := e.text(field.Type)
	if strings.HasPrefix(typ, "...") {
		return nil, false
	}
	name := fmt.Sprintf("TP%d", e.rng.IntN(10))
	constraint := typ
	if e.rng.IntN(2) == 0 || strings.ContainsAny(typ[:min(1, len(typ))], "*[(") {
		constraint = "interface{ " + typ + " }"
	}
	return e.apply(
		change{e.off(fn.Name.End()), e.off(fn.Name.End()), "[" + name + " " + constraint + "]"},
		change{e.off(field.Type.Pos()), e.off(field.Type.End()), name},
	)
}

// genericType gives a type declaration a type parameter and its methods'
// receivers the matching argument (other uses of the type break, which
// the passes must survive too).
func genericType(e *edit) ([]byte, bool) {
	var specs []*ast.TypeSpec
	for _, ts := range nodes[*ast.TypeSpec](e) {
		if ts.TypeParams == nil && ts.Assign == token.NoPos {
			specs = append(specs, ts)
		}
	}
	ts, ok := pick(e, specs)
	if !ok {
		return nil, false
	}
	changes := []change{{e.off(ts.Name.End()), e.off(ts.Name.End()), "[T any]"}}
	for _, fn := range nodes[*ast.FuncDecl](e) {
		if fn.Recv == nil || len(fn.Recv.List) != 1 {
			continue
		}
		t := fn.Recv.List[0].Type
		if star, ok := t.(*ast.StarExpr); ok {
			t = star.X
		}
		if id, ok := t.(*ast.Ident); ok && id.Name == ts.Name.Name {
			changes = append(changes, change{e.off(id.End()), e.off(id.End()), "[T]"})
		}
	}
	return e.apply(changes...)
}

// methodValue calls a function through a method value or function
// variable bound just before the statement, or through parentheses.
func methodValue(e *edit) ([]byte, bool) {
	type site struct {
		stmt ast.Stmt
		call *ast.CallExpr
	}
	var sites []site
	for _, list := range stmtLists(e) {
		for _, s := range list {
			ast.Inspect(s, func(n ast.Node) bool {
				switch n := n.(type) {
				case *ast.BlockStmt, *ast.FuncLit, *ast.CaseClause, *ast.CommClause:
					return false
				case *ast.CallExpr:
					switch n.Fun.(type) {
					case *ast.SelectorExpr, *ast.Ident:
						sites = append(sites, site{s, n})
					}
				}
				return true
			})
		}
	}
	st, ok := pick(e, sites)
	if !ok {
		return nil, false
	}
	fun := e.text(st.call.Fun)
	if e.rng.IntN(3) == 0 {
		return e.replace(st.call.Fun, "("+fun+")")
	}
	name := fmt.Sprintf("mv%d", e.rng.IntN(100))
	return e.apply(
		change{e.off(st.stmt.Pos()), e.off(st.stmt.Pos()), name + " := " + fun + "\n"},
		change{e.off(st.call.Fun.Pos()), e.off(st.call.Fun.End()), name},
	)
}

// contextImport renames the context import (ctxpkg), makes it a dot
// import, or blanks it, and rewrites the qualified uses.
func contextImport(e *edit) ([]byte, bool) {
	if e.file == nil {
		return nil, false
	}
	var spec *ast.ImportSpec
	for _, imp := range e.file.Imports {
		if imp.Path != nil && imp.Path.Value == `"context"` {
			spec = imp
		}
	}
	if spec == nil {
		return nil, false
	}
	old := "context"
	if spec.Name != nil {
		old = spec.Name.Name
	}
	name, _ := pick(e, []string{"ctxpkg", ".", "_", "context", "stdctx"})
	var changes []change
	if spec.Name != nil {
		changes = append(changes, change{e.off(spec.Name.Pos()), e.off(spec.Name.End()), name})
	} else {
		o := e.off(spec.Path.Pos())
		changes = append(changes, change{o, o, name + " "})
	}
	for _, sel := range nodes[*ast.SelectorExpr](e) {
		id, ok := sel.X.(*ast.Ident)
		if !ok || id.Name != old {
			continue
		}
		switch name {
		case ".":
			changes = append(changes, change{e.off(id.Pos()), e.off(sel.Sel.Pos()), ""})
		case "_":
		default:
			changes = append(changes, change{e.off(id.Pos()), e.off(id.End()), name})
		}
	}
	return e.apply(changes...)
}

var replacements = []string{
	"nil", "undefined", "_", "ctx", "context.Background()", "context.TODO()",
	"(%s)", "((%s))", "func() any { return %s }()", "%s.(any)", "*&%s", "1<<70",
	"r.Context()", "context.WithoutCancel(%s)", "time.Second", "<-time.After(%s)",
	"%s[0]", "%s()", "struct{}{}", "iota",
}

// replaceExpr replaces a call argument, a right-hand side or a result with
// another expression, often one of the wrong type or none at all.
func replaceExpr(e *edit) ([]byte, bool) {
	var exprs []ast.Expr
	if e.file == nil {
		return nil, false
	}
	ast.Inspect(e.file, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.CallExpr:
			exprs = append(exprs, n.Args...)
			exprs = append(exprs, n.Fun)
		case *ast.AssignStmt:
			exprs = append(exprs, n.Rhs...)
		case *ast.ReturnStmt:
			exprs = append(exprs, n.Results...)
		case *ast.SelectorExpr:
			exprs = append(exprs, n.X)
		}
		return true
	})
	x, ok := pick(e, exprs)
	if !ok {
		return nil, false
	}
	tmpl, _ := pick(e, replacements)
	if strings.Contains(tmpl, "%s") {
		tmpl = fmt.Sprintf(tmpl, e.text(x))
	}
	return e.replace(x, tmpl)
}

// dropImport deletes an import: its spec in a parenthesised list, else the
// whole declaration.
func dropImport(e *edit) ([]byte, bool) {
	var specs []ast.Node
	for _, d := range nodes[*ast.GenDecl](e) {
		if d.Tok != token.IMPORT {
			continue
		}
		if !d.Lparen.IsValid() {
			specs = append(specs, d)
			continue
		}
		for _, s := range d.Specs {
			specs = append(specs, s)
		}
	}
	n, ok := pick(e, specs)
	if !ok {
		return nil, false
	}
	return e.replace(n, "")
}

// lineDirective puts a //line or /*line*/ directive before a statement.
func lineDirective(e *edit, s ast.Stmt) ([]byte, bool) {
	d, _ := pick(e, []string{
		"\n//line other.go:%d\n", "\n//line :%d\n", "\n//line /abs/x_test.go:%d:5\n",
		"/*line other.go:%d:1*/", "\n//line generated.go:%d\n", "\n//line %d\n",
	})
	return e.insert(s.Pos(), fmt.Sprintf(d, e.rng.IntN(1<<20)))
}

func importC(e *edit) ([]byte, bool) {
	if e.file == nil || e.file.Name == nil {
		return nil, false
	}
	o := e.off(e.file.Name.End())
	changes := []change{{o, o, "\n\n// #include <stdlib.h>\nimport \"C\"\n"}}
	if call, ok := pick(e, nodes[*ast.CallExpr](e)); ok && e.rng.IntN(2) == 0 {
		changes = append(changes, change{e.off(call.Fun.Pos()), e.off(call.Fun.End()), "C.free"})
	}
	return e.apply(changes...)
}

func goDefer(e *edit) ([]byte, bool) {
	var calls []*ast.ExprStmt
	for _, s := range nodes[*ast.ExprStmt](e) {
		if _, ok := s.X.(*ast.CallExpr); ok {
			calls = append(calls, s)
		}
	}
	s, ok := pick(e, calls)
	if !ok {
		return nil, false
	}
	kw, _ := pick(e, []string{"go ", "defer "})
	return e.insert(s.Pos(), kw)
}

// blankParam makes a named parameter blank or drops all names of a field
// list where that keeps it valid.
func blankParam(e *edit) ([]byte, bool) {
	var names []*ast.Ident
	for _, ft := range nodes[*ast.FuncType](e) {
		if ft.Params == nil {
			continue
		}
		for _, f := range ft.Params.List {
			names = append(names, f.Names...)
		}
	}
	id, ok := pick(e, names)
	if !ok {
		return nil, false
	}
	return e.replace(id, "_")
}

// declarations are odd top-level declarations: local types and functions
// named like the context API's, generic types holding contexts, iterators.
var declarations = []string{
	"type Context interface{ Deadline() (int, bool); Done() <-chan struct{}; Err() error; Value(any) any }",
	"type Context struct{ context.Context }",
	"func Background() Context { return nil }",
	"var ctx = context.Background()",
	"var context = struct{ Background func() int }{}",
	"func handle[C context.Context](ctx C) { _ = context.Background(); time.Sleep(1) }",
	"func seq(yield func(int) bool) { for i := 0; yield(i); i++ {} }",
	"type S[T any] struct{ ctx context.Context; v T }",
	"func (s *S[T]) Do(ctx context.Context) error { for range seq { time.Sleep(time.Second) }; return nil }",
	"func init() { _ = context.TODO }",
	"type Req = http.Request",
	"func (h H) ServeHTTP(w http.ResponseWriter, r *Req) { http.Get(\"x\") }",
	"type H[T ~int] int",
	"func g[T interface{ Context() context.Context }](t T) { for { time.Sleep(1); if t.Context().Err() != nil { return } } }",
	"func (s *S) Context() context.Context { return s.ctx }",
	"type Loop func(func(error) bool)",
	"func retry(ctx context.Context, f func() error) { for range 3 { if f() == nil { return }; time.Sleep(time.Second) } }",
}

func appendDecl(e *edit) ([]byte, bool) {
	d, _ := pick(e, declarations)
	o := len(e.src)
	return e.apply(change{o, o, "\n\n" + d + "\n"})
}

// longFunc repeats a function's body many times.
func longFunc(e *edit) ([]byte, bool) {
	start, end, text, ok := e.someBody()
	if !ok {
		return nil, false
	}
	if len(text) > 2000 {
		return nil, false
	}
	n := 10 + e.rng.IntN(100)
	var b strings.Builder
	for range n {
		b.WriteString("{\n")
		b.WriteString(text)
		b.WriteString("\n}\n")
	}
	return e.apply(change{start, end, b.String()})
}

// tok is a token's extent in the source.
type tok struct {
	start, end int
	tok        token.Token
}

func tokens(src []byte) []tok {
	fset := token.NewFileSet()
	f := fset.AddFile("t.go", -1, len(src))
	var s scanner.Scanner
	s.Init(f, src, nil, scanner.ScanComments)
	var out []tok
	for {
		pos, t, lit := s.Scan()
		if t == token.EOF {
			return out
		}
		if t == token.SEMICOLON && lit == "\n" {
			continue // inserted, not in the source
		}
		start := f.Offset(pos)
		end := start + len(lit)
		if lit == "" {
			end = start + len(t.String())
		}
		if end <= len(src) {
			out = append(out, tok{start, end, t})
		}
	}
}

func dropToken(e *edit) ([]byte, bool) {
	t, ok := pick(e, tokens(e.src))
	if !ok {
		return nil, false
	}
	return e.apply(change{t.start, t.end, ""})
}

func dupToken(e *edit) ([]byte, bool) {
	t, ok := pick(e, tokens(e.src))
	if !ok {
		return nil, false
	}
	return e.apply(change{t.end, t.end, " " + string(e.src[t.start:t.end])})
}

var insertions = []string{
	"(", ")", "{", "}", "[", "]", ",", ";", "...", "func", "go", "defer", "for", "range",
	"select", "case", "return", "break", "continue", "goto", "ctx", "_", "nil", "context",
	".", "*", "&", "<-", "chan", "[T any]", "any", "interface{}", "context.Context",
	"context.Background()", "time.Sleep(1)", "if err != nil { continue }", "\n",
}

func insertToken(e *edit) ([]byte, bool) {
	t, ok := pick(e, tokens(e.src))
	if !ok {
		return nil, false
	}
	s, _ := pick(e, insertions)
	return e.apply(change{t.start, t.start, s + " "})
}

// swapTokens puts one identifier's or keyword's text in another's place.
func swapTokens(e *edit) ([]byte, bool) {
	var words []tok
	for _, t := range tokens(e.src) {
		if t.tok == token.IDENT || t.tok.IsKeyword() {
			words = append(words, t)
		}
	}
	a, ok1 := pick(e, words)
	b, ok2 := pick(e, words)
	if !ok1 || !ok2 || a.start == b.start {
		return nil, false
	}
	return e.apply(change{a.start, a.end, string(e.src[b.start:b.end])})
}
