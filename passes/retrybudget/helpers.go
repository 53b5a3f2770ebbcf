package retrybudget

import (
	"go/ast"
	"go/constant"
	"go/types"
	"slices"
	"strings"

	"golang.org/x/tools/go/ast/inspector"

	"github.com/budgetlint/budgetlint/internal/ctxapi"
	"github.com/budgetlint/budgetlint/internal/ctxflow"
)

// The retry helpers the pass knows, by family.
type family int

const (
	none    family = iota
	backoff        // github.com/cenkalti/backoff up to v4: a context rides on the BackOff
	retrygo        // github.com/avast/retry-go: a context is an option
	kwait          // k8s.io/apimachinery/pkg/util/wait: pollers without a context
)

func familyOf(path string) family {
	switch path {
	case "github.com/cenkalti/backoff", "github.com/cenkalti/backoff/v2", "github.com/cenkalti/backoff/v3", "github.com/cenkalti/backoff/v4":
		return backoff // v5's Retry takes a context: not listed
	case "github.com/avast/retry-go", "github.com/avast/retry-go/v2", "github.com/avast/retry-go/v3", "github.com/avast/retry-go/v4":
		return retrygo
	case "k8s.io/apimachinery/pkg/util/wait":
		return kwait
	}
	return none
}

// backoffRetries are cenkalti/backoff's retry functions; the BackOff is
// their second argument.
var backoffRetries = map[string]bool{
	"Retry": true, "RetryNotify": true, "RetryNotifyWithTimer": true,
	"RetryWithData": true, "RetryNotifyWithData": true, "RetryNotifyWithTimerAndData": true,
}

// waitPollers are the wait package's pollers that take no context, with
// the context form to use instead.
var waitPollers = map[string]string{
	"Poll":                  "PollUntilContextTimeout",
	"PollImmediate":         "PollUntilContextTimeout",
	"PollInfinite":          "PollUntilContextCancel",
	"PollImmediateInfinite": "PollUntilContextCancel",
	"PollUntil":             "PollUntilContextCancel",
	"PollImmediateUntil":    "PollUntilContextCancel",
	"ExponentialBackoff":    "ExponentialBackoffWithContext",
}

// checkHelper reports a call into a known retry helper that is given no
// context on a request path.
func (c *checker) checkHelper(cur inspector.Cursor, call *ast.CallExpr) {
	info := c.Pass.TypesInfo
	fn := ctxapi.Callee(info, call)
	if fn == nil || fn.Pkg() == nil {
		return
	}
	fam := familyOf(fn.Pkg().Path())
	if fam == none || fn.Type().(*types.Signature).Recv() != nil {
		return
	}
	var opIndex int // the argument holding the retried operation
	switch fam {
	case backoff:
		if !backoffRetries[fn.Name()] || len(call.Args) < 2 {
			return
		}
	case retrygo:
		if (fn.Name() != "Do" && fn.Name() != "DoWithData") || len(call.Args) < 1 {
			return
		}
	case kwait:
		if _, ok := waitPollers[fn.Name()]; !ok || len(call.Args) < 2 {
			return
		}
		opIndex = condIndex(fn)
	}
	src, owner := c.inbound(cur)
	if src == nil || ctxapi.ContextVariant(fn) != nil {
		return // a context-taking sibling: dropcancel reports the call
	}
	c.enter(cur, owner)
	if opIndex < len(call.Args) && c.operationChecks(call.Args[opIndex]) {
		return // the operation stops the retries when the context is done
	}
	name := qualified(call, fn)
	ctx := src.Name()
	switch fam {
	case backoff:
		if c.backoffHasContext(call.Args[1], 3) {
			return
		}
		c.Rep.Reportf(call, "%s retries after the caller's deadline: its BackOff has no context; wrap it with backoff.WithContext(b, %s)", name, ctx)
	case retrygo:
		if c.retryHasContext(call) {
			return
		}
		c.Rep.Reportf(call, "%s retries after the caller's deadline: it is given no context; pass the option retry.Context(%s)", name, ctx)
	case kwait:
		if (fn.Name() == "PollUntil" || fn.Name() == "PollImmediateUntil") && c.isDoneChannel(call.Args[len(call.Args)-1]) {
			return // stops when the context is done
		}
		if strings.HasPrefix(fn.Name(), "PollImmediate") && c.decidesAtOnce(call.Args[opIndex]) {
			return // its condition is asked once: nothing is polled again
		}
		c.Rep.Reportf(call, "%s keeps polling after the caller's deadline: it takes no context; use wait.%s with %s", name, waitPollers[fn.Name()], ctx)
	}
}

// condIndex is the position of a wait poller's condition parameter.
func condIndex(fn *types.Func) int {
	params := fn.Type().(*types.Signature).Params()
	for i := range params.Len() {
		if named, ok := types.Unalias(params.At(i).Type()).(*types.Named); ok && named.Obj().Name() == "ConditionFunc" {
			return i
		}
	}
	return params.Len() - 1
}

// decidesAtOnce reports whether a poller's condition, a function literal
// or a closure variable, never asks to be polled again: each of its
// returns says done (true) or fails with an error known not to be nil (a
// new one, or one just tested != nil). An immediate poller then asks it
// once and returns, without a wait or a second attempt.
func (c *checker) decidesAtOnce(cond ast.Expr) bool {
	lit := c.literalOf(cond)
	if lit == nil {
		return false
	}
	info := c.Pass.TypesInfo
	once := true
	ast.Inspect(lit.Body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncLit:
			return false // its returns are its own
		case *ast.ReturnStmt:
			if len(n.Results) != 2 {
				once = false
			} else if tv := info.Types[n.Results[0]]; tv.Value == nil || !constant.BoolVal(tv.Value) {
				once = once && c.failsHere(lit.Body, n, n.Results[1])
			}
		}
		return once
	})
	return once
}

