package inbound

import (
	"go/ast"
	"go/parser"
	"go/token"
	"go/types"
	"slices"
	"testing"
)

// fn is a summarised function of package p in file p.go, its body at
// [start, start+10).
func fn(key, method string, start int) SummaryFunc {
	return SummaryFunc{Key: key, Method: method, File: "p.go", Start: start, End: start + 10}
}

// sigFn is fn for a method with its signature.
func sigFn(key, method string, start int, sig string) SummaryFunc {
	f := fn(key, method, start)
	f.Sig = sig
	return f
}

// internalFn is fn in a package below an internal directory.
func internalFn(key string, start int) SummaryFunc {
	f := fn(key, "", start)
	f.Internal = true
	return f
}

func rootedKeys(r *Rooted) []string {
	var keys []string
	for _, list := range r.spans {
		for _, s := range list {
			keys = append(keys, s.key)
		}
	}
	slices.Sort(keys)
	return keys
}

func TestProgram(t *testing.T) {
	for _, tc := range []struct {
		name string
		sums []*CallSummary
		want []string
	}{{
		name: "a root, and a chain of callers handing it on",
		sums: []*CallSummary{
			{Package: "p", Funcs: []SummaryFunc{fn("p.Open", "", 0), fn("p.dial", "", 20)}, Calls: []SummaryCall{
				{Callee: "p.dial", Caller: "p.Open"},
			}},
			{Package: "main", Imports: []string{"p"}, Calls: []SummaryCall{{Callee: "p.Open", Root: true}}},
		},
		want: []string{"p.Open", "p.dial"},
	}, {
		name: "one caller with a deadline of its own takes the chain back",
		sums: []*CallSummary{
			{Package: "p", Funcs: []SummaryFunc{fn("p.Open", "", 0), fn("p.dial", "", 20)}, Calls: []SummaryCall{
				{Callee: "p.dial", Caller: "p.Open"},
				{Callee: "p.dial"}, // from a handler
			}},
			{Package: "main", Calls: []SummaryCall{{Callee: "p.Open", Root: true}}},
		},
		want: []string{"p.Open"},
	}, {
		name: "a caller that a request reaches hands the request on",
		sums: []*CallSummary{
			{Package: "p", Funcs: []SummaryFunc{fn("p.Open", "", 0), fn("p.dial", "", 20)}, Calls: []SummaryCall{
				{Callee: "p.dial", Caller: "p.Open"},
			}},
			{Package: "main", Calls: []SummaryCall{{Callee: "p.Open", Root: true}}},
			{Package: "srv", Calls: []SummaryCall{{Callee: "p.Open"}}},
		},
	}, {
		name: "recursion alone keeps nothing back; no call at all roots nothing",
		sums: []*CallSummary{
			{Package: "p", Funcs: []SummaryFunc{fn("p.walk", "", 0), fn("p.Unused", "", 20)}, Calls: []SummaryCall{
				{Callee: "p.walk", Caller: "p.walk"},
				{Callee: "p.walk", Root: true},
			}},
		},
		want: []string{"p.walk"},
	}, {
		name: "calls among themselves alone root nothing",
		sums: []*CallSummary{
			{Package: "p", Funcs: []SummaryFunc{fn("p.ping", "", 0), fn("p.pong", "", 20)}, Calls: []SummaryCall{
				{Callee: "p.ping", Caller: "p.pong"},
				{Callee: "p.pong", Caller: "p.ping"},
			}},
		},
	}, {
		name: "a fresh root settles a function only the module can call, and only that",
		sums: []*CallSummary{
			{Package: "m/internal/jobs", Funcs: []SummaryFunc{internalFn("m/internal/jobs.Run", 0), internalFn("m/internal/jobs.Sync", 20)}, Calls: []SummaryCall{
				{Callee: "m/internal/jobs.Run", Fresh: true},
				{Callee: "m/internal/jobs.Sync", Fresh: true},
				{Callee: "m/internal/jobs.Sync"}, // from a handler
			}},
			{Package: "m/store", Funcs: []SummaryFunc{fn("m/store.Flush", "", 40)}, Calls: []SummaryCall{
				{Callee: "m/store.Flush", Fresh: true}, // a ctx-less wrapper: others call Flush with theirs
			}},
		},
		want: []string{"m/internal/jobs.Run"},
	}, {
		name: "a root made where no context exists above settles the function it is handed",
		sums: []*CallSummary{
			{Package: "m/pg", Contextless: []ContextlessFunc{{Key: "m/pg.accept"}, {Key: "m/pg.handle"}, {Key: "m/pg.Serve"}, {Key: "(*m/pg.S).Run", Method: "Run"}, {Key: "m/pg.loop"}, {Key: "(*m/pg.S).Start", Method: "Start", Sig: "func()(error)"}},
				Calls: []SummaryCall{
					{Callee: "m/pg.accept", Contextless: true, Root: true}, // main starts it
					{Callee: "m/pg.handle", Contextless: true, Caller: "m/pg.accept"},
					{Callee: "m/store.Query", Wrapper: "m/pg.handle"},
					{Callee: "m/store.Lookup", Wrapper: "m/pg.handle"},
					{Callee: "m/store.Lookup", Wrapper: "m/pg.Serve"}, // nothing in view calls Serve
					{Callee: "(*m/pg.S).Run", Contextless: true, Root: true},
					{Callee: "m/store.Scan", Wrapper: "(*m/pg.S).Run"},
					{Callee: "Run", Dynamic: true, Contextless: true, Interface: "m/srv.runner", Caller: "m/srv.ServeHTTP"}, // a handler may run it
					{Callee: "(*m/pg.S).Start", Contextless: true, Root: true},
					{Callee: "m/store.Boot", Wrapper: "(*m/pg.S).Start"},
					{Callee: "Start", Dynamic: true, Contextless: true, Sig: "func()()", Caller: "m/srv.ServeHTTP"}, // another Start
					{Callee: "m/pg.loop", Contextless: true, Caller: "m/pg.loop"},
					{Callee: "m/store.Tick", Wrapper: "m/pg.loop"}, // a loop only it calls reaches nothing
					{Callee: "m/store.Get", Wrapper: "m/pg.handle"},
				}},
			{Package: "m/store", Funcs: []SummaryFunc{fn("m/store.Query", "", 0), fn("m/store.Lookup", "", 20), fn("m/store.Scan", "", 40), fn("m/store.Tick", "", 60), fn("m/store.Get", "", 80), fn("m/store.Boot", "", 100)}},
		},
		want: []string{"m/store.Boot", "m/store.Get", "m/store.Query"},
	}, {
		name: "a framework out of view hands a method without a context none: the roots it makes settle what they reach",
		sums: []*CallSummary{
			{Package: "m/exp", Contextless: []ContextlessFunc{{Key: "(*m/exp.C).Collect", Method: "Collect"}, {Key: "(*m/exp.D).Collect", Method: "Collect"}},
				Implements: []Implementation{{Method: "(*m/exp.C).Collect", Interface: "prom.Collector"}, {Method: "(*m/exp.D).Collect", Interface: "prom.Collector"}},
				Calls: []SummaryCall{
					{Callee: "m/exp.update", Wrapper: "(*m/exp.C).Collect"},
					{Callee: "m/exp.fetch", Wrapper: "(*m/exp.D).Collect"},
					{Callee: "(*m/exp.D).Collect", Contextless: true, Caller: "m/srv.ServeHTTP"}, // a handler calls it too
				}},
			{Package: "m/exp", Funcs: []SummaryFunc{fn("m/exp.update", "", 0), fn("m/exp.fetch", "", 20)}},
		},
		want: []string{"m/exp.update"},
	}, {
		name: "and not when a request reaches the function that makes it",
		sums: []*CallSummary{
			{Package: "m/pg", Contextless: []ContextlessFunc{{Key: "m/pg.accept"}, {Key: "m/pg.handle"}},
				Calls: []SummaryCall{
					{Callee: "m/pg.accept", Contextless: true, Root: true},
					{Callee: "m/pg.handle", Contextless: true, Caller: "m/pg.accept"},
					{Callee: "m/store.Query", Wrapper: "m/pg.handle"},
					{Callee: "m/pg.handle", Contextless: true, Caller: "m/srv.ServeHTTP"},
				}},
			{Package: "m/store", Funcs: []SummaryFunc{fn("m/store.Query", "", 0)}},
		},
	}, {
		name: "a function value escapes",
		sums: []*CallSummary{
			{Package: "p", Funcs: []SummaryFunc{fn("p.Warm", "", 0)}, Calls: []SummaryCall{{Callee: "p.Warm", Root: true}}, Escaped: []string{"p.Warm"}},
		},
	}, {
		name: "calls through an interface reach the methods that implement it",
		sums: []*CallSummary{
			{Package: "p", Funcs: []SummaryFunc{fn("(*p.S).Load", "Load", 0), fn("(*p.T).Load", "Load", 20)},
				Implements: []Implementation{{"(*p.S).Load", "p.Loader"}},
				Calls: []SummaryCall{
					{Callee: "(*p.S).Load", Root: true},
					{Callee: "(*p.T).Load", Root: true},
					{Callee: "Load", Interface: "p.Loader", Dynamic: true}, // from a handler
				}},
		},
		want: []string{"(*p.T).Load"}, // T does not implement p.Loader
	}, {
		name: "a consumer's own interface, out of the method's sight, may reach it",
		sums: []*CallSummary{
			{Package: "p", Funcs: []SummaryFunc{fn("(*p.S).Load", "Load", 0)}, Calls: []SummaryCall{{Callee: "(*p.S).Load", Root: true}}},
			{Package: "srv", Imports: []string{"context"}, Calls: []SummaryCall{{Callee: "Load", Interface: "srv.loader", Dynamic: true}}},
		},
	}, {
		name: "a consumer's interface reaches only a method of the same signature",
		sums: []*CallSummary{
			{Package: "p", Funcs: []SummaryFunc{sigFn("(*p.S).Create", "Create", 0, "func(context.Context)(error)")}, Calls: []SummaryCall{{Callee: "(*p.S).Create", Root: true}}},
			{Package: "srv", Imports: []string{"context"}, Calls: []SummaryCall{
				{Callee: "Create", Interface: "k8s/core.Namespaces", Dynamic: true, Sig: "func(context.Context, *k8s/core.Namespace)(*k8s/core.Namespace, error)"},
			}},
		},
		want: []string{"(*p.S).Create"},
	}, {
		name: "and one of the same signature may",
		sums: []*CallSummary{
			{Package: "p", Funcs: []SummaryFunc{sigFn("(*p.S).Create", "Create", 0, "func(context.Context)(error)")}, Calls: []SummaryCall{{Callee: "(*p.S).Create", Root: true}}},
			{Package: "srv", Imports: []string{"context"}, Calls: []SummaryCall{
				{Callee: "Create", Interface: "srv.creator", Dynamic: true, Sig: "func(context.Context)(error)"},
			}},
		},
	}, {
		name: "a dependency's interface reaches a method only through a type with all its methods",
		sums: wireServer(nil),
		want: []string{"m/store.Boot"},
	}, {
		name: "and may through a type that embeds it and has them all",
		sums: wireServer([]Carrier{{Names: []string{"Leader", "Start", "Stop"}, Keys: []string{"(*m/pg.S).Start"}}}), // struct{ *pg.S } with Leader
	}, {
		name: "an interface out of view may call it: a framework, database/sql",
		sums: []*CallSummary{
			{Package: "p", Funcs: []SummaryFunc{fn("(*p.S).Ping", "Ping", 0)}, Calls: []SummaryCall{{Callee: "(*p.S).Ping", Root: true}}},
			{Package: "main", Implements: []Implementation{{"(*p.S).Ping", "database/sql/driver.Pinger"}}},
		},
	}} {
		t.Run(tc.name, func(t *testing.T) {
			if got := rootedKeys(Program(tc.sums)); !slices.Equal(got, tc.want) {
				t.Errorf("rooted %v, want %v", got, tc.want)
			}
		})
	}
}

