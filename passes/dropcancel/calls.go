package dropcancel

// The first rule: a call that cannot carry the caller's cancellation where
// a form that can exists (the knowledge table, or an XContext sibling).

import (
	"bytes"
	"fmt"
	"go/ast"
	"go/constant"
	"go/format"
	"go/token"
	"go/types"
	"slices"
	"strconv"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ast/inspector"

	"github.com/budgetlint/budgetlint/internal/ctxapi"
	"github.com/budgetlint/budgetlint/internal/ctxflow"
	"github.com/budgetlint/budgetlint/internal/knowledge"
	"github.com/budgetlint/budgetlint/internal/report"
	"github.com/budgetlint/budgetlint/passes/inbound"
)

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
	if variant := ctxapi.ContextVariant(fn); variant != nil && !c.Uses.Ignores(variant, 0) && !c.Uses.Polls(variant) && !knowledge.KeepsContext(variant.Origin().FullName()) && !inbound.TestDouble(fn.Pkg().Path()) {
		// A variant whose context reaches nothing that observes it (it
		// reads /proc, or calls fn), or that cannot report cancellation
		// (ctxapi.ReportsNoCancel), carries no more than fn does; one
		// that only polls fn until it answers makes fn the one-shot
		// question, not a form without a context; one
		// that keeps it as its result's lifetime (go-oidc's
		// VerifierContext) would end the result with the request; and
		// a test double's (bufconn's in-memory Dial) waits on nothing
		// but the process itself.
		k.replace, k.dropping = knowledge.Replacement{Variant: variant.Name()}, true
		k.fixable = types.Identical(fn.Type().(*types.Signature).Results(), variant.Type().(*types.Signature).Results())
	}
	return k
}

// checkDrop reports a call to fn, which cannot carry cancellation, unless
// the value it builds gets a context afterwards or it is fn's own context
// variant.
func (c *checker) checkDrop(cur inspector.Cursor, call *ast.CallExpr, fn *types.Func, k *callee) {
	src := c.inboundAt(cur)
	if src == nil || c.contextAttached(cur, call) || c.boundReceiver(cur, call) || c.neverSent(cur, call) || c.buildsVariant(cur, fn, k, src) || c.localDial(cur, fn, call) || c.deadlineBound(cur, fn, call) || c.lazy(cur, fn) || ctxflow.IsNilGuard(c.Pass.TypesInfo, cur) || c.daemon(cur, fn) || c.commandContextUnread(fn) {
		return
	}
	c.reportDrop(cur, call, fn, k.replace, k.fixable, src)
}

// commandContextUnread reports whether fn is a method of a command-line
// framework's command (cobra's Execute, beside ExecuteContext) in a
// package that never reads a command's context (cmd.Context()): the
// context form only hands ctx to the commands that way, and these
// commands take what they need from their closures, so it would set a
// context nobody reads.
func (c *checker) commandContextUnread(fn *types.Func) bool {
	recv := fn.Type().(*types.Signature).Recv()
	if recv == nil || !inbound.IsCommand(recv.Type()) {
		return false
	}
	if c.commandContextRead == nil {
		read := false
		for cur := range c.Insp.Root().Preorder((*ast.SelectorExpr)(nil)) {
			sel := cur.Node().(*ast.SelectorExpr)
			if sel.Sel.Name == "Context" && inbound.IsCommand(c.Pass.TypesInfo.TypeOf(sel.X)) {
				read = true
				break
			}
		}
		c.commandContextRead = &read
	}
	return !*c.commandContextRead
}

// lazy reports whether fn returns at once unless told to block, and the
// function around the call never tells it to (knowledge.BlockingOnly): its
// context sibling's context would bound nothing.
func (c *checker) lazy(cur inspector.Cursor, fn *types.Func) bool {
	options, ok := knowledge.BlockingOnly[fn.FullName()]
	if !ok {
		return false
	}
	top := cur
	for d := range cur.Enclosing((*ast.FuncDecl)(nil), (*ast.FuncLit)(nil)) {
		top = d
	}
	for n := range top.Preorder((*ast.CallExpr)(nil)) {
		if opt := ctxapi.Callee(c.Pass.TypesInfo, n.Node().(*ast.CallExpr)); opt != nil && slices.Contains(options, opt.FullName()) {
			return false
		}
	}
	return true
}

