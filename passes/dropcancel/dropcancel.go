package dropcancel

import (
	"bytes"
	"flag"
	"fmt"
	"go/ast"
	"go/format"
	"go/token"
	"go/types"
	"slices"
	"strconv"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/passes/inspect"
	"golang.org/x/tools/go/ast/inspector"

	"github.com/budgetlint/budgetlint/internal/ctxapi"
	"github.com/budgetlint/budgetlint/internal/knowledge"
	"github.com/budgetlint/budgetlint/internal/report"
	"github.com/budgetlint/budgetlint/passes/ctxuse"
	"github.com/budgetlint/budgetlint/passes/inbound"
)

var Analyzer = &analysis.Analyzer{
	Name:             "dropcancel",
	Doc:              "report calls that cannot carry the caller's cancellation where a context-taking form exists",
	URL:              "https://pkg.go.dev/github.com/budgetlint/budgetlint/passes/dropcancel",
	Requires:         []*analysis.Analyzer{inspect.Analyzer, inbound.Analyzer, ctxuse.Analyzer},
	Run:              run,
	RunDespiteErrors: true,
	Flags:            flags(),
}

// exclude holds the import paths, beyond the built-in list, whose context
// variants carry values, not cancellation.
var exclude pathList

func flags() flag.FlagSet {
	var fs flag.FlagSet
	fs.Var(&exclude, "exclude", "comma-separated import paths (and their subpackages) whose XContext variants carry values, not cancellation, such as a company logger; added to the built-in list ("+strings.Join(knowledge.ValuesOnly, ", ")+")")
	return fs
}

type pathList []string

func (l *pathList) String() string { return strings.Join(*l, ",") }

func (l *pathList) Set(s string) error {
	for p := range strings.SplitSeq(s, ",") {
		if p = strings.TrimSpace(p); p != "" {
			*l = append(*l, p)
		}
	}
	return nil
}

// valuesOnly reports whether the package's context variants only carry
// values (loggers).
func valuesOnly(path string) bool {
	return knowledge.InPackages(path, knowledge.ValuesOnly, exclude)
}

func isLogging(fn *types.Func) bool {
	return valuesOnly(fn.Pkg().Path()) || knowledge.IsLogName(fn.Name())
}

// callee is what the pass knows about one function, computed once.
type callee struct {
	replace  knowledge.Replacement
	dropping bool // it cannot carry cancellation and replace says how
	fixable  bool // replace can stand in for the call as is
	logging  bool
}

type checker struct {
	pass    *analysis.Pass
	in      *inbound.Result
	uses    *ctxuse.Result
	rep     *report.Reporter
	iface   *types.Interface
	callees map[*types.Func]*callee
	// handoffs caches, per function, the calls that attach a context to a
	// local variable or send it.
	handoffs map[ast.Node]*handoffs
}

func run(pass *analysis.Pass) (any, error) {
	in := pass.ResultOf[inbound.Analyzer].(*inbound.Result)
	if in.Empty() {
		return nil, nil // no request path: nothing can drop its cancellation
	}
	insp := pass.ResultOf[inspect.Analyzer].(*inspector.Inspector)
	c := &checker{
		pass:     pass,
		in:       in,
		uses:     pass.ResultOf[ctxuse.Analyzer].(*ctxuse.Result),
		rep:      report.New(pass),
		iface:    ctxapi.ContextInterface(pass.Pkg),
		callees:  map[*types.Func]*callee{},
		handoffs: map[ast.Node]*handoffs{},
	}
	for file := range insp.Root().Children() {
		if c.rep.Generated(file.Node().Pos()) {
			continue
		}
		for cur := range file.Preorder((*ast.CallExpr)(nil), (*ast.AssignStmt)(nil), (*ast.ValueSpec)(nil)) {
			switch n := cur.Node().(type) {
			case *ast.CallExpr:
				c.checkCall(cur, n)
			case *ast.AssignStmt:
				c.checkAssign(cur, n.Rhs)
			case *ast.ValueSpec:
				c.checkAssign(cur, n.Values)
			}
		}
	}
	return nil, nil
}

