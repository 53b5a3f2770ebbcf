package retrybudget

import (
	"fmt"
	"go/ast"
	"go/types"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ast/inspector"

	"github.com/budgetlint/budgetlint/internal/ctxapi"
	"github.com/budgetlint/budgetlint/internal/ctxflow"
	"github.com/budgetlint/budgetlint/internal/onpath"
	"github.com/budgetlint/budgetlint/internal/retryloop"
	"github.com/budgetlint/budgetlint/passes/inbound"
)

var Analyzer = onpath.Analyzer(&analysis.Analyzer{
	Name: "retrybudget",
	Doc:  analyzerDoc,
	Run:  run,
})

type checker struct {
	onpath.Base
	// decls maps the package's functions to their declarations, built on
	// first use, to look inside same-package wait helpers.
	decls map[*types.Func]*ast.FuncDecl
	// body is the body of the function that owns the inbound context of
	// the code being checked: closures and deadlines are looked up there.
	body *ast.BlockStmt
	// owner is the function of that body.
	owner inspector.Cursor
	// budgetVarsOf caches budgetVars by body.
	budgetVarsOf map[*ast.BlockStmt]map[*types.Var]bool
	// locals indexes the assignments of each owner checked.
	locals *ctxflow.Locals
	// bodyChecks remembers which helper bodies check a context.
	bodyChecks map[*ast.BlockStmt]bool
}

func run(pass *analysis.Pass) (any, error) {
	c := &checker{Base: onpath.Start(pass), locals: ctxflow.NewLocals(pass.TypesInfo)}
	if c.In.Empty() || !c.In.ContextReachable() {
		return nil, nil // no request path: nothing to report
	}
	for cur := range c.Insp.Root().Preorder((*ast.ForStmt)(nil), (*ast.RangeStmt)(nil), (*ast.CallExpr)(nil)) {
		switch n := cur.Node().(type) {
		case *ast.CallExpr:
			c.checkHelper(cur, n)
		default:
			c.checkLoop(cur)
		}
	}
	return nil, nil
}

// inbound returns the request's context at cur, nil where the pass leaves
// the code alone: off the request path, in detached goroutines, in tests
// and in generated files.
func (c *checker) inbound(cur inspector.Cursor) (*inbound.Source, *inbound.Func) {
	if c.Rep.Generated(cur.Node().Pos()) {
		return nil, nil
	}
	site := c.In.At(cur)
	if site.Context == nil || site.Detached || site.InTest {
		return nil, nil
	}
	return site.Context, site.Owner
}

// enter makes owner, the function of the inbound context at cur, the one
// whose closures, deadlines and assignments the checks look up.
func (c *checker) enter(cur inspector.Cursor, owner *inbound.Func) {
	c.body, c.owner = owner.Body(), inspector.Cursor{}
	for fn := range cur.Enclosing((*ast.FuncDecl)(nil), (*ast.FuncLit)(nil)) {
		if fn.Node() == owner.Node {
			c.owner = fn
			return
		}
	}
}

// checkLoop reports a retry loop that never consults the budget.
func (c *checker) checkLoop(cur inspector.Cursor) {
	src, owner := c.inbound(cur)
	if src == nil {
		return
	}
	info := c.Pass.TypesInfo
	node := cur.Node()
	if l, ok := cur.Parent().Node().(*ast.LabeledStmt); ok {
		node = l // so that `continue label` is understood
	}
	c.enter(cur, owner)
	loop := retryloop.Analyze(info, c.In.Exits(), node, c.resolve)
	if loop == nil {
		return
	}
	if c.budgeted(loop) {
		return
	}
	if c.failsFast(loop) || c.detachedOnPurpose(loop) {
		return
	}
	check, wait := advice(src)
	var msg string
	switch {
	case loop.OnCancel != nil:
		what, when := "context.DeadlineExceeded", "after the caller's deadline"
		if name := types.ExprString(loop.OnCancel); strings.HasSuffix(name, "Canceled") {
			what, when = "context.Canceled", "after the caller has canceled"
		}
		if strings.Contains(types.ExprString(loop.OnCancel), "codes.") {
			what = types.ExprString(loop.OnCancel)
		}
		msg = fmt.Sprintf("retry loop retries on %s without checking %s, so it keeps retrying %s; %s and stop when it is done", what, src.Name(), when, check)
	case !loop.Bounded:
		msg = fmt.Sprintf("retry loop has no attempt limit and never checks %s, so it can retry forever after the caller's deadline; %s", src.Name(), check)
		if loop.Wait != nil {
			msg += ", and " + wait
		}
	case loop.Wait == nil:
		msg = fmt.Sprintf("retry loop retries after the caller's deadline and its attempts do not take %s; %s, or pass %s to the call", src.Name(), check, src.Name())
	default:
		verb := "waits"
		if isSleep(info, loop.Wait) {
			verb = "sleeps"
		}
		msg = fmt.Sprintf("retry loop %s and retries after the caller's deadline; %s, and %s", verb, check, wait)
	}
	pos := cur.Node().Pos() // the for keyword
	c.Rep.Report(c.Rep.Priced(analysis.Diagnostic{Pos: pos, End: pos + 3, Message: msg}, values(info, loop)))
}

// failsFast reports a loop whose attempts take the context and that
// cannot go round again once it is done: without a wait, it is bounded by
// an attempt limit or it leaves on a context error (it retries only errors
// it names); with a constant wait shorter than retryloop.ShortWait, it
// leaves on a context error. Each attempt after the caller has gone fails
// at once with the context's error, and the loop stops there, within its
// few attempts, or after one short wait.
func (c *checker) failsFast(loop *retryloop.Loop) bool {
	if loop.OnCancel != nil || !c.passesContext(loop) {
		return false
	}
	if loop.Wait == nil {
		return loop.Bounded || loop.LeavesOnCancel
	}
	d := constantWait(c.Pass.TypesInfo, loop)
	return loop.LeavesOnCancel && d > 0 && d < retryloop.ShortWait
}

// resolve returns the closure or same-package function a call invokes.
func (c *checker) resolve(call *ast.CallExpr) ast.Node {
	switch f := ast.Unparen(call.Fun).(type) {
	case *ast.FuncLit:
		return f
	case *ast.Ident:
		if v, ok := c.Pass.TypesInfo.Uses[f].(*types.Var); ok {
			if lit := c.closureOf(v); lit != nil {
				return lit
			}
			return nil
		}
	}
	fn := ctxapi.Callee(c.Pass.TypesInfo, call)
	if fn == nil || fn.Pkg() != c.Pass.Pkg {
		return nil
	}
	if d := c.decl(fn.Origin()); d != nil {
		return d
	}
	return nil
}

// advice returns the two remedies, phrased for the inbound context.
func advice(src *inbound.Source) (check, wait string) {
	if src.Expr == "" {
		return "name the context parameter and check its Err() before each attempt", "wait with select on its Done()"
	}
	return fmt.Sprintf("check %s.Err() before each attempt", src.Expr), fmt.Sprintf("wait with select on %s.Done()", src.Expr)
}

func isSleep(info *types.Info, n ast.Node) bool {
	call, ok := n.(*ast.CallExpr)
	return ok && ctxapi.IsCallTo(info, call, "time", "Sleep")
}
