package ctxapi_test

import (
	"go/ast"
	"go/parser"
	"go/types"
	"maps"
	"slices"
	"strings"
	"testing"

	"github.com/budgetlint/budgetlint/internal/ctxapi"
	"github.com/budgetlint/budgetlint/internal/passtest"
	"github.com/budgetlint/budgetlint/internal/passtest/table"
)

// src declares what the tests ask about: APIs with and without context
// variants, types that are, carry or resemble contexts, and in use, one
// call or expression of each kind.
const src = `package p

import (
	"context"
	"errors"
	"net/http"
	"testing"
	"time"
)

type Client struct{}

func (c *Client) Get(key string) error                         { return nil }
func (c *Client) GetContext(ctx context.Context, key string) error { return nil }

func Fetch(url string) error                                    { return nil }
func FetchWithContext(ctx context.Context, url string) error   { return nil }
func Send(url string, opts ...int) error                        { return nil }
func SendContext(ctx context.Context, url string, opts ...int) error { return nil }
func Put(k string) error                                        { return nil }
func PutContext(ctx context.Context, k string, opts ...int) error { return nil }
func Del(k string) error                                        { return nil }
func DelContext(k string, ctx context.Context) error           { return nil }
func Move(k string) error                                       { return nil }
func MoveContext(ctx context.Context, k int) error              { return nil }
func Take(ctx context.Context) error                            { return nil }
func TakeContext(ctx context.Context) error                     { return nil }
func Alone(k string) error                                      { return nil }

type OldContext interface {
	Deadline() (time.Time, bool)
	Done() <-chan struct{}
	Err() error
	Value(key any) any
}

func Legacy(x int) error                                  { return nil }
func LegacyWithContext(ctx OldContext, x int) error       { return nil }

type Stream interface {
	Context() context.Context
	SendMsg(m any) error
	RecvMsg(m any) error
	SetHeader(md map[string][]string) error
}

type HalfStream interface {
	Context() context.Context
	SendMsg(m any) error
}

type embeds struct{ context.Context }

type server struct {
	ctx   context.Context
	n     int
	conns map[string]context.Context
}

var global context.Context

var _ testing.TB

func variadic(name string, ctxs ...context.Context) {}

func use(ctx context.Context, s *server, r *http.Request, err error) {
	local := ctx
	_ = local
	_ = context.Background()
	_ = context.TODO()
	_, _ = context.WithCancel(ctx)
	_, _ = context.WithTimeout(ctx, time.Second)
	_, _ = context.WithDeadlineCause(ctx, time.Now(), nil)
	_ = context.WithValue(ctx, "k", 1)
	_ = context.WithoutCancel(ctx)
	_ = context.Cause(ctx)
	_ = r.Clone(ctx)
	_ = r.WithContext(ctx)
	_ = s.ctx
	_ = global
	_ = s.n
	_ = s.conns["a"]
	locals := []context.Context{ctx}
	_ = locals[0]
	_ = errors.Is(err, context.Canceled)
	_ = errors.Is(err, context.DeadlineExceeded)
	_ = errors.Is(err, http.ErrServerClosed)
	variadic("x", ctx, ctx)
}
`

// parsed is src, type-checked once.
var parsed = struct {
	info  *types.Info
	pkg   *types.Package
	calls map[string]*ast.CallExpr // by the call as written
	exprs map[string]ast.Expr      // the right-hand sides in use, by text
}{}

func load(t *testing.T) {
	t.Helper()
	if parsed.info != nil {
		return
	}
	p := passtest.Check(t, src)
	parsed.info, parsed.pkg = p.Info, p.Pkg
	parsed.calls, parsed.exprs = map[string]*ast.CallExpr{}, map[string]ast.Expr{}
	ast.Inspect(p.File, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.CallExpr:
			parsed.calls[types.ExprString(n)] = n
		case *ast.AssignStmt:
			for _, r := range n.Rhs {
				parsed.exprs[types.ExprString(r)] = r
			}
		}
		return true
	})
}

