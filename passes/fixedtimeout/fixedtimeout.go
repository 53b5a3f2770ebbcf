package fixedtimeout

import (
	"fmt"
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
	"strings"
	"time"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/passes/inspect"
	"golang.org/x/tools/go/ast/inspector"

	"github.com/budgetlint/budgetlint/internal/ctxapi"
	"github.com/budgetlint/budgetlint/internal/report"
	"github.com/budgetlint/budgetlint/internal/retryloop"
	"github.com/budgetlint/budgetlint/passes/inbound"
)

var Analyzer = &analysis.Analyzer{
	Name:             "fixedtimeout",
	Doc:              "report fixed timeouts and waits that ignore the caller's deadline",
	URL:              "https://pkg.go.dev/github.com/budgetlint/budgetlint/passes/fixedtimeout",
	Requires:         []*analysis.Analyzer{inspect.Analyzer, inbound.Analyzer},
	Run:              run,
	RunDespiteErrors: true,
}

type checker struct {
	pass  *analysis.Pass
	in    *inbound.Result
	rep   *report.Reporter
	iface *types.Interface // context.Context
	// consults caches, per function, whether it reads a context's deadline.
	consults map[ast.Node]bool
	// locals caches, per top-level function, where its local variables
	// are assigned and used.
	locals map[ast.Node]*locals
}

func run(pass *analysis.Pass) (any, error) {
	in := pass.ResultOf[inbound.Analyzer].(*inbound.Result)
	if in.Empty() {
		return nil, nil // no request path in the package
	}
	insp := pass.ResultOf[inspect.Analyzer].(*inspector.Inspector)
	c := &checker{
		pass:     pass,
		in:       in,
		rep:      report.New(pass),
		iface:    ctxapi.ContextInterface(pass.Pkg),
		consults: map[ast.Node]bool{},
		locals:   map[ast.Node]*locals{},
	}
	info := pass.TypesInfo
	filter := []ast.Node{(*ast.CallExpr)(nil), (*ast.SelectStmt)(nil), (*ast.UnaryExpr)(nil), (*ast.RangeStmt)(nil)}
	for cur := range insp.Root().Preorder(filter...) {
		switch n := cur.Node().(type) {
		case *ast.CallExpr:
			switch {
			case ctxapi.IsDeadlineDerivation(info, n):
				c.checkDerivation(cur, n)
			case ctxapi.IsCallTo(info, n, "time", "Sleep") && len(n.Args) == 1:
				c.checkLoopWait(cur, wait{node: n, d: n.Args[0]})
			default:
				c.checkSetDeadline(cur, n)
			}
		case *ast.SelectStmt:
			if c.onPath(cur) {
				c.checkSelect(cur, n)
			}
		case *ast.UnaryExpr:
			if n.Op == token.ARROW && !inSelectCase(cur) && !isDrain(cur, n) && c.onPath(cur) {
				if w, ok := c.timerWait(cur, n.X); ok {
					c.checkLoopWait(cur, w)
				}
			}
		case *ast.RangeStmt:
			if c.onPath(cur) {
				if w, ok := c.timerWait(cur, n.X); ok {
					c.checkLoopWait(cur, w) // for range ticker.C: the loop is the wait
				}
			}
		}
	}
	return nil, nil
}

// inboundAt returns the caller's context at cur, or nil where the pass
// leaves code alone: off the request path, in detached goroutines, in tests
// and in generated files.
func (c *checker) inboundAt(cur inspector.Cursor) (*inbound.Source, inbound.Site) {
	if c.rep.Generated(cur.Node().Pos()) {
		return nil, inbound.Site{}
	}
	site := c.in.At(cur)
	if site.Context == nil || site.Detached || site.InTest {
		return nil, site
	}
	return site.Context, site
}

// onPath reports whether the pass looks at the code at cur at all.
func (c *checker) onPath(cur inspector.Cursor) bool {
	src, _ := c.inboundAt(cur)
	return src != nil
}