// inboundAt returns the caller's context at cur, or nil where the pass
// leaves code alone: off the request path, detached work, tests.
func (c *checker) inboundAt(cur inspector.Cursor) *inbound.Source {
	site := c.in.At(cur)
	if site.Context == nil || site.Detached || site.InTest {
		return nil
	}
	return site.Context
}

func (c *checker) checkCall(cur inspector.Cursor, call *ast.CallExpr) {
	info := c.pass.TypesInfo
	fn := ctxapi.Callee(info, call)
	if fn != nil && fn.Pkg() != nil {
		k := c.callee(fn)
		if k.dropping {
			src := c.inboundAt(cur)
			if src == nil || c.contextAttached(cur, call) || c.buildsVariant(cur, fn, k, src) {
				return
			}
			c.reportDrop(call, fn, k.replace, k.fixable, src)
			return
		}
		if k.logging || ctxapi.IsWithoutCancel(info, call) || ctxapi.IsCallTo(info, call, "context", "AfterFunc") {
			return // log values, deliberate detachment, lifetime hooks
		}
	}
	for i, arg := range call.Args {
		if !c.isStored(arg) || !ctxapi.TakesContext(signature(info, call), i) {
			continue
		}
		src := c.inboundAt(cur)
		if src == nil || c.reachedThrough(cur, arg, src) || c.writtenIn(cur, arg) || c.passesInbound(call, src) ||
			c.derivedHere(cur, arg, src) || !c.uses.Observes(call, i) {
			continue
		}
		derives := i == 0 && fn != nil && ctxapi.IsDerivation(info, call)
		c.reportStored(arg, src, derives)
	}
}

// passesInbound reports whether the call is given the inbound context, or
// one derived from it, as well: a stored context beside it (queryDC(ctx,
// tx.ctx, ...), which watches both; NewTransport(connectCtx, cc.ctx), the
// lifetime of what it builds) is not passed instead of it.
func (c *checker) passesInbound(call *ast.CallExpr, src *inbound.Source) bool {
	derived := c.uses.Derived(src.Param)
	for _, arg := range call.Args {
		if id, ok := ast.Unparen(arg).(*ast.Ident); ok {
			if v, ok := c.pass.TypesInfo.Uses[id].(*types.Var); ok && derived[v] {
				return true
			}
		}
	}
	return false
}

// derivedHere reports whether the stored context e hangs off a local
// variable that this function set, directly or through other locals, from
// something given the inbound context (info := Info{Context: ctx}; cfg :=
// selectConfig(info); ctx = cfg.Context): what it holds is the caller's
// context, handed back.
func (c *checker) derivedHere(cur inspector.Cursor, e ast.Expr, src *inbound.Source) bool {
	info := c.pass.TypesInfo
	for {
		sel, ok := ast.Unparen(e).(*ast.SelectorExpr)
		if !ok {
			break
		}
		e = sel.X
	}
	id, ok := ast.Unparen(e).(*ast.Ident)
	if !ok {
		return false
	}
	v, ok := info.Uses[id].(*types.Var)
	if !ok || v.IsField() {
		return false
	}
	fn := enclosingFunc(cur)
	given := c.uses.Derived(src.Param) // and, below, the locals set from them
	mentions := func(e ast.Expr) bool {
		found := false
		ast.Inspect(e, func(n ast.Node) bool {
			if id, ok := n.(*ast.Ident); ok {
				if w, ok := info.Uses[id].(*types.Var); ok && given[w] {
					found = true
				}
			}
			return !found
		})
		return found
	}
	for changed := true; changed && !given[v]; {
		changed = false
		for as := range fn.Preorder((*ast.AssignStmt)(nil)) {
			stmt := as.Node().(*ast.AssignStmt)
			if !slices.ContainsFunc(stmt.Rhs, mentions) {
				continue
			}
			for _, l := range stmt.Lhs {
				id, ok := ast.Unparen(l).(*ast.Ident)
				if !ok {
					continue
				}
				w, _ := info.Defs[id].(*types.Var)
				if w != nil && !given[w] {
					given[w] = true
					changed = true
				}
			}
		}
	}
	return given[v]
}