func call(t *testing.T, text string) *ast.CallExpr {
	t.Helper()
	c := parsed.calls[text]
	if c == nil {
		t.Fatalf("no call %s in src (have %v)", text, slices.Sorted(maps.Keys(parsed.calls)))
	}
	return c
}

func lookup(t *testing.T, name string) types.Object {
	t.Helper()
	obj := parsed.pkg.Scope().Lookup(name)
	if obj == nil {
		t.Fatalf("no %s in src", name)
	}
	return obj
}

// TestCalls: each predicate on calls, against every call of use.
func TestCalls(t *testing.T) {
	load(t)
	predicates := map[string]func(*types.Info, *ast.CallExpr) bool{
		"fresh":    ctxapi.IsFreshRoot,
		"derives":  ctxapi.IsDerivation,
		"deadline": ctxapi.IsDeadlineDerivation,
		"detaches": ctxapi.IsWithoutCancel,
		"clone":    ctxapi.IsRequestClone,
	}
	want := map[string]string{
		"context.Background()":                            "fresh",
		"context.TODO()":                                  "fresh",
		"context.WithCancel(ctx)":                         "derives",
		"context.WithTimeout(ctx, time.Second)":           "derives deadline",
		"context.WithDeadlineCause(ctx, time.Now(), nil)": "derives deadline",
		`context.WithValue(ctx, "k", 1)`:                  "derives",
		"context.WithoutCancel(ctx)":                      "derives detaches",
		"context.Cause(ctx)":                              "",
		"r.Clone(ctx)":                                    "clone",
		"r.WithContext(ctx)":                              "",
		"time.Now()":                                      "",
	}
	for text, kinds := range want {
		c := call(t, text)
		for name, p := range predicates {
			if got, want := p(parsed.info, c), slices.Contains(strings.Fields(kinds), name); got != want {
				t.Errorf("%s: %s = %v, want %v", text, name, got, want)
			}
		}
	}
	if !ctxapi.IsCallTo(parsed.info, call(t, "context.Cause(ctx)"), "context", "Cause") {
		t.Errorf("IsCallTo(context.Cause(ctx), context, Cause) = false")
	}
	if ctxapi.IsCallTo(parsed.info, call(t, "r.Clone(ctx)"), "net/http", "Clone") {
		t.Errorf("IsCallTo: a method is not the package-level function")
	}
	if fn := ctxapi.Callee(parsed.info, call(t, "r.WithContext(ctx)")); fn == nil || fn.FullName() != "(*net/http.Request).WithContext" {
		t.Errorf("Callee(r.WithContext(ctx)) = %v", fn)
	}
}

// TestContextVariant: the XContext or XWithContext sibling that takes a
// context first and X's parameters, and none where the sibling differs
// or X takes a context already.
func TestContextVariant(t *testing.T) {
	load(t)
	client := lookup(t, "Client").Type()
	get, _, _ := types.LookupFieldOrMethod(types.NewPointer(client), false, parsed.pkg, "Get")
	for fn, want := range map[*types.Func]string{
		get.(*types.Func):                 "GetContext",
		lookup(t, "Fetch").(*types.Func):  "FetchWithContext",
		lookup(t, "Send").(*types.Func):   "SendContext",       // the same variadic
		lookup(t, "Put").(*types.Func):    "PutContext",        // an extra options parameter
		lookup(t, "Legacy").(*types.Func): "LegacyWithContext", // a context-like interface
		lookup(t, "Del").(*types.Func):    "",                  // the context is not first
		lookup(t, "Move").(*types.Func):   "",                  // other parameters
		lookup(t, "Take").(*types.Func):   "",                  // takes one already
		lookup(t, "Alone").(*types.Func):  "",
	} {
		got := ""
		if v := ctxapi.ContextVariant(fn); v != nil {
			got = v.Name()
		}
		if got != want {
			t.Errorf("ContextVariant(%s) = %q, want %q", fn.Name(), got, want)
		}
	}
}