// wireServer is a program whose main starts a wire server (m/pg.S) that
// roots the store's Boot, and whose handler restarts a dependency's
// consensus node through its interface (Start and Leader), beside the
// types m/srv declares (carriers).
func wireServer(carriers []Carrier) []*CallSummary {
	return []*CallSummary{
		{Package: "m/pg", Contextless: []ContextlessFunc{{Key: "(*m/pg.S).Start", Method: "Start", Sig: "func()(error)"}},
			Carriers: []Carrier{{Names: []string{"Start", "Stop"}, Keys: []string{"(*m/pg.S).Start"}}},
			Calls: []SummaryCall{
				{Callee: "(*m/pg.S).Start", Contextless: true, Root: true},
				{Callee: "m/store.Boot", Wrapper: "(*m/pg.S).Start"},
			}},
		{Package: "m/store", Funcs: []SummaryFunc{fn("m/store.Boot", "", 0)}},
		{Package: "m/srv", Imports: []string{"dep/raft"}, Carriers: carriers, Calls: []SummaryCall{
			{Callee: "Start", Dynamic: true, Contextless: true, Interface: "dep/raft.Server", Sig: "func()(error)", Methods: []string{"Leader", "Start"}, Caller: "m/srv.ServeHTTP"},
		}},
	}
}