// daemon reports whether the command exec.Command (or CommandContext)
// builds at cur outlives the function: it is returned or stored in a field
// (the caller or the component runs it), started without a Wait here (a
// daemon), or run only in a goroutine. exec.CommandContext(ctx) would kill
// such a process with the request; the plain form, or a component's
// lifetime context, is what the code means.
func (c *checker) daemon(cur inspector.Cursor, fn *types.Func) bool {
	if fn == nil || fn.FullName() != "os/exec.Command" && fn.FullName() != "os/exec.CommandContext" {
		return false
	}
	info := c.Pass.TypesInfo
	if ctxflow.Returned(cur) {
		return true
	}
	var cmd *types.Var
	if lhs, ok := ctxflow.AssignedTo(cur); ok {
		if ctxapi.IsKept(info, lhs) {
			return true
		}
		cmd = ctxflow.VarOf(info, lhs)
	}
	if cmd == nil {
		return false // exec.Command(...).Run(): run here and now
	}
	var body inspector.Cursor
	for f := range cur.Enclosing((*ast.FuncDecl)(nil), (*ast.FuncLit)(nil)) {
		body = f
		break
	}
	outlives, runs, starts, waits := false, false, false, false
	for id := range body.Preorder((*ast.Ident)(nil)) {
		if info.Uses[id.Node().(*ast.Ident)] != cmd {
			continue
		}
		later := false // in a goroutine or a closure of this function
		for e := range id.Enclosing((*ast.GoStmt)(nil), (*ast.FuncLit)(nil), (*ast.FuncDecl)(nil)) {
			_, isGo := e.Node().(*ast.GoStmt)
			_, isLit := e.Node().(*ast.FuncLit)
			later = (isGo || isLit) && e.Node() != body.Node()
			break
		}
		p, _ := ctxflow.Unparen(id)
		switch n := p.Node().(type) {
		case *ast.ReturnStmt:
			outlives = true
		case *ast.SelectorExpr:
			switch n.Sel.Name {
			case "Run", "Output", "CombinedOutput":
				runs = runs || !later
				outlives = outlives || later
			case "Start":
				starts = starts || !later
				outlives = outlives || later
			case "Wait":
				waits = waits || !later
			}
		case *ast.AssignStmt, *ast.KeyValueExpr:
			outlives = outlives || ctxflow.KeptValue(info, id)
		}
	}
	if runs || starts && waits {
		return false
	}
	return outlives || starts
}

// localDial reports whether call (net's or crypto/tls's) dials a local
// socket: its network argument is a constant naming a unix socket
// (net.Dial("unix", path)), or its address this host's (loopbackAddress). A
// local connect does not wait on the network, so there is nothing for the
// caller's cancellation to stop.
func (c *checker) localDial(cur inspector.Cursor, fn *types.Func, call *ast.CallExpr) bool {
	if fn.Pkg() == nil || !strings.HasPrefix(fn.Name(), "Dial") {
		return false
	}
	first := 0 // the network's argument
	switch fn.Pkg().Path() {
	case "net":
	case "crypto/tls":
		if fn.Name() == "DialWithDialer" {
			first = 1 // tls.DialWithDialer(dialer, network, addr, config)
		}
	default:
		return false
	}
	if len(call.Args) <= first {
		return false
	}
	network := call.Args[first]
	if c.localNetwork(network) || len(call.Args) > first+1 && c.loopbackAddress(cur, call.Args[first+1]) {
		return true
	}
	// A network held in a variable, dialled where it is known to be local:
	// case "unix": net.Dial(cli.proto, ...) in a switch on it, or the body
	// of if proto == "unix".
	name := types.ExprString(ast.Unparen(network))
	for e := range cur.Enclosing((*ast.CaseClause)(nil), (*ast.IfStmt)(nil), (*ast.FuncDecl)(nil), (*ast.FuncLit)(nil)) {
		switch n := e.Node().(type) {
		case *ast.FuncDecl, *ast.FuncLit:
			return false
		case *ast.CaseClause:
			sw, ok := e.Parent().Parent().Node().(*ast.SwitchStmt) // clause, body, switch
			if ok && sw.Tag != nil && types.ExprString(ast.Unparen(sw.Tag)) == name && len(n.List) > 0 && all(n.List, c.localNetwork) {
				return true
			}
		case *ast.IfStmt:
			if b, ok := ast.Unparen(n.Cond).(*ast.BinaryExpr); ok && b.Op == token.EQL && call.Pos() >= n.Body.Pos() && call.End() <= n.Body.End() {
				if types.ExprString(ast.Unparen(b.X)) == name && c.localNetwork(b.Y) || types.ExprString(ast.Unparen(b.Y)) == name && c.localNetwork(b.X) {
					return true
				}
			}
		}
	}
	return false
}