// failsHere reports whether err, returned by ret in body, cannot be nil:
// errors.New or fmt.Errorf, or a variable that an if around ret has just
// tested != nil (ctxflow.NonNilErrors), with no assignment to it between
// that test and ret.
func (c *checker) failsHere(body *ast.BlockStmt, ret *ast.ReturnStmt, err ast.Expr) bool {
	info := c.Pass.TypesInfo
	if call, ok := ast.Unparen(err).(*ast.CallExpr); ok {
		return ctxapi.IsCallTo(info, call, "errors", "New") || ctxapi.IsCallTo(info, call, "fmt", "Errorf")
	}
	v := ctxflow.VarOf(info, err)
	if v == nil {
		return false
	}
	tested := false
	ast.Inspect(body, func(n ast.Node) bool {
		ifs, ok := n.(*ast.IfStmt)
		if !ok || tested || ifs.Body.Pos() > ret.Pos() || ret.End() > ifs.Body.End() {
			return !tested
		}
		if slices.ContainsFunc(ctxflow.NonNilErrors(info, ifs.Cond), func(e ast.Expr) bool { return ctxflow.VarOf(info, e) == v }) {
			then, ok := c.Insp.Root().FindNode(ifs.Body)
			tested = ok && !ctxflow.AssignedBefore(info, then, v, ret.Pos())
		}
		return !tested
	})
	return tested
}

// literalOf returns the function literal e is, or the one the closure
// variable e holds.
func (c *checker) literalOf(e ast.Expr) *ast.FuncLit {
	switch e := ast.Unparen(e).(type) {
	case *ast.FuncLit:
		return e
	case *ast.Ident:
		if v, ok := c.Pass.TypesInfo.Uses[e].(*types.Var); ok {
			return c.closureOf(v)
		}
	}
	return nil
}

// operationChecks reports whether the retried operation, a function
// literal or a closure variable, checks a context itself (and so can stop
// the retries by returning a permanent error).
func (c *checker) operationChecks(op ast.Expr) bool {
	lit := c.literalOf(op)
	return lit != nil && c.checksContext(lit.Body)
}

// backoffHasContext reports whether a cenkalti BackOff carries a context:
// backoff.WithContext(b, ctx), possibly wrapped by WithMaxRetries, a value
// of type BackOffContext, one made by another call that is given a context
// (a connection's backoff factory c.connBackoff(ctx)), or a local variable
// assigned one.
func (c *checker) backoffHasContext(e ast.Expr, depth int) bool {
	info := c.Pass.TypesInfo
	if named, ok := types.Unalias(info.TypeOf(e)).(*types.Named); ok && named.Obj().Name() == "BackOffContext" {
		return true
	}
	if depth == 0 {
		return false
	}
	switch e := ast.Unparen(e).(type) {
	case *ast.CallExpr:
		fn := ctxapi.Callee(info, e)
		if fn == nil || fn.Pkg() == nil || familyOf(fn.Pkg().Path()) != backoff {
			return ctxapi.GivenContext(info, e)
		}
		switch fn.Name() {
		case "WithContext":
			return true
		case "WithMaxRetries":
			return len(e.Args) > 0 && c.backoffHasContext(e.Args[0], depth-1)
		}
	case *ast.Ident:
		v, ok := info.Uses[e].(*types.Var)
		if !ok {
			return false
		}
		for _, value := range c.assignments(v) {
			if c.backoffHasContext(value, depth-1) {
				return true
			}
		}
	}
	return false
}

// retryHasContext reports whether retry-go's Do is given retry.Context.
// Options spread from a slice (opts...) are built elsewhere and may carry
// one: such calls are left alone.
func (c *checker) retryHasContext(call *ast.CallExpr) bool {
	isContextOption := func(n ast.Node) bool {
		opt, ok := n.(*ast.CallExpr)
		if !ok {
			return false
		}
		fn := ctxapi.Callee(c.Pass.TypesInfo, opt)
		return fn != nil && fn.Pkg() != nil && familyOf(fn.Pkg().Path()) == retrygo && fn.Name() == "Context"
	}
	for _, a := range call.Args[1:] {
		if isContextOption(ast.Unparen(a)) {
			return true
		}
	}
	return call.Ellipsis.IsValid()
}

// isDoneChannel reports whether e is a context's Done() channel, directly
// or through a local variable.
func (c *checker) isDoneChannel(e ast.Expr) bool {
	if call, ok := ast.Unparen(e).(*ast.CallExpr); ok {
		return c.isContextCheck(call)
	}
	if id, ok := ast.Unparen(e).(*ast.Ident); ok {
		if v, ok := c.Pass.TypesInfo.Uses[id].(*types.Var); ok {
			return c.budgetVars()[v]
		}
	}
	return false
}

// qualified names the helper as the call writes it: backoff.Retry.
func qualified(call *ast.CallExpr, fn *types.Func) string {
	f := ast.Unparen(call.Fun)
	switch x := f.(type) {
	case *ast.IndexExpr:
		f = x.X
	case *ast.IndexListExpr:
		f = x.X
	}
	if sel, ok := f.(*ast.SelectorExpr); ok {
		if id, ok := sel.X.(*ast.Ident); ok {
			return id.Name + "." + fn.Name()
		}
	}
	return strings.TrimPrefix(fn.Name(), ".")
}
