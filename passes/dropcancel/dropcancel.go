package dropcancel

import (
	"flag"
	"go/ast"
	"go/types"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ast/inspector"

	"github.com/budgetlint/budgetlint/internal/ctxapi"
	"github.com/budgetlint/budgetlint/internal/ctxflow"
	"github.com/budgetlint/budgetlint/internal/knowledge"
	"github.com/budgetlint/budgetlint/internal/onpath"
	"github.com/budgetlint/budgetlint/passes/inbound"
)

var Analyzer = onpath.Analyzer(&analysis.Analyzer{
	Name:  "dropcancel",
	Doc:   analyzerDoc,
	Run:   run,
	Flags: flags(),
})

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

type checker struct {
	onpath.Base
	callees map[*types.Func]*callee
	// handoffs caches, per function, the calls that attach a context to a
	// local variable or send it.
	handoffs map[ast.Node]*handoffs
	// setters caches, per stored context, whether only a context setter
	// of its type writes it (see setByCaller).
	setters map[types.Object]bool
	// registrations caches, per method, whether it is only ever handed
	// back its receiver's stored context (see registeredWith).
	registrations map[registration]bool
	// locals indexes each function's local assignments, built on first use
	// (a dial address held by a local, see loopbackAddress).
	locals *ctxflow.Locals
	// commandContextRead says, once asked, whether the package reads a
	// command's context anywhere (see commandContextUnread).
	commandContextRead *bool
}

func run(pass *analysis.Pass) (any, error) {
	c := &checker{
		Base:          onpath.Start(pass),
		callees:       map[*types.Func]*callee{},
		handoffs:      map[ast.Node]*handoffs{},
		setters:       map[types.Object]bool{},
		registrations: map[registration]bool{},
		locals:        ctxflow.NewLocals(pass.TypesInfo),
	}
	if c.In.Empty() {
		return nil, nil // no request path: nothing can drop its cancellation
	}
	for file := range c.Insp.Root().Children() {
		if c.Rep.Generated(file.Node().Pos()) {
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
	site := c.In.At(cur)
	if site.Context == nil || site.Detached || site.Watched || site.InTest {
		return nil
	}
	return site.Context
}

// checkCall sends a call to the rule it may break: a callee that cannot
// carry cancellation (calls.go), or a stored context among its arguments
// (stored.go).
func (c *checker) checkCall(cur inspector.Cursor, call *ast.CallExpr) {
	info := c.Pass.TypesInfo
	fn := ctxapi.Callee(info, call)
	if fn != nil && fn.Pkg() != nil {
		k := c.callee(fn)
		if k.dropping {
			c.checkDrop(cur, call, fn, k)
			return
		}
		if k.logging || ctxapi.IsWithoutCancel(info, call) || ctxapi.IsCallTo(info, call, "context", "AfterFunc") || ctxapi.IsCallTo(info, call, "context", "Cause") {
			return // log values, deliberate detachment, lifetime hooks, a read of why a context ended
		}
	}
	c.checkStoredArgs(cur, call, fn)
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