// deadlineBound reports whether call dials with a net.Dialer whose
// Deadline this function set from a context's Deadline() (if t, ok :=
// ctx.Deadline(); ok { d.Deadline = t }; tls.DialWithDialer(d, ...)), or
// with net.DialTimeout given a timeout computed from it (time.Until(t)):
// the caller's deadline bounds the dial, and only its early cancellation
// is not carried, which CHECKS leaves alone as derived from the deadline.
func (c *checker) deadlineBound(cur inspector.Cursor, fn *types.Func, call *ast.CallExpr) bool {
	info := c.Pass.TypesInfo
	var dialer ast.Expr
	switch fn.FullName() {
	case "net.DialTimeout":
		return len(call.Args) == 3 && ctxflow.FromDeadline(info, c.Iface, enclosingFunc(cur), call.Args[2])
	case "crypto/tls.DialWithDialer":
		if len(call.Args) > 0 {
			dialer = call.Args[0]
		}
	case "(*net.Dialer).Dial":
		if sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr); ok {
			dialer = sel.X
		}
	}
	if u, ok := ast.Unparen(dialer).(*ast.UnaryExpr); ok && u.Op == token.AND {
		dialer = u.X
	}
	d := ctxflow.VarOf(info, dialer)
	if d == nil {
		return false
	}
	body := enclosingFunc(cur)
	fromDeadline := ctxflow.DeadlineVars(info, c.Iface, body) // t in t, ok := ctx.Deadline()
	for n := range body.Preorder((*ast.AssignStmt)(nil)) {
		as := n.Node().(*ast.AssignStmt)
		for i, l := range as.Lhs {
			sel, ok := ast.Unparen(l).(*ast.SelectorExpr)
			if !ok || sel.Sel.Name != "Deadline" || ctxflow.VarOf(info, sel.X) != d || len(as.Rhs) != len(as.Lhs) {
				continue
			}
			if v := ctxflow.VarOf(info, as.Rhs[i]); v != nil && fromDeadline[v] {
				return true
			}
		}
	}
	return false
}

// localNetwork reports whether e is a constant naming a local socket
// network ("unix").
func (c *checker) localNetwork(e ast.Expr) bool {
	tv := c.Pass.TypesInfo.Types[e]
	return tv.Value != nil && tv.Value.Kind() == constant.String && knowledge.IsLocalNetwork(constant.StringVal(tv.Value))
}

// loopbackAddress reports whether e is a dial address on the loopback
// interface: a constant, fmt.Sprintf of a constant format, or a constant
// joined to a port ("127.0.0.1:" + port), that starts with localhost,
// 127.0.0.1 or [::1] and a port, or net.JoinHostPort of such a host or of
// none (this host), written in place or held by a local variable given it
// once.
func (c *checker) loopbackAddress(cur inspector.Cursor, e ast.Expr) bool {
	e = ast.Unparen(e)
	if v := ctxflow.VarOf(c.Pass.TypesInfo, e); v != nil && v.Kind() == types.LocalVar {
		// addr := fmt.Sprintf("127.0.0.1:%d", port), given once.
		var assigns []ctxflow.Assignment
		for fn := range cur.Enclosing((*ast.FuncDecl)(nil)) {
			assigns = c.locals.Of(fn).Assigns[v]
		}
		if len(assigns) != 1 || assigns[0].Value == nil {
			return false
		}
		e = ast.Unparen(assigns[0].Value)
	}
	info := c.Pass.TypesInfo
	if call, ok := e.(*ast.CallExpr); ok && ctxapi.IsCallTo(info, call, "fmt", "Sprintf") && len(call.Args) > 0 {
		e = call.Args[0]
	}
	if call, ok := e.(*ast.CallExpr); ok && ctxapi.IsCallTo(info, call, "net", "JoinHostPort") && len(call.Args) == 2 {
		tv := info.Types[call.Args[0]]
		return tv.Value != nil && tv.Value.Kind() == constant.String && knowledge.IsLoopbackHost(constant.StringVal(tv.Value))
	}
	for {
		b, ok := ast.Unparen(e).(*ast.BinaryExpr)
		if !ok || b.Op != token.ADD {
			break
		}
		e = b.X // "127.0.0.1:" + port: what it starts with
	}
	tv := info.Types[e]
	return tv.Value != nil && tv.Value.Kind() == constant.String && knowledge.IsLoopbackAddress(constant.StringVal(tv.Value))
}

func all(list []ast.Expr, f func(ast.Expr) bool) bool {
	for _, e := range list {
		if !f(e) {
			return false
		}
	}
	return true
}