// TestTakesContext: by argument index, through a variadic context list.
func TestTakesContext(t *testing.T) {
	load(t)
	sig := func(name string) *types.Signature { return lookup(t, name).Type().(*types.Signature) }
	for _, tc := range []struct {
		fn   string
		i    int
		want bool
	}{
		{"Take", 0, true},
		{"Take", 1, false},
		{"DelContext", 0, false},
		{"DelContext", 1, true},
		{"variadic", 0, false},
		{"variadic", 1, true},
		{"variadic", 3, true},
		{"Alone", 0, false},
	} {
		if got := ctxapi.TakesContext(sig(tc.fn), tc.i); got != tc.want {
			t.Errorf("TakesContext(%s, %d) = %v, want %v", tc.fn, tc.i, got, tc.want)
		}
	}
	if ctxapi.TakesContext(nil, 0) {
		t.Errorf("TakesContext(nil, 0) = true")
	}
}

// TestTypes: contexts, carriers of one, streams, tests' types.
func TestTypes(t *testing.T) {
	load(t)
	iface := ctxapi.ContextInterface(parsed.pkg)
	if iface == nil {
		t.Fatal("ContextInterface found no context.Context")
	}
	ctxType := lookup(t, "global").Type()
	embeds := lookup(t, "embeds").Type()
	request := parsed.info.TypeOf(parsed.exprs["r.WithContext(ctx)"])
	for _, tc := range []struct {
		name string
		got  bool
		want bool
	}{
		{"IsContextType(context.Context)", ctxapi.IsContextType(ctxType), true},
		{"IsContextType(embeds)", ctxapi.IsContextType(embeds), false},
		{"IsContext(context.Context)", ctxapi.IsContext(ctxType, iface), true},
		{"IsContext(embeds)", ctxapi.IsContext(embeds, iface), true},
		{"IsContext(OldContext)", ctxapi.IsContext(lookup(t, "OldContext").Type(), iface), true}, // its methods make it one
		{"IsContext(int)", ctxapi.IsContext(types.Typ[types.Int], iface), false},
		{"IsContext(nil)", ctxapi.IsContext(nil, iface), false},
		{"ContextMethod(*http.Request)", ctxapi.ContextMethod(request), true},
		{"ContextMethod(Stream)", ctxapi.ContextMethod(lookup(t, "Stream").Type()), true},
		{"ContextMethod(context.Context)", ctxapi.ContextMethod(ctxType), false},
		{"CarriesContext(*http.Request)", ctxapi.CarriesContext(request), true},
		{"CarriesContext(Stream)", ctxapi.CarriesContext(lookup(t, "Stream").Type()), true},
		{"CarriesContext(context.Context)", ctxapi.CarriesContext(ctxType), false},
		{"CarriesContext(int)", ctxapi.CarriesContext(types.Typ[types.Int]), false},
		{"Getter(*http.Request, Context) is context.Context", ctxapi.IsContextType(ctxapi.Getter(request, "Context")), true},
		{"Getter(Stream, SendMsg) is nil (it takes a parameter)", ctxapi.Getter(lookup(t, "Stream").Type(), "SendMsg") == nil, true},
		{"IsHTTPRequest(*http.Request)", ctxapi.IsHTTPRequest(request), true},
		{"IsHTTPRequest(embeds)", ctxapi.IsHTTPRequest(embeds), false},
		{"IsRPCStream(Stream)", ctxapi.IsRPCStream(lookup(t, "Stream").Type()), true},
		{"IsRPCStream(HalfStream)", ctxapi.IsRPCStream(lookup(t, "HalfStream").Type()), false},
		{"IsRPCStream(*http.Request)", ctxapi.IsRPCStream(request), false},
	} {
		if tc.got != tc.want {
			t.Errorf("%s = %v, want %v", tc.name, tc.got, tc.want)
		}
	}
	testing := testingTypes(t)
	for name, want := range map[string]bool{"*T": true, "*B": true, "*F": true, "TB": true, "*M": false, "T": true} {
		if got := ctxapi.IsTestingType(testing[name]); got != want {
			t.Errorf("IsTestingType(testing.%s) = %v, want %v", name, got, want)
		}
	}
	if got := ctxapi.IsTestingType(embeds); got {
		t.Errorf("IsTestingType(embeds) = true")
	}
}