// callee returns what is known about fn: the standard library's table,
// else its XContext/XWithContext sibling.
func (c *checker) callee(fn *types.Func) *callee {
	fn = fn.Origin()
	if k, ok := c.callees[fn]; ok {
		return k
	}
	k := &callee{logging: isLogging(fn)}
	c.callees[fn] = k
	if r, ok := knowledge.NoCancel[fn.FullName()]; ok {
		k.replace, k.dropping, k.fixable = r, true, true
		return k
	}
	if k.logging {
		return k
	}
	if variant := ctxapi.ContextVariant(fn); variant != nil {
		k.replace, k.dropping = knowledge.Replacement{Variant: variant.Name()}, true
		k.fixable = types.Identical(fn.Type().(*types.Signature).Results(), variant.Type().(*types.Signature).Results())
	}
	return k
}

// buildsVariant reports whether the call is the context variant's own
// implementation: exec.CommandContext calls Command and then stores ctx in
// the command it returns. A variant that calls X and never uses its ctx
// drops it, and is still reported.
func (c *checker) buildsVariant(cur inspector.Cursor, fn *types.Func, k *callee, src *inbound.Source) bool {
	fnCur := enclosingFunc(cur)
	decl, ok := fnCur.Node().(*ast.FuncDecl)
	if !ok || decl.Name.Name != k.replace.Variant || src.Kind != inbound.Param || src.Param.Name() == "_" {
		return false
	}
	enclosing, _ := c.pass.TypesInfo.Defs[decl.Name].(*types.Func)
	if enclosing == nil || enclosing.Pkg() != fn.Pkg() {
		return false
	}
	for id := range fnCur.Preorder((*ast.Ident)(nil)) {
		if c.pass.TypesInfo.Uses[id.Node().(*ast.Ident)] == src.Param {
			return true
		}
	}
	return false
}

// attachers are the methods that give an already built value its context:
// req.WithContext(ctx), req.Clone(ctx), and the builders of generated API
// clients (params.WithContext(ctx), params.SetContext(ctx)).
var attachers = map[string]bool{"WithContext": true, "Clone": true, "SetContext": true}

// contextAttached reports whether the value the call builds gets a context
// afterwards: through a chained attacher (NewParams().WithContext(ctx)), or
// through one called on the variable it is assigned to, in the same
// function and, for a request, before it is sent (passed to Do or
// RoundTrip).
func (c *checker) contextAttached(cur inspector.Cursor, call *ast.CallExpr) bool {
	info := c.pass.TypesInfo
	// A chain of builder calls on the result: X().WithTimeout(d).WithContext(ctx).
	for up := cur; ; {
		parent, _ := ctxapi.Unparen(up)
		sel, ok := parent.Node().(*ast.SelectorExpr)
		if !ok {
			break
		}
		callCur, _ := ctxapi.Unparen(parent)
		if _, ok := callCur.Node().(*ast.CallExpr); !ok {
			break
		}
		if attachers[sel.Sel.Name] {
			return true
		}
		up = callCur
	}
	parent, _ := ctxapi.Unparen(cur)
	v, _ := ctxapi.AssignedVar(info, parent, call)
	if v == nil {
		return false
	}
	h := c.handoffsIn(enclosingFunc(cur))
	attached, sent := firstAfter(h.attach[v], call.End()), firstAfter(h.send[v], call.End())
	return attached != token.NoPos && (sent == token.NoPos || attached <= sent)
}

// handoffs are, for one function, the positions of the calls that attach
// a context to a local variable (v.WithContext(ctx)) and of those that
// send it (client.Do(v)), found in one walk: a walk per call would make a
// long function cost its length times its calls.
type handoffs struct {
	attach, send map[*types.Var][]token.Pos
}