// buildsVariant reports whether the call is the context variant's own
// implementation: exec.CommandContext calls Command and then stores ctx in
// the command it returns; a CommandWithContext(ctx) that delegates to
// Command. The fix would call the variant from inside itself: a
// recursion. Whether the variant honours its context is a question for
// its callers (a variant that ignores it is no better than fn).
func (c *checker) buildsVariant(cur inspector.Cursor, fn *types.Func, k *callee, src *inbound.Source) bool {
	fnCur := enclosingFunc(cur)
	decl, ok := fnCur.Node().(*ast.FuncDecl)
	if !ok || decl.Name.Name != k.replace.Variant {
		return false
	}
	enclosing, _ := c.Pass.TypesInfo.Defs[decl.Name].(*types.Func)
	return enclosing != nil && enclosing.Pkg() == fn.Pkg()
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
	info := c.Pass.TypesInfo
	// A chain of builder calls on the result: X().WithTimeout(d).WithContext(ctx).
	for up := cur; ; {
		parent, _ := ctxflow.Unparen(up)
		sel, ok := parent.Node().(*ast.SelectorExpr)
		if !ok {
			break
		}
		callCur, _ := ctxflow.Unparen(parent)
		if _, ok := callCur.Node().(*ast.CallExpr); !ok {
			break
		}
		if attachers[sel.Sel.Name] {
			return true
		}
		up = callCur
	}
	parent, _ := ctxflow.Unparen(cur)
	v, _ := ctxflow.AssignedVar(info, parent, call)
	if v == nil {
		return false
	}
	h := c.handoffsIn(enclosingFunc(cur))
	attached, sent := firstAfter(h.attach[v], call.End()), firstAfter(h.send[v], call.End())
	return attached != token.NoPos && (sent == token.NoPos || attached <= sent)
}

// boundReceiver reports whether the call's receiver already carries a
// context: it is, or is a field of, a value an attacher built from one
// (c := m.Conn.WithContext(ctx); c.Store.Exec(q), or
// db.WithContext(ctx).Store.Exec(q)). Such a value runs its operations
// under that context, as gorm's, pop's and resty's do, so the plain
// method loses nothing.
func (c *checker) boundReceiver(cur inspector.Cursor, call *ast.CallExpr) bool {
	sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr)
	if !ok {
		return false
	}
	info := c.Pass.TypesInfo
	if s := info.Selections[sel]; s == nil || s.Kind() != types.MethodVal {
		return false
	}
	for e := sel.X; ; {
		switch x := ast.Unparen(e).(type) {
		case *ast.SelectorExpr:
			e = x.X
			continue
		case *ast.StarExpr:
			e = x.X
			continue
		case *ast.CallExpr:
			return attachesContext(info, x)
		case *ast.Ident:
			v := ctxflow.VarOf(info, x)
			var assigns []ctxflow.Assignment
			for fn := range cur.Enclosing((*ast.FuncDecl)(nil)) {
				assigns = c.locals.Of(fn).Assigns[v]
			}
			return v != nil && len(assigns) > 0 && !slices.ContainsFunc(assigns, func(a ctxflow.Assignment) bool {
				call, ok := ast.Unparen(a.Value).(*ast.CallExpr)
				return !ok || !attachesContext(info, call)
			})
		}
		return false
	}
}

// neverSent reports whether the call builds an *http.Request that the
// function never sends: it only reads or fills it in, itself or through
// callees that do the same (req, _ := http.NewRequest("GET",
// "http://localhost", nil); tok.SetAuthHeader(req); return
// req.Header.Get("Authorization")). No request goes out to cancel.
func (c *checker) neverSent(cur inspector.Cursor, call *ast.CallExpr) bool {
	parent, _ := ctxflow.Unparen(cur)
	v, _ := ctxflow.AssignedVar(c.Pass.TypesInfo, parent, call)
	return v != nil && c.Uses.NeverSent(v)
}