// checkDerivation reports context.WithTimeout and friends whose parent is a
// fresh root, written in place or held by a local variable.
func (c *checker) checkDerivation(cur inspector.Cursor, call *ast.CallExpr) {
	if len(call.Args) < 2 {
		return
	}
	src, _ := c.inboundAt(cur)
	if src == nil {
		return
	}
	var root *ast.CallExpr
	fixable := false
	switch p := ast.Unparen(call.Args[0]).(type) {
	case *ast.CallExpr:
		if ctxapi.IsFreshRoot(c.pass.TypesInfo, p) && !ctxapi.IsNilGuard(c.pass.TypesInfo, cur) {
			root, fixable = p, true
		}
	case *ast.Ident:
		root, fixable = c.rootHeldBy(cur, call, p)
	}
	if root == nil || c.onlyDetached(cur, call) {
		return
	}
	advice := "derive it from " + src.Expr
	if src.Expr == "" {
		advice = "name the context parameter and derive it from that"
	}
	d := analysis.Diagnostic{
		Pos:     call.Pos(),
		End:     call.End(),
		Message: fmt.Sprintf("%s on a fresh context ignores the caller's deadline; %s", c.bound(cur, call), advice),
	}
	if expr, ok := src.ExprAt(c.pass.Pkg, root.Pos()); ok && fixable {
		d.SuggestedFixes = []analysis.SuggestedFix{{
			Message:   "Derive the timeout from " + expr,
			TextEdits: []analysis.TextEdit{{Pos: root.Pos(), End: root.End(), NewText: []byte(expr)}},
		}}
	}
	c.rep.Report(d)
}

// onlyDetached reports whether the context the derivation returns is used
// only by goroutines (`go renew(ctx)`): a budget for deliberately detached
// work, made before starting it.
func (c *checker) onlyDetached(cur inspector.Cursor, call *ast.CallExpr) bool {
	parent, _ := ctxapi.Unparen(cur)
	v, _ := ctxapi.AssignedVar(c.pass.TypesInfo, parent, call)
	top, ok := outermostFunc(cur)
	if v == nil || !ok {
		return false
	}
	uses := c.localsOf(top).uses[v]
	for _, id := range uses {
		if _, inGo := enclosing(id, (*ast.GoStmt)(nil)); !inGo {
			return false
		}
	}
	return len(uses) > 0
}

// rootHeldBy returns the fresh root a local variable, the parent of the
// deadline derivation call, was assigned, and whether replacing that root
// is a safe fix (its one assignment, and the timeout its one use). A
// variable that may also hold another context is a choice made on purpose
// and is left alone.
//
// It mirrors ctxbackground, which stays silent on a root assigned to a
// variable that is the parent of a deadline derivation in the root's own
// function, reports `ctx = context.TODO()` on the inbound parameter itself,
// and leaves nil guards alone: every root is reported once.
func (c *checker) rootHeldBy(cur inspector.Cursor, call *ast.CallExpr, id *ast.Ident) (*ast.CallExpr, bool) {
	info := c.pass.TypesInfo
	v, _ := info.Uses[id].(*types.Var)
	if v == nil || v.IsField() || v.Pkg() != c.pass.Pkg || v.Parent() == c.pass.Pkg.Scope() {
		return nil, false
	}
	top, ok := outermostFunc(cur)
	if !ok {
		return nil, false
	}
	var roots []*ast.CallExpr
	l := c.localsOf(top)
	for _, a := range l.assigns[v] {
		root, ok := ast.Unparen(a.value).(*ast.CallExpr)
		if !ok || !ctxapi.IsFreshRoot(info, root) {
			return nil, false // also holds another context
		}
		rc, ok := a.stmt.FindNode(root)
		if !ok {
			return nil, false
		}
		if fn, ok := enclosing(rc, (*ast.FuncDecl)(nil), (*ast.FuncLit)(nil)); !ok || call.Pos() < fn.Node().Pos() || call.End() > fn.Node().End() {
			continue // ctxbackground reports this root itself
		}
		if site := c.in.At(rc); site.Context != nil && site.Context.Param == v {
			return nil, false // ctx = context.TODO(): ctxbackground reports the overwrite
		}
		if ctxapi.IsNilGuard(info, rc) {
			return nil, false // stands in for a missing context: nothing is lost
		}
		roots = append(roots, root)
	}
	if len(roots) == 0 {
		return nil, false
	}
	return roots[0], len(roots) == 1 && len(l.uses[v]) == 1
}

// locals are the assignments to and uses of the local variables of one
// top-level function, found in one walk of it: asking about a variable
// then costs its own assignments and uses, not a walk of the function,
// which in a long handler would make the pass quadratic.
type locals struct {
	assigns map[*types.Var][]assignment
	uses    map[*types.Var][]inspector.Cursor // identifiers, in source order
}