func (c *checker) handoffsIn(fn inspector.Cursor) *handoffs {
	if h, ok := c.handoffs[fn.Node()]; ok {
		return h
	}
	info := c.pass.TypesInfo
	h := &handoffs{attach: map[*types.Var][]token.Pos{}, send: map[*types.Var][]token.Pos{}}
	varOf := func(e ast.Expr) *types.Var {
		id, ok := ast.Unparen(e).(*ast.Ident)
		if !ok {
			return nil
		}
		v, _ := info.Uses[id].(*types.Var)
		return v
	}
	for cc := range fn.Preorder((*ast.CallExpr)(nil)) {
		n := cc.Node().(*ast.CallExpr)
		callee := ctxapi.Callee(info, n)
		if callee == nil {
			continue
		}
		if sel, ok := ast.Unparen(n.Fun).(*ast.SelectorExpr); ok && attachers[callee.Name()] {
			if v := varOf(sel.X); v != nil {
				h.attach[v] = append(h.attach[v], n.Pos())
			}
		}
		if callee.Name() == "Do" || callee.Name() == "RoundTrip" {
			for _, arg := range n.Args {
				if v := varOf(arg); v != nil {
					h.send[v] = append(h.send[v], n.Pos())
				}
			}
		}
		// A call given a context with the value (api.Do(ctx, req)) hands
		// the context over with it, as client wrappers do.
		sig := signature(info, n)
		for i := range n.Args {
			if !ctxapi.TakesContext(sig, i) {
				continue
			}
			for _, arg := range n.Args {
				if v := varOf(arg); v != nil {
					h.attach[v] = append(h.attach[v], n.Pos())
				}
			}
			break
		}
	}
	c.handoffs[fn.Node()] = h
	return h
}

// firstAfter returns the first position at or after pos, or NoPos.
func firstAfter(list []token.Pos, pos token.Pos) token.Pos {
	first := token.NoPos
	for _, p := range list {
		if p >= pos && (first == token.NoPos || p < first) {
			first = p
		}
	}
	return first
}

// signature returns the type of the called function, nil for conversions
// and untyped code.
func signature(info *types.Info, call *ast.CallExpr) *types.Signature {
	if t := info.TypeOf(call.Fun); t != nil {
		sig, _ := t.Underlying().(*types.Signature)
		return sig
	}
	return nil
}

func usesVar(info *types.Info, e ast.Expr, v *types.Var) bool {
	id, ok := ast.Unparen(e).(*ast.Ident)
	return ok && info.Uses[id] == v
}

// enclosingFunc returns the cursor of the innermost function around cur.
func enclosingFunc(cur inspector.Cursor) inspector.Cursor {
	for fn := range cur.Enclosing((*ast.FuncDecl)(nil), (*ast.FuncLit)(nil)) {
		return fn
	}
	return cur
}

// reportDrop reports a call that cannot carry the caller's cancellation.
func (c *checker) reportDrop(call *ast.CallExpr, fn *types.Func, r knowledge.Replacement, fixable bool, src *inbound.Source) {
	fun := ast.Unparen(call.Fun)
	name := types.ExprString(fun)
	problem := r.Problem
	if problem == "" {
		problem = "cannot be cancelled when the caller gives up"
	}
	advice := r.Advice
	recv, isMethod := c.receiver(fun)
	if sel, ok := fun.(*ast.SelectorExpr); ok && !isMethod && len(call.Args) > 0 {
		if s := c.pass.TypesInfo.Selections[sel]; s != nil && s.Kind() == types.MethodExpr {
			recv, isMethod = call.Args[0], true // (*T).M(x, ...): the receiver is the first argument
		}
	}
	if advice == "" {
		args := "({ctx}, ...)"
		if sig, ok := fn.Type().(*types.Signature); ok && sig.Params().Len() == 0 {
			args = "({ctx})"
		}
		if isMethod {
			advice = "use {recv}." + r.Variant + args
		} else {
			advice = "use {q}" + r.Variant + args
		}
	}
	ctxName := src.Expr
	if ctxName == "" {
		ctxName = "ctx"
		advice = "name the caller's context parameter and " + advice
	}
	vars := map[string]string{"ctx": ctxName, "q": c.messageQualifier(fun, fn), "args": "..."}
	if isMethod {
		vars["recv"] = types.ExprString(recv)
	}
	d := analysis.Diagnostic{
		Pos:     call.Pos(),
		End:     call.End(),
		Message: fmt.Sprintf("%s %s; %s", name, problem, expand(advice, vars, "...")),
	}
	if ctx, ok := src.ExprAt(c.pass.Pkg, call.Pos()); ok {
		if fix, ok := c.dropFix(call, fun, r, fixable, ctx); ok {
			d.SuggestedFixes = []analysis.SuggestedFix{fix}
		}
	}
	c.rep.Report(d)
}

