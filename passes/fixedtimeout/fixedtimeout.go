package fixedtimeout

import (
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
	"time"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ast/inspector"

	"github.com/budgetlint/budgetlint/internal/ctxapi"
	"github.com/budgetlint/budgetlint/internal/ctxflow"
	"github.com/budgetlint/budgetlint/internal/onpath"
	"github.com/budgetlint/budgetlint/internal/price"
	"github.com/budgetlint/budgetlint/internal/report"
	"github.com/budgetlint/budgetlint/passes/inbound"
)

var Analyzer = onpath.Analyzer(&analysis.Analyzer{
	Name: "fixedtimeout",
	Doc:  analyzerDoc,
	Run:  run,
})

type checker struct {
	onpath.Base
	// consults caches, per function, whether it reads a context's deadline.
	consults map[ast.Node]bool
	// streams caches, per function, whether it serves a stream: a loop in
	// it checks the caller's context.
	streams map[ast.Node]bool
	// locals indexes, per top-level function, where its local variables
	// are assigned and used.
	locals *ctxflow.Locals
	// defaults holds the package's variables given a value where they are
	// declared and never assigned in the package (var pollEvery = 100 *
	// time.Millisecond), with that value; built on first use.
	defaults map[*types.Var]ast.Expr
}

// waitLength returns the constant duration e stands for, or the value a
// package variable it names is declared with and never changed from in
// the package (a default interval); 0 when unknown.
func (c *checker) waitLength(e ast.Expr) time.Duration {
	if d := report.Duration(c.Pass.TypesInfo, e); d > 0 {
		return d
	}
	id, ok := ast.Unparen(e).(*ast.Ident)
	if !ok {
		return 0
	}
	v, ok := c.Pass.TypesInfo.Uses[id].(*types.Var)
	if !ok || v.Parent() != c.Pass.Pkg.Scope() {
		return 0
	}
	if c.defaults == nil {
		c.defaults = packageDefaults(c.Pass, c.Insp)
	}
	return report.Duration(c.Pass.TypesInfo, c.defaults[v])
}

// packageDefaults indexes the package variables declared with a value and
// never assigned, incremented or addressed in the package.
func packageDefaults(pass *analysis.Pass, insp *inspector.Inspector) map[*types.Var]ast.Expr {
	info := pass.TypesInfo
	out := map[*types.Var]ast.Expr{}
	var changed []*types.Var
	for cur := range insp.Root().Preorder((*ast.ValueSpec)(nil), (*ast.Ident)(nil)) {
		switch n := cur.Node().(type) {
		case *ast.ValueSpec:
			for i, id := range n.Names {
				if v, ok := info.Defs[id].(*types.Var); ok && v.Parent() == pass.Pkg.Scope() && len(n.Names) == len(n.Values) {
					out[v] = n.Values[i]
				}
			}
		case *ast.Ident:
			_, incDec := cur.Parent().Node().(*ast.IncDecStmt)
			if v, ok := info.Uses[n].(*types.Var); ok && v.Parent() == pass.Pkg.Scope() && (ctxflow.IsAssigned(cur) || ctxflow.IsAddressed(cur) || incDec) {
				changed = append(changed, v)
			}
		}
	}
	for _, v := range changed {
		delete(out, v)
	}
	return out
}

func run(pass *analysis.Pass) (any, error) {
	c := &checker{
		Base:     onpath.Start(pass),
		consults: map[ast.Node]bool{},
		streams:  map[ast.Node]bool{},
		locals:   ctxflow.NewLocals(pass.TypesInfo),
	}
	if c.In.Empty() {
		return nil, nil // no request path in the package
	}
	info := pass.TypesInfo
	filter := []ast.Node{(*ast.CallExpr)(nil), (*ast.SelectStmt)(nil), (*ast.UnaryExpr)(nil), (*ast.RangeStmt)(nil)}
	for cur := range c.Insp.Root().Preorder(filter...) {
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
	if c.Rep.Generated(cur.Node().Pos()) {
		return nil, inbound.Site{}
	}
	site := c.In.At(cur)
	if site.Context == nil || site.Detached || site.Watched || site.InTest {
		return nil, site
	}
	return site.Context, site
}

// reportAt reports message at the node at, priced by timeout (see priced).
func (c *checker) reportAt(at ast.Node, message string, timeout ast.Expr) {
	c.Rep.Report(c.priced(analysis.Diagnostic{Pos: at.Pos(), End: at.End(), Message: message}, timeout))
}

// priced gives d the value of timeout, the duration the code fixes (nil
// where it fixes none), so that explain prices the finding with it.
func (c *checker) priced(d analysis.Diagnostic, timeout ast.Expr) analysis.Diagnostic {
	return c.Rep.Priced(d, price.Values{Timeout: report.Duration(c.Pass.TypesInfo, timeout)})
}

// onPath reports whether the pass looks at the code at cur at all.
func (c *checker) onPath(cur inspector.Cursor) bool {
	src, _ := c.inboundAt(cur)
	return src != nil
}

// duration names a duration as Go prints it ("1.5s") when it is constant,
// and reports whether it is.
func (c *checker) duration(e ast.Expr) (string, bool) {
	if tv, ok := c.Pass.TypesInfo.Types[e]; ok && tv.Value != nil {
		if v, exact := constant.Int64Val(constant.ToInt(tv.Value)); exact {
			return time.Duration(v).String(), true
		}
	}
	return types.ExprString(e), false
}

// isContextMethod reports whether call is x.name() on a context.
func (c *checker) isContextMethod(call *ast.CallExpr, name string) bool {
	return ctxapi.IsContextMethod(c.Pass.TypesInfo, c.Iface, call, name)
}

// wait is a blocking wait on a fixed timer.
type wait struct {
	node ast.Node // what the finding points at
	d    ast.Expr // the duration, nil when unknown
	on   string   // the channel waited on ("time.After", "ticker.C"); empty for time.Sleep
	// periodic marks a ticker's channel: it fires again and again.
	periodic bool
	// within is the duration of the quickest timer of the same select,
	// nil when unknown: the select waits no longer than that.
	within ast.Expr
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
	info := c.Pass.TypesInfo
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
		if e.Sel.Name != "C" || !ctxapi.IsTimeType(info.TypeOf(e.X), "Timer", "Ticker") {
			return wait{}, false
		}
		w := wait{node: e, on: types.ExprString(e), periodic: ctxapi.IsTimeType(info.TypeOf(e.X), "Ticker")}
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
	v, _ := c.Pass.TypesInfo.Uses[id].(*types.Var)
	if v == nil || v.IsField() || v.Parent() == nil || v.Parent() == c.Pass.Pkg.Scope() {
		return nil
	}
	top, ok := outermostFunc(cur)
	if !ok {
		return nil
	}
	var out []ast.Expr
	for _, a := range c.locals.Of(top).Assigns[v] {
		out = append(out, a.Value)
	}
	return out
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