// assignment is one value given to a variable by an assignment or
// declaration; value is nil for one result of a multi-value call.
type assignment struct {
	stmt  inspector.Cursor // the *ast.AssignStmt or *ast.ValueSpec
	value ast.Expr
}

func (c *checker) localsOf(top inspector.Cursor) *locals {
	if l, ok := c.locals[top.Node()]; ok {
		return l
	}
	info := c.pass.TypesInfo
	l := &locals{assigns: map[*types.Var][]assignment{}, uses: map[*types.Var][]inspector.Cursor{}}
	for n := range top.Preorder((*ast.AssignStmt)(nil), (*ast.ValueSpec)(nil), (*ast.Ident)(nil)) {
		var lhs, rhs []ast.Expr
		switch s := n.Node().(type) {
		case *ast.Ident:
			if v, ok := info.Uses[s].(*types.Var); ok {
				l.uses[v] = append(l.uses[v], n)
			}
			continue
		case *ast.AssignStmt:
			lhs, rhs = s.Lhs, s.Rhs
		case *ast.ValueSpec:
			for _, id := range s.Names {
				lhs = append(lhs, id)
			}
			rhs = s.Values
		}
		if len(rhs) == 0 {
			continue // var x context.Context: no value yet
		}
		for i, e := range lhs {
			id, ok := ast.Unparen(e).(*ast.Ident)
			if !ok {
				continue
			}
			obj := info.Defs[id]
			if obj == nil {
				obj = info.Uses[id]
			}
			v, ok := obj.(*types.Var)
			if !ok {
				continue
			}
			var value ast.Expr
			if len(lhs) == len(rhs) {
				value = rhs[i]
			}
			l.assigns[v] = append(l.assigns[v], assignment{n, value})
		}
	}
	c.locals[top.Node()] = l
	return l
}

// bound describes the fixed bound a deadline derivation sets: "5s timeout",
// "timeout (s.cfg.Timeout)", "deadline (job.Due)".
func (c *checker) bound(cur inspector.Cursor, call *ast.CallExpr) string {
	arg := call.Args[1]
	fn := ctxapi.Callee(c.pass.TypesInfo, call)
	if fn.Name() == "WithDeadline" || fn.Name() == "WithDeadlineCause" {
		d := c.nowPlus(cur, arg)
		if d == nil {
			return "deadline (" + types.ExprString(arg) + ")"
		}
		arg = d
	}
	if s, ok := c.duration(arg); ok {
		return s + " timeout"
	}
	return "timeout (" + types.ExprString(arg) + ")"
}

// duration names a duration as Go prints it ("1.5s") when it is constant,
// and reports whether it is.
func (c *checker) duration(e ast.Expr) (string, bool) {
	if tv, ok := c.pass.TypesInfo.Types[e]; ok && tv.Value != nil {
		if v, exact := constant.Int64Val(constant.ToInt(tv.Value)); exact {
			return time.Duration(v).String(), true
		}
	}
	return types.ExprString(e), false
}

// nowPlus returns d for an expression time.Now().Add(d), or a local
// variable holding one, else nil.
func (c *checker) nowPlus(cur inspector.Cursor, e ast.Expr) ast.Expr {
	if id, ok := ast.Unparen(e).(*ast.Ident); ok {
		e = c.initOf(cur, id)
	}
	add, ok := ast.Unparen(e).(*ast.CallExpr)
	if !ok || len(add.Args) != 1 {
		return nil
	}
	sel, ok := ast.Unparen(add.Fun).(*ast.SelectorExpr)
	if !ok || sel.Sel.Name != "Add" {
		return nil
	}
	now, ok := ast.Unparen(sel.X).(*ast.CallExpr)
	if !ok || !ctxapi.IsCallTo(c.pass.TypesInfo, now, "time", "Now") {
		return nil
	}
	return add.Args[0]
}

// deadlineSetters are the methods that bound a connection's I/O by a time
// (net.Conn, tls.Conn, os.File, http.ResponseController, ...).
var deadlineSetters = map[string]string{
	"SetDeadline":      "deadline",
	"SetReadDeadline":  "read deadline",
	"SetWriteDeadline": "write deadline",
}