func TestRootedAt(t *testing.T) {
	f := fn("p.Open", "", 100)
	f.Holes = [][2]int{{104, 106}} // a handler literal with its own request
	r := Program([]*CallSummary{{Package: "p", Funcs: []SummaryFunc{f}, Calls: []SummaryCall{{Callee: "p.Open", Root: true}}}})
	for offset, want := range map[int]string{99: "", 100: "p.Open", 103: "p.Open", 104: "", 105: "", 106: "p.Open", 109: "p.Open", 110: ""} {
		if got := r.At("p.go", offset); got != want {
			t.Errorf("At(%d) = %q, want %q", offset, got, want)
		}
	}
	if got := r.At("q.go", 100); got != "" {
		t.Errorf("At in another file = %q", got)
	}
}

func TestSignature(t *testing.T) {
	const src = `package p
type I interface{ M(n int, xs ...string) (int, error) }
type T struct{}
func (T) M(a int, ys ...string) (count int, err error) { return 0, nil }
func (*T) N(a int, ys []string) (int, error) { return 0, nil }
`
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, "p.go", src, 0)
	if err != nil {
		t.Fatal(err)
	}
	pkg, err := new(types.Config).Check("p", fset, []*ast.File{f}, nil)
	if err != nil {
		t.Fatal(err)
	}
	method := func(typ, name string) string {
		obj, _, _ := types.LookupFieldOrMethod(pkg.Scope().Lookup(typ).Type(), true, pkg, name)
		return signature(obj.Type().(*types.Signature))
	}
	im, tm, tn := method("I", "M"), method("T", "M"), method("T", "N")
	if want := "func(int, ...string)(int, error)"; im != want || tm != want {
		t.Errorf("signature(I.M) = %q, signature(T.M) = %q, want %q for both", im, tm, want)
	}
	if tn == tm {
		t.Errorf("signature(T.N) = %q: a slice parameter must differ from a variadic one", tn)
	}
}
