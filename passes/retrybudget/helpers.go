package retrybudget

import (
	"go/ast"
	"go/types"
	"strings"

	"golang.org/x/tools/go/ast/inspector"

	"github.com/budgetlint/budgetlint/internal/ctxapi"
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

// operationChecks reports whether the retried operation, a function
// literal or a closure variable, checks a context itself (and so can stop
// the retries by returning a permanent error).
func (c *checker) operationChecks(op ast.Expr) bool {
	var body *ast.BlockStmt
	switch op := ast.Unparen(op).(type) {
	case *ast.FuncLit:
		body = op.Body
	case *ast.Ident:
		if v, ok := c.Pass.TypesInfo.Uses[op].(*types.Var); ok {
			if lit := c.closureOf(v); lit != nil {
				body = lit.Body
			}
		}
	}
	return body != nil && c.checksContext(body)
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