// checkSetDeadline reports conn.SetDeadline(time.Now().Add(d)) for a
// constant d in a function that never reads the caller's deadline.
func (c *checker) checkSetDeadline(cur inspector.Cursor, call *ast.CallExpr) {
	sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr)
	if !ok || len(call.Args) != 1 {
		return
	}
	kind, ok := deadlineSetters[sel.Sel.Name]
	if !ok {
		return
	}
	d := c.nowPlus(cur, call.Args[0])
	if d == nil {
		return
	}
	value, isConst := c.duration(d)
	if !isConst {
		return // a configured value: the pass only flags numbers written in the code
	}
	src, site := c.inboundAt(cur)
	if src == nil || c.consultsDeadline(cur, site.Owner) {
		return
	}
	advice := fmt.Sprintf("use %s.Deadline() when it is sooner", src.Expr)
	if src.Expr == "" {
		advice = "use the caller's context's Deadline() when it is sooner"
	}
	c.rep.Reportf(call, "%s %s on %s ignores the caller's deadline; %s", value, kind, types.ExprString(sel.X), advice)
}

// consultsDeadline reports whether the function bringing the inbound
// context reads some context's Deadline() anywhere in its body.
func (c *checker) consultsDeadline(cur inspector.Cursor, owner *inbound.Func) bool {
	if owner == nil {
		return false
	}
	if v, ok := c.consults[owner.Node]; ok {
		return v
	}
	found := false
	for fn := range cur.Enclosing((*ast.FuncDecl)(nil), (*ast.FuncLit)(nil)) {
		if fn.Node() != owner.Node {
			continue
		}
		for n := range fn.Preorder((*ast.CallExpr)(nil)) {
			if c.isContextMethod(n.Node().(*ast.CallExpr), "Deadline") {
				found = true
				break
			}
		}
		break
	}
	c.consults[owner.Node] = found
	return found
}

// isContextMethod reports whether call is x.name() on a context.
func (c *checker) isContextMethod(call *ast.CallExpr, name string) bool {
	sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr)
	if !ok || sel.Sel.Name != name || len(call.Args) != 0 {
		return false
	}
	return ctxapi.IsContext(c.pass.TypesInfo.TypeOf(sel.X), c.iface)
}

// wait is a blocking wait on a fixed timer.
type wait struct {
	node ast.Node // what the finding points at
	d    ast.Expr // the duration, nil when unknown
	on   string   // the channel waited on ("time.After", "ticker.C"); empty for time.Sleep
	// periodic marks a ticker's channel: it fires again and again.
	periodic bool
}

// describe names the wait and its duration: "500ms sleep", "sleep
// (s.interval)", "1s wait on ticker.C".
func (c *checker) describe(w wait) string {
	what := "sleep"
	if w.on != "" {
		what = "wait on " + w.on
	}
	if w.d == nil {
		return what
	}
	if s, ok := c.duration(w.d); ok {
		return s + " " + what
	}
	if w.on != "" {
		return "wait (" + types.ExprString(w.d) + ") on " + w.on
	}
	return "sleep (" + types.ExprString(w.d) + ")"
}

// timerWait recognises a channel that fires after a fixed time:
// time.After(d), time.Tick(d), t.C of a time.Timer or time.Ticker, and a
// local variable holding time.After(d) or time.Tick(d).
func (c *checker) timerWait(cur inspector.Cursor, ch ast.Expr) (wait, bool) {
	info := c.pass.TypesInfo
	switch e := ast.Unparen(ch).(type) {
	case *ast.CallExpr:
		for _, name := range []string{"After", "Tick"} {
			if ctxapi.IsCallTo(info, e, "time", name) && len(e.Args) == 1 {
				// time.After written in a loop's select is made anew each
				// time round: it fires as a ticker does.
				return wait{node: e, d: e.Args[0], on: "time." + name, periodic: true}, true
			}
		}
	case *ast.SelectorExpr:
		if e.Sel.Name != "C" || !isTimeType(info.TypeOf(e.X), "Timer", "Ticker") {
			return wait{}, false
		}
		w := wait{node: e, on: types.ExprString(e), periodic: isTimeType(info.TypeOf(e.X), "Ticker")}
		if id, ok := ast.Unparen(e.X).(*ast.Ident); ok {
			if init, ok := c.initOf(cur, id).(*ast.CallExpr); ok && len(init.Args) == 1 &&
				(ctxapi.IsCallTo(info, init, "time", "NewTimer") || ctxapi.IsCallTo(info, init, "time", "NewTicker")) {
				w.d = init.Args[0]
			}
		}
		return w, true
	case *ast.Ident:
		if init, ok := c.initOf(cur, e).(*ast.CallExpr); ok {
			if w, ok := c.timerWait(cur, init); ok {
				w.node = e
				w.periodic = w.on == "time.Tick" // made once, outside the select
				return w, true
			}
		}
	}
	return wait{}, false
}