// receiver returns the receiver expression of a method call as written.
func (c *checker) receiver(fun ast.Expr) (ast.Expr, bool) {
	sel, ok := fun.(*ast.SelectorExpr)
	if !ok {
		return nil, false
	}
	s := c.pass.TypesInfo.Selections[sel]
	if s == nil || s.Kind() != types.MethodVal {
		return nil, false
	}
	return sel.X, true
}

// writtenQualifier returns the package qualifier of a call as written
// ("http."), "" for an unqualified call, and false for a method call.
func (c *checker) writtenQualifier(fun ast.Expr) (string, bool) {
	switch f := fun.(type) {
	case *ast.Ident:
		return "", true
	case *ast.SelectorExpr:
		if id, ok := f.X.(*ast.Ident); ok {
			if _, ok := c.pass.TypesInfo.Uses[id].(*types.PkgName); ok {
				return id.Name + ".", true
			}
		}
	}
	return "", false
}

// messageQualifier names the callee's package for a message: as written,
// or by its name for a method or a dot import.
func (c *checker) messageQualifier(fun ast.Expr, fn *types.Func) string {
	if q, ok := c.writtenQualifier(fun); ok && q != "" {
		return q
	}
	if fn.Pkg() == c.pass.Pkg {
		return ""
	}
	return fn.Pkg().Name() + "."
}

// dropFix rewrites the call to carry ctx: the sibling with ctx first, or
// the table's template.
func (c *checker) dropFix(call *ast.CallExpr, fun ast.Expr, r knowledge.Replacement, fixable bool, ctx string) (analysis.SuggestedFix, bool) {
	if !fixable {
		return analysis.SuggestedFix{}, false
	}
	if r.Fix == "" && r.Variant != "" {
		var id *ast.Ident
		switch f := fun.(type) {
		case *ast.Ident:
			id = f
		case *ast.SelectorExpr:
			if s := c.pass.TypesInfo.Selections[f]; s != nil && s.Kind() == types.MethodExpr {
				return analysis.SuggestedFix{}, false // the receiver is the first argument
			}
			id = f.Sel
		default:
			return analysis.SuggestedFix{}, false // explicit type arguments
		}
		insert := ctx
		if len(call.Args) > 0 {
			insert += ", "
		}
		return analysis.SuggestedFix{
			Message: fmt.Sprintf("Call %s with %s", r.Variant, ctx),
			TextEdits: []analysis.TextEdit{
				{Pos: id.Pos(), End: id.End(), NewText: []byte(r.Variant)},
				{Pos: call.Lparen + 1, End: call.Lparen + 1, NewText: []byte(insert)},
			},
		}, true
	}
	if r.Fix == "" {
		return analysis.SuggestedFix{}, false
	}
	vars := map[string]string{"ctx": ctx}
	if q, ok := c.writtenQualifier(fun); ok {
		vars["q"] = q
	}
	if recv, ok := c.receiver(fun); ok {
		vars["recv"] = c.source(recv)
	}
	var args []string
	for i, a := range call.Args {
		s := c.source(a)
		vars[strconv.Itoa(i)] = s
		if i == len(call.Args)-1 && call.Ellipsis.IsValid() {
			s += "..."
		}
		args = append(args, s)
	}
	vars["args"] = strings.Join(args, ", ")
	text, ok := expandAll(r.Fix, vars)
	if !ok {
		return analysis.SuggestedFix{}, false
	}
	return analysis.SuggestedFix{
		Message:   "Replace with " + text,
		TextEdits: []analysis.TextEdit{{Pos: call.Pos(), End: call.End(), NewText: []byte(text)}},
	}, true
}

// source prints an expression as Go source.
func (c *checker) source(e ast.Expr) string {
	var buf bytes.Buffer
	if err := format.Node(&buf, c.pass.Fset, e); err != nil {
		return types.ExprString(e)
	}
	return buf.String()
}