// attachesContext reports whether call is an attacher given a context
// (x.WithContext(ctx), x.SetContext(ctx)).
func attachesContext(info *types.Info, call *ast.CallExpr) bool {
	fn := ctxapi.Callee(info, call)
	if fn == nil || !attachers[fn.Name()] {
		return false
	}
	return ctxapi.GivenContext(info, call)
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
	info := c.Pass.TypesInfo
	h := &handoffs{attach: map[*types.Var][]token.Pos{}, send: map[*types.Var][]token.Pos{}}
	for cc := range fn.Preorder((*ast.CallExpr)(nil), (*ast.AssignStmt)(nil), (*ast.ReturnStmt)(nil)) {
		if ret, ok := cc.Node().(*ast.ReturnStmt); ok {
			// return req, nil: a request built for the caller, who sends
			// it and gives it a context there (createRequest's result,
			// sent with client.Do(req.WithContext(ctx))).
			for _, r := range ret.Results {
				if v := ctxflow.VarOf(info, r); v != nil && ctxapi.IsHTTPRequest(v.Type()) {
					h.attach[v] = append(h.attach[v], ret.Pos())
				}
			}
			continue
		}
		if as, ok := cc.Node().(*ast.AssignStmt); ok {
			// s.req = req: a request kept as a template is given the
			// context of each use when it is sent (s.req.WithContext(ctx)).
			if len(as.Lhs) == len(as.Rhs) {
				for i, r := range as.Rhs {
					if v := ctxflow.VarOf(info, r); v != nil && ctxapi.IsHTTPRequest(v.Type()) && ctxapi.IsKept(info, as.Lhs[i]) {
						h.attach[v] = append(h.attach[v], as.Pos())
					}
				}
			}
			continue
		}
		n := cc.Node().(*ast.CallExpr)
		// A function that attaches a context to the request it is handed
		// before sending it (ctxuse's facts).
		for i, arg := range n.Args {
			if v := ctxflow.VarOf(info, arg); v != nil && c.Uses.Attaches(n, i) {
				h.attach[v] = append(h.attach[v], n.Pos())
			}
		}
		// A call given a context with the value (api.Do(ctx, req), or a
		// function value such as opts.Do(ctx, client, req)) hands the
		// context over with it, as client wrappers do.
		sig := signature(info, n)
		for i := range n.Args {
			if !ctxapi.TakesContext(sig, i) {
				continue
			}
			for _, arg := range n.Args {
				if v := ctxflow.VarOf(info, arg); v != nil {
					h.attach[v] = append(h.attach[v], n.Pos())
				}
			}
			break
		}
		callee := ctxapi.Callee(info, n)
		if callee == nil {
			continue
		}
		if sel, ok := ast.Unparen(n.Fun).(*ast.SelectorExpr); ok && attachers[callee.Name()] {
			if v := ctxflow.VarOf(info, sel.X); v != nil {
				h.attach[v] = append(h.attach[v], n.Pos())
			}
		}
		if callee.Name() == "Do" || callee.Name() == "RoundTrip" {
			for _, arg := range n.Args {
				if v := ctxflow.VarOf(info, arg); v != nil {
					h.send[v] = append(h.send[v], n.Pos())
				}
			}
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

// reportDrop reports a call that cannot carry the caller's cancellation.
func (c *checker) reportDrop(cur inspector.Cursor, call *ast.CallExpr, fn *types.Func, r knowledge.Replacement, fixable bool, src *inbound.Source) {
	fun := ast.Unparen(call.Fun)
	name := types.ExprString(fun)
	problem := r.Problem
	if problem == "" {
		problem = "cannot be cancelled when the caller gives up"
	}
	advice := r.Advice
	recv, isMethod := c.receiver(fun)
	if sel, ok := fun.(*ast.SelectorExpr); ok && !isMethod && len(call.Args) > 0 {
		if s := c.Pass.TypesInfo.Selections[sel]; s != nil && s.Kind() == types.MethodExpr {
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
	if ctx, ok := src.ExprAt(c.Pass.Pkg, call.Pos()); ok {
		if fix, ok := c.dropFix(call, fun, r, fixable, ctx); ok {
			d.SuggestedFixes = []analysis.SuggestedFix{fix}
		}
	}
	// The same call written twice (in both branches of an if) is one
	// mistake; two lookups of different hosts need their own fixes.
	c.Rep.ReportSame(report.SameCall(cur, d.Message), c.Rep.PricedByCallerDeadline(d, cur))
}

// receiver returns the receiver expression of a method call as written.
func (c *checker) receiver(fun ast.Expr) (ast.Expr, bool) {
	sel, ok := fun.(*ast.SelectorExpr)
	if !ok {
		return nil, false
	}
	s := c.Pass.TypesInfo.Selections[sel]
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
			if _, ok := c.Pass.TypesInfo.Uses[id].(*types.PkgName); ok {
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
	if fn.Pkg() == c.Pass.Pkg {
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
			if s := c.Pass.TypesInfo.Selections[f]; s != nil && s.Kind() == types.MethodExpr {
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
	if err := format.Node(&buf, c.Pass.Fset, e); err != nil {
		return types.ExprString(e)
	}
	return buf.String()
}