// isTimeType reports whether t is *time.<name> or time.<name> for one of
// names.
func isTimeType(t types.Type, names ...string) bool {
	if t == nil {
		return false
	}
	if p, ok := types.Unalias(t).(*types.Pointer); ok {
		t = p.Elem()
	}
	named, ok := types.Unalias(t).(*types.Named)
	if !ok || named.Obj().Pkg() == nil || named.Obj().Pkg().Path() != "time" {
		return false
	}
	for _, n := range names {
		if named.Obj().Name() == n {
			return true
		}
	}
	return false
}

// initOf returns the one value assigned to the local variable id names,
// nil if it is assigned more than once or not found.
func (c *checker) initOf(cur inspector.Cursor, id *ast.Ident) ast.Expr {
	if vals := c.values(cur, id); len(vals) == 1 {
		return vals[0]
	}
	return nil
}

// values returns every value assigned to the local variable id names (nil
// for one result of a multi-value call).
func (c *checker) values(cur inspector.Cursor, id *ast.Ident) []ast.Expr {
	v, _ := c.pass.TypesInfo.Uses[id].(*types.Var)
	if v == nil || v.IsField() || v.Parent() == nil || v.Parent() == c.pass.Pkg.Scope() {
		return nil
	}
	top, ok := outermostFunc(cur)
	if !ok {
		return nil
	}
	var out []ast.Expr
	for _, a := range c.localsOf(top).assigns[v] {
		out = append(out, a.value)
	}
	return out
}

// checkSelect reports a select that waits on a fixed timeout with no case
// on a context's Done(). A select whose cases are all timers is a sleep,
// and a ticker case that leaves the select's loop running is pacing: both
// are judged as loop waits. A one-shot timer that starts work and keeps
// the loop going (a fallback trigger) is not a timeout.
func (c *checker) checkSelect(cur inspector.Cursor, sel *ast.SelectStmt) {
	var first, timeout, pacing *wait
	onlyTimers := true
	for _, stmt := range sel.Body.List {
		cc, ok := stmt.(*ast.CommClause)
		if !ok {
			continue
		}
		if cc.Comm == nil {
			return // a default case: the select polls, it does not wait
		}
		ch := received(cc.Comm)
		if ch == nil {
			onlyTimers = false // a send
			continue
		}
		if c.isDone(cur, ch) {
			return
		}
		w, ok := c.timerWait(cur, ch)
		if ok && first == nil {
			first = &w
		}
		switch {
		case !ok:
			onlyTimers = false
		case c.endsWait(cur, cc):
			if timeout == nil {
				timeout = &w
			}
		case w.periodic && pacing == nil:
			pacing = &w
		}
	}
	switch {
	case first == nil:
		return
	case onlyTimers:
		c.checkLoopWait(cur, *first)
		return
	case timeout == nil:
		if pacing != nil {
			c.checkLoopWait(cur, *pacing)
		}
		return
	}
	if c.inRetryLoop(cur) {
		return // the wait of a retry loop: retrybudget's
	}
	src, _ := c.inboundAt(cur)
	if src == nil {
		return
	}
	done := src.Expr + ".Done()"
	if src.Expr == "" {
		done = "the caller's context's Done()"
	}
	waits := "waits"
	if timeout.d != nil {
		waits += " " + types.ExprString(timeout.d)
		if s, ok := c.duration(timeout.d); ok {
			waits = "waits " + s
		}
	}
	c.rep.Reportf(timeout.node, "select %s on %s with no case on %s, so it ignores the caller's deadline; add a case <-%s",
		waits, timeout.on, done, done)
}