// testingTypes are testing's types by name, pointers with a star.
func testingTypes(t *testing.T) map[string]types.Type {
	t.Helper()
	for _, imp := range parsed.pkg.Imports() {
		if imp.Path() != "testing" {
			continue
		}
		out := map[string]types.Type{}
		for _, name := range []string{"T", "B", "F", "M", "TB"} {
			typ := imp.Scope().Lookup(name).Type()
			out[name] = typ
			out["*"+name] = types.NewPointer(typ)
		}
		return out
	}
	t.Fatal("src does not import testing")
	return nil
}

// TestIsKept: fields and package-level variables outlive the call that
// stores them; parameters and locals do not.
func TestIsKept(t *testing.T) {
	load(t)
	for text, want := range map[string]bool{
		"s.ctx":        true,
		"s.n":          true,
		"global":       true,
		"ctx":          false,
		"local":        false,
		`s.conns["a"]`: true,  // an element of a kept map
		"locals[0]":    false, // of a local slice
	} {
		e := parsed.exprs[text]
		if e == nil {
			t.Fatalf("no expression %s in src", text)
		}
		if got := ctxapi.IsKept(parsed.info, e); got != want {
			t.Errorf("IsKept(%s) = %v, want %v", text, got, want)
		}
	}
}

// TestContextError: context's errors and gRPC's codes of the same names.
func TestContextError(t *testing.T) {
	load(t)
	for text, want := range map[string]string{
		"errors.Is(err, context.Canceled)":         "Canceled",
		"errors.Is(err, context.DeadlineExceeded)": "DeadlineExceeded",
		"errors.Is(err, http.ErrServerClosed)":     "",
	} {
		if got := ctxapi.ContextError(parsed.info, call(t, text).Args[1]); got != want {
			t.Errorf("ContextError(%s) = %q, want %q", text, got, want)
		}
	}
}

func TestIsStdlib(t *testing.T) {
	table.Check(t, "IsStdlib", ctxapi.IsStdlib, map[string]bool{
		"context":                       true,
		"net/http":                      true,
		"internal/poll":                 true,
		"vendor/golang.org/x/net/http2": true,
		"github.com/redis/go-redis/v9":  false,
		"example.com/net":               false,
		"contextual":                    false,
	})
}

func TestName(t *testing.T) {
	for src, want := range map[string]string{
		"logf":             "logf",
		"s.logf":           "logf",
		"getCallback()":    "getCallback",
		"(s.cfg.onRetry)":  "onRetry",
		"m[k]":             "",
		"func() {}":        "",
		"x.Get(ctx).Value": "Value",
	} {
		e, err := parser.ParseExpr(src)
		if err != nil {
			t.Fatal(err)
		}
		if got := ctxapi.Name(e); got != want {
			t.Errorf("Name(%s) = %q, want %q", src, got, want)
		}
	}
}

// TestParamIndex: the parameters of use by the expressions that name them.
func TestParamIndex(t *testing.T) {
	load(t)
	params := lookup(t, "use").Type().(*types.Signature).Params()
	for text, want := range map[string]int{
		"ctx":    0, // local := ctx
		"s.ctx":  -1,
		"global": -1,
		"local":  -1, // a local, not a parameter
	} {
		e := parsed.exprs[text]
		if e == nil {
			t.Fatalf("no expression %s in src", text)
		}
		if got := ctxapi.ParamIndex(parsed.info, params, e); got != want {
			t.Errorf("ParamIndex(%s) = %d, want %d", text, got, want)
		}
	}
}

func TestIsTimeType(t *testing.T) {
	p := passtest.Check(t, `package p

import "time"

var (
	timer  *time.Timer
	ticker time.Ticker
	at     time.Time
	other  *int
)
`)
	for name, want := range map[string]bool{"timer": true, "ticker": true, "at": false, "other": false} {
		typ := p.Pkg.Scope().Lookup(name).Type()
		if got := ctxapi.IsTimeType(typ, "Timer", "Ticker"); got != want {
			t.Errorf("IsTimeType(%s) = %v, want %v", typ, got, want)
		}
	}
}