// expand fills a template's {name} placeholders; those without a value
// become missing. Other braces (Dialer{}) are literal.
func expand(tmpl string, vars map[string]string, missing string) string {
	var b strings.Builder
	for {
		open := strings.IndexByte(tmpl, '{')
		if open < 0 {
			b.WriteString(tmpl)
			return b.String()
		}
		b.WriteString(tmpl[:open])
		tmpl = tmpl[open:]
		end := strings.IndexByte(tmpl, '}')
		if end < 0 || !isPlaceholder(tmpl[1:end]) {
			b.WriteByte('{')
			tmpl = tmpl[1:]
			continue
		}
		if v, ok := vars[tmpl[1:end]]; ok {
			b.WriteString(v)
		} else {
			b.WriteString(missing)
		}
		tmpl = tmpl[end+1:]
	}
}

// expandAll is expand that fails when a placeholder has no value.
func expandAll(tmpl string, vars map[string]string) (string, bool) {
	const sentinel = "\x00"
	s := expand(tmpl, vars, sentinel)
	return s, !strings.Contains(s, sentinel)
}

func isPlaceholder(key string) bool {
	switch key {
	case "ctx", "q", "recv", "args":
		return true
	}
	_, err := strconv.Atoi(key)
	return err == nil
}

// isStored reports whether e is a context kept beyond a call: a struct
// field or a package-level variable.
func (c *checker) isStored(e ast.Expr) bool {
	info := c.pass.TypesInfo
	return ctxapi.IsKept(info, e) && ctxapi.IsContext(info.TypeOf(e), c.iface)
}

// reachedThrough reports whether the stored context hangs off the inbound
// value itself (req.Ctx where req brings the context), or off a view of it
// as a concrete type: code that walks a context's parents (switch c :=
// ctx.(type) { case *myCtx: ctx = c.parent }) reads the inbound context's
// own chain.
func (c *checker) reachedThrough(cur inspector.Cursor, e ast.Expr, src *inbound.Source) bool {
	for {
		switch x := ast.Unparen(e).(type) {
		case *ast.SelectorExpr:
			e = x.X
		case *ast.StarExpr:
			e = x.X
		case *ast.Ident:
			obj := c.pass.TypesInfo.Uses[x]
			return obj == src.Param || c.isViewOf(cur, obj, src.Param)
		default:
			return false
		}
	}
}

// isViewOf reports whether obj, a variable of the function around cur, is
// param seen through a type assertion (v, ok := param.(T)) or a type
// switch (switch v := param.(type)), whose case variables are declared at
// the switch's v.
func (c *checker) isViewOf(cur inspector.Cursor, obj types.Object, param *types.Var) bool {
	if obj == nil || param == nil {
		return false
	}
	info := c.pass.TypesInfo
	for n := range enclosingFunc(cur).Preorder((*ast.AssignStmt)(nil)) {
		as := n.Node().(*ast.AssignStmt)
		if as.Tok != token.DEFINE || len(as.Rhs) != 1 || len(as.Lhs) == 0 || as.Lhs[0].Pos() != obj.Pos() {
			continue
		}
		assert, ok := ast.Unparen(as.Rhs[0]).(*ast.TypeAssertExpr)
		if !ok {
			return false
		}
		x, ok := ast.Unparen(assert.X).(*ast.Ident)
		return ok && info.Uses[x] == param
	}
	return false
}