// endsWait reports whether the select case cc, when its timer fires, ends
// the wait: the select stands outside any loop, or the case leaves the
// loop (return, a labelled break, goto, panic, or an assignment to a
// variable of the loop's condition).
func (c *checker) endsWait(cur inspector.Cursor, cc *ast.CommClause) bool {
	loop, ok := innermostLoop(cur)
	if !ok {
		return true
	}
	info := c.pass.TypesInfo
	condVars := map[types.Object]bool{}
	if fs, ok := loop.Node().(*ast.ForStmt); ok && fs.Cond != nil {
		ast.Inspect(fs.Cond, func(n ast.Node) bool {
			if id, ok := n.(*ast.Ident); ok && info.Uses[id] != nil {
				condVars[info.Uses[id]] = true
			}
			return true
		})
	}
	found := false
	for _, stmt := range cc.Body {
		ast.Inspect(stmt, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.FuncLit:
				return false
			case *ast.ReturnStmt:
				found = true
			case *ast.BranchStmt:
				found = found || n.Tok == token.GOTO || (n.Tok == token.BREAK && n.Label != nil)
			case *ast.CallExpr:
				found = found || exits(info, n)
			case *ast.AssignStmt:
				for _, l := range n.Lhs {
					if id, ok := ast.Unparen(l).(*ast.Ident); ok && condVars[info.Uses[id]] {
						found = true
					}
				}
			}
			return !found
		})
	}
	return found
}

// exits reports whether call does not return: panic, os.Exit, log.Fatal
// and its kin.
func exits(info *types.Info, call *ast.CallExpr) bool {
	if id, ok := ast.Unparen(call.Fun).(*ast.Ident); ok {
		_, builtin := info.Uses[id].(*types.Builtin)
		return builtin && id.Name == "panic"
	}
	fn := ctxapi.Callee(info, call)
	if fn == nil || fn.Pkg() == nil {
		return false
	}
	return ctxapi.IsFunc(fn, "os", "Exit") || (fn.Pkg().Path() == "log" && strings.HasPrefix(fn.Name(), "Fatal"))
}

// received returns the channel a select case receives from, nil for a send.
func received(comm ast.Stmt) ast.Expr {
	var e ast.Expr
	switch s := comm.(type) {
	case *ast.ExprStmt:
		e = s.X
	case *ast.AssignStmt:
		if len(s.Rhs) == 1 {
			e = s.Rhs[0]
		}
	}
	if u, ok := ast.Unparen(e).(*ast.UnaryExpr); ok && u.Op == token.ARROW {
		return u.X
	}
	return nil
}

// inSelectCase reports whether the receive at cur is the communication of
// a select case, which checkSelect judges with its siblings.
func inSelectCase(cur inspector.Cursor) bool {
	stmt, _ := ctxapi.Unparen(cur)
	if as, ok := stmt.Node().(*ast.AssignStmt); ok && len(as.Rhs) == 1 {
		// v := <-ch and v, ok = <-ch
	} else if _, ok := stmt.Node().(*ast.ExprStmt); !ok {
		return false
	}
	cc, ok := stmt.Parent().Node().(*ast.CommClause)
	return ok && cc.Comm == stmt.Node()
}

// isDrain reports whether the receive at cur empties a stopped timer's
// channel (`if !t.Stop() { <-t.C }`): it does not wait.
func isDrain(cur inspector.Cursor, recv *ast.UnaryExpr) bool {
	sel, ok := ast.Unparen(recv.X).(*ast.SelectorExpr)
	if !ok || sel.Sel.Name != "C" {
		return false
	}
	ifCur, ok := enclosing(cur, (*ast.IfStmt)(nil))
	if !ok {
		return false
	}
	not, ok := ast.Unparen(ifCur.Node().(*ast.IfStmt).Cond).(*ast.UnaryExpr)
	if !ok || not.Op != token.NOT {
		return false
	}
	stop, ok := ast.Unparen(not.X).(*ast.CallExpr)
	if !ok {
		return false
	}
	fn, ok := ast.Unparen(stop.Fun).(*ast.SelectorExpr)
	return ok && fn.Sel.Name == "Stop" && types.ExprString(fn.X) == types.ExprString(sel.X)
}

// isDone reports whether ch is a context's Done() channel, called in place
// or held by a local variable.
func (c *checker) isDone(cur inspector.Cursor, ch ast.Expr) bool {
	switch e := ast.Unparen(ch).(type) {
	case *ast.CallExpr:
		return c.isContextMethod(e, "Done")
	case *ast.Ident:
		for _, v := range c.values(cur, e) {
			if call, ok := ast.Unparen(v).(*ast.CallExpr); ok && c.isContextMethod(call, "Done") {
				return true // done := ctx.Done(), perhaps set to nil later
			}
		}
	}
	return false
}

// checkLoopWait reports a fixed wait (time.Sleep, <-time.After(d),
// <-ticker.C) repeated by a loop that never checks a context: polling or
// pacing that runs on after the caller has gone. A single wait outside any
// loop is deliberate, and the wait of a retry loop is retrybudget's.
func (c *checker) checkLoopWait(cur inspector.Cursor, w wait) {
	loop, ok := innermostLoop(cur)
	if !ok {
		return // a single deliberate wait
	}
	src, _ := c.inboundAt(cur)
	if src == nil || c.inRetryLoop(loop) || c.loopChecksContext(cur) {
		return
	}
	name, done := src.Expr, src.Expr+".Done()"
	if name == "" {
		name, done = "the caller's context", "its Done()"
	}
	c.rep.Reportf(w.node, "%s in a loop that never checks %s ignores the caller's deadline and cancellation; wait in a select on %s and a timer",
		c.describe(w), name, done)
}

// loopChecksContext reports whether a loop around cur, within its function,
// asks a context whether it is done.
func (c *checker) loopChecksContext(cur inspector.Cursor) bool {
	for l := range cur.Enclosing((*ast.ForStmt)(nil), (*ast.RangeStmt)(nil), (*ast.FuncDecl)(nil), (*ast.FuncLit)(nil)) {
		switch l.Node().(type) {
		case *ast.FuncDecl, *ast.FuncLit:
			return false
		}
		if c.checksContext(l) {
			return true
		}
	}
	return false
}

// checksContext reports whether the loop at cur (its condition included)
// asks a context whether it is done: Err(), Done(), Deadline(),
// context.Cause, or an error compared with context.Canceled or
// DeadlineExceeded.
func (c *checker) checksContext(loop inspector.Cursor) bool {
	info := c.pass.TypesInfo
	for n := range loop.Preorder((*ast.CallExpr)(nil), (*ast.BinaryExpr)(nil)) {
		switch n := n.Node().(type) {
		case *ast.CallExpr:
			if c.isContextMethod(n, "Err") || c.isContextMethod(n, "Done") || c.isContextMethod(n, "Deadline") ||
				ctxapi.IsCallTo(info, n, "context", "Cause") {
				return true
			}
			// errors.Is(err, context.Canceled): the loop asks whether a
			// call it made ended because the context did.
			if ctxapi.IsCallTo(info, n, "errors", "Is") && len(n.Args) == 2 && ctxapi.ContextError(info, n.Args[1]) != "" {
				return true
			}
		case *ast.BinaryExpr:
			if (n.Op == token.EQL || n.Op == token.NEQ) && (ctxapi.ContextError(info, n.X) != "" || ctxapi.ContextError(info, n.Y) != "") {
				return true
			}
		}
	}
	return false
}

// innermostLoop returns the nearest for or range statement around cur (cur
// itself included) within the same function.
// inRetryLoop reports whether a loop around cur, within its function, is a
// retry loop: a wait in a nested loop that continues an outer retry is
// that retry's wait, and retrybudget's finding.
func (c *checker) inRetryLoop(cur inspector.Cursor) bool {
	for l := range cur.Enclosing((*ast.ForStmt)(nil), (*ast.RangeStmt)(nil), (*ast.FuncDecl)(nil), (*ast.FuncLit)(nil)) {
		switch l.Node().(type) {
		case *ast.FuncDecl, *ast.FuncLit:
			return false
		}
		if retryloop.Is(c.pass.TypesInfo, l.Node()) {
			return true
		}
	}
	return false
}

func innermostLoop(cur inspector.Cursor) (inspector.Cursor, bool) {
	for l := range cur.Enclosing((*ast.ForStmt)(nil), (*ast.RangeStmt)(nil), (*ast.FuncDecl)(nil), (*ast.FuncLit)(nil)) {
		switch l.Node().(type) {
		case *ast.ForStmt, *ast.RangeStmt:
			return l, true
		}
		break
	}
	return inspector.Cursor{}, false
}

// enclosing returns the nearest ancestor of cur of one of the types.
func enclosing(cur inspector.Cursor, kinds ...ast.Node) (inspector.Cursor, bool) {
	for c := range cur.Enclosing(kinds...) {
		return c, true
	}
	return inspector.Cursor{}, false
}

// outermostFunc returns the top-level function around cur: every local
// variable used at cur is declared and assigned inside it.
func outermostFunc(cur inspector.Cursor) (inspector.Cursor, bool) {
	var top inspector.Cursor
	found := false
	for fn := range cur.Enclosing((*ast.FuncDecl)(nil), (*ast.FuncLit)(nil)) {
		top, found = fn, true
	}
	return top, found
}