// writtenIn reports whether the function that owns cur stores the context
// itself (s.ctx, s.cancel = context.WithCancel(ctx); &T{ctx: ctx}): it
// then sets up a lifetime of its own on purpose.
func (c *checker) writtenIn(cur inspector.Cursor, e ast.Expr) bool {
	info := c.pass.TypesInfo
	var obj types.Object
	switch e := ast.Unparen(e).(type) {
	case *ast.SelectorExpr:
		obj = info.Uses[e.Sel]
	case *ast.Ident:
		obj = info.Uses[e]
	}
	if obj == nil {
		return false
	}
	owner := cur
	for fn := range cur.Enclosing((*ast.FuncDecl)(nil), (*ast.FuncLit)(nil)) {
		owner = fn
	}
	writes := func(lhs ast.Expr) bool {
		switch l := ast.Unparen(lhs).(type) {
		case *ast.SelectorExpr:
			return info.Uses[l.Sel] == obj
		case *ast.Ident:
			return info.Uses[l] == obj
		}
		return false
	}
	for n := range owner.Preorder((*ast.AssignStmt)(nil), (*ast.KeyValueExpr)(nil)) {
		switch n := n.Node().(type) {
		case *ast.AssignStmt:
			for _, l := range n.Lhs {
				if writes(l) {
					return true
				}
			}
		case *ast.KeyValueExpr:
			if id, ok := n.Key.(*ast.Ident); ok && info.Uses[id] == obj {
				return true
			}
		}
	}
	return false
}

// checkAssign reports a stored context copied into the inbound context's
// variable, or into a local variable that is then passed as a context.
func (c *checker) checkAssign(cur inspector.Cursor, rhs []ast.Expr) {
	for _, r := range rhs {
		if !c.isStored(r) {
			continue
		}
		v, _ := ctxapi.AssignedVar(c.pass.TypesInfo, cur, ast.Unparen(r))
		if v == nil {
			continue
		}
		src := c.inboundAt(cur)
		if src == nil || c.reachedThrough(cur, r, src) || c.writtenIn(cur, r) || c.derivedHere(cur, r, src) {
			continue
		}
		if v == src.Param && src.Kind == inbound.Param {
			c.reportOverwrite(r, src)
		} else if c.passedAsContext(cur, v) {
			c.reportStored(r, src, false)
		}
	}
}

// passedAsContext reports whether the function around cur passes v to a
// context parameter.
func (c *checker) passedAsContext(cur inspector.Cursor, v *types.Var) bool {
	info := c.pass.TypesInfo
	for cc := range enclosingFunc(cur).Preorder((*ast.CallExpr)(nil)) {
		call := cc.Node().(*ast.CallExpr)
		if ctxapi.IsWithoutCancel(info, call) {
			continue
		}
		for i, arg := range call.Args {
			if usesVar(info, arg, v) && ctxapi.TakesContext(signature(info, call), i) {
				return true
			}
		}
	}
	return false
}

func (c *checker) reportStored(e ast.Expr, src *inbound.Source, derives bool) {
	name := types.ExprString(e)
	var msg string
	switch {
	case src.Expr == "" && derives:
		msg = fmt.Sprintf("deriving from the stored context %s ignores the caller's cancellation; name the caller's context parameter and derive from it", name)
	case src.Expr == "":
		msg = fmt.Sprintf("passing the stored context %s ignores the caller's cancellation; name the caller's context parameter and pass it", name)
	case derives:
		msg = fmt.Sprintf("deriving from the stored context %s ignores the cancellation of %s; derive from %s", name, src.Expr, src.Expr)
	default:
		msg = fmt.Sprintf("passing the stored context %s ignores the cancellation of %s; pass %s", name, src.Expr, src.Expr)
	}
	c.reportReplace(e, msg, src)
}

func (c *checker) reportOverwrite(e ast.Expr, src *inbound.Source) {
	name := src.Param.Name()
	msg := fmt.Sprintf("assigning the stored context %s to %s drops the caller's cancellation; keep %s", types.ExprString(e), name, name)
	c.rep.Report(analysis.Diagnostic{Pos: e.Pos(), End: e.End(), Message: msg})
}

// reportReplace reports e and offers to replace it with the inbound context.
func (c *checker) reportReplace(e ast.Expr, msg string, src *inbound.Source) {
	d := analysis.Diagnostic{Pos: e.Pos(), End: e.End(), Message: msg}
	if ctx, ok := src.ExprAt(c.pass.Pkg, e.Pos()); ok {
		d.SuggestedFixes = []analysis.SuggestedFix{{
			Message:   fmt.Sprintf("Replace %s with %s", types.ExprString(e), ctx),
			TextEdits: []analysis.TextEdit{{Pos: e.Pos(), End: e.End(), NewText: []byte(ctx)}},
		}}
	}
	c.rep.Report(d)
}
