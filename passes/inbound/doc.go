// Package inbound defines an Analyzer that decides, for every function and
// closure, whether a caller-supplied context reaches it: the request path
// every budgetlint pass reasons about.
//
// # Analyzer inbound
//
// inbound: find the caller's context of each function
//
// A function or closure is on a request path when it has:
//
//   - a parameter of type context.Context, or of a type implementing it (a
//     struct embedding context.Context), including a blank one;
//   - an *http.Request (r.Context()) or a gRPC server stream
//     (stream.Context()); any other type with a Context() getter (a rule
//     group, a CLI command, a connection) is not a request;
//   - a parameter of a framework type from the -frameworks list
//     (*gin.Context, echo.Context, *fiber.Ctx, ... and any added by flag);
//   - or when it is a closure literal nested in such a function.
//
// A command of a command-line program is not: a function with a
// parameter of a command type from the -commands list (urfave/cli's
// *cli.Command or *cli.Context, also in MinIO's fork, cobra's *cobra.Command, kong's
// *kong.Context, and any added by flag), or of a program's own struct
// that holds one in a field (a command descriptor: type Cmd struct {
// CobraCommand *cobra.Command; ... }), runs for the process, whatever
// context its framework hands it, as main does. So does a framework's
// callback that runs on a component's lifetime, known by a result type
// from the -lifetimes list: controller-runtime calls a Reconcile(ctx, req)
// (reconcile.Result, error) and a watch's map function (...
// []reconcile.Request) with its manager's context, which ends only when
// the manager stops. A controller that sets a ReconciliationTimeout gives
// its reconciles a deadline: -lifetimes= (empty) takes the default out.
//
// Nothing else, with one refinement: an unexported function whose
// callers in view only ever hand it a fresh root (or a context detached
// with context.WithoutCancel, which has no deadline or cancel signal
// either, or a request built without a context: http.NewRequest,
// http.ReadRequest, a helper returning one), or only main's contexts whatever deadline or signal main gave
// them or a command's (its context parameter, cmd.Context(); in main, also
// the context a package-level function given nothing hands out, a signal
// handler's ctrl.SetupSignalHandler()), has no
// caller's deadline (main's code includes the functions of package main
// without a context of their own that only main calls, a run() that
// main's body moved into); nor has one given only a context
// (returning at most an error) that is handed over as a value and never
// called in its package: a service's run or tick function, whose context
// is the service's lifetime; nor has a parameter of a context type of the
// package's own (a struct embedding context.Context, unexported or in
// package main) that the package only ever builds around such roots (a
// command-line tool's &Context{Context: ctx} around main's Background,
// handed to each of its checks). A function literal run where it stands
// (go func(ctx context.Context) { ... }(ctx)) holds in its parameters the
// arguments it is run with, and so does a literal handed to a callee that
// calls it with one of its context arguments (pprof.Do(ctx, labels,
// func(ctx context.Context) { ... }), a subscription's Consume(ctx,
// handle) learned by ctxuse): a callee it hands a root gets no caller's
// deadline, and neither has the literal itself when nothing outside it
// has a context. A literal handed to a runner that calls it with a fresh
// root of its own (withTimeout(func(ctx context.Context) error { ... }),
// the runner making context.WithTimeout(context.Background(), d), learned
// by ctxuse) has no context of its own either: only what encloses it may
// bring one, and a runner called where a caller's context is in scope is
// reported at that call. main, init, package-level initialisers
// and functions without such a parameter are off the request path. Work
// inside a go or defer statement below the function that owns the context
// is marked detached, and so is a function only ever started by go
// statements with its caller's context (a parameter, the request's
// r.Context(), a copy of the request given its own context again,
// r.Clone(r.Context()), or a local set from them), or run in place only as the
// twin of such a launch in the other branch of an if (if testMode {
// c.put(ctx) } else { go c.put(ctx) }), and a closure handed to a
// function that launches or memoises it or calls it only once a context
// is done (learned by ctxuse; time.AfterFunc, a WaitGroup's Go), returned, stored in a
// field or package variable, held by a local only ever started in a
// goroutine or only ever called by closures that run later themselves
// (helper := func() {...}; run := func() { helper() }; go run()), or by a
// local only ever handed back, itself or through
// another local (var stop func(); ...; return cfg, stop; disable :=
// func() {...}; if on { reset = disable }; return reset): it outlives the request or cleans up as it ends, often
// because the context is done. A closure handed to a launcher that the
// function then waits for (an errgroup's Go, then its Wait) is still the
// caller's work and stays on the request path. So
// is code that runs only once a context is done: the body of a case
// <-X.Done(), of if X.Err() != nil or of if errors.Is(err,
// context.Canceled), and what follows <-ctx.Done(), a select whose other
// cases all leave, or a guard that returns unless the context is done (if
// !errors.Is(ctx.Err(), context.Canceled) { return }), and all of an
// unexported function that its package only ever calls from such code (a
// protocol's CANCEL, sent from case <-ctx.Done()). There is no
// deadline left there to honour, and the context would make the clean-up
// fail at once (srv.Shutdown(ctx) would not wait at all). Code after the
// function hands its context to a cancel watcher (watchCancel(ctx), a
// goroutine that breaks the connection once ctx is done) is marked
// watched: the caller's cancellation ends it whatever context it uses.
// Code after an HTTP handler takes over its connection (a Hijack(), or a
// function that hijacks the writer it is given, such as a websocket
// upgrade, learned by ctxuse) is on no request path: the server no longer watches
// the connection, so the request's context reports neither the client
// leaving nor a deadline, and ends only when the handler returns.
//
// The standalone command, run on a whole module, extends the refinement
// across packages: each package summarises what its calls hand the
// context parameters of the functions they call (a package fact of the
// inboundcalls analyzer, which only that command runs), and the command leaves out the findings in
// functions that only main's or a command's contexts reach, from every
// caller in the module (example programs and tests aside; a method value
// handed to a function that runs it with one of the call's contexts,
// unchanged, as a consumer's onMessage to its subscription, is called
// with that context), a fresh root
// made where a context is in scope when the function is in a package
// below an internal directory (nothing outside the module can call it, so
// a root it is handed is all it ever gets, and that root is the one
// mistake, judged where it is made; a root made by a wrapper without a
// context settles nothing, unless no context exists above the wrapper:
// every call of it is main's, a command's, or made by another such
// function (a wire server that main starts, down to the handler that
// runs each query on context.Background(); the ContextlessRoot fact
// marks those functions, and a wrapper beside its own context form, Run
// beside RunWithContext, is API for other callers and never one), or a
// component's own lifetime: a context kept in a field or package variable
// that the package only ever sets to a root of its own
// (p.ctx, p.cancel = context.WithCancel(context.Background())), also as
// handed out by a getter of any package of the module (a process
// context's Context() returning p.ctx with a value added, also when kept
// in a field), or a root
// given a cancel that its function does not call on the way out (kept, or
// called only on an error path: a Listen starting a backend on bctx). A
// kept context that its package only ever sets from one function's own
// (sc.ctx = ctx in Connect) holds what that function was given: a call
// handed it is as rooted as Connect's callers make it. A deadline added
// on the way (WithTimeout(sc.ctx, d), or ctx, cancel =
// context.WithTimeout(ctx, d) in a function only main reaches) is a
// budget, below main as anywhere, and the callee keeps its findings. A
// function handed as a value where a named function type of the module is
// expected (drivers.Register("mysql", New) with a Constructor parameter)
// is called wherever a value of that type is (constructors[name](ctx,
// dsn)), unless a value of that type is handed on as another type (a
// plain func parameter), whose calls cannot be told apart. A
// root cancelled when its function returns stands in for one,
// and one whose cancel a goroutine or hook calls on a signal (a reload, a
// stop) has that signal for the work below to honour. A call through an
// interface counts as a call of the methods that may implement it: of
// its name and signature, whose type implements the interface or cannot
// see it (a consumer's own) and, then, whose type or a type embedding it
// has every method of the interface (a raft node's Start is not a wire
// server's Start); one of a package out of view keeps the method's
// findings. Other drivers see one package at a time and report
// them.
//
// Test code is marked too, wherever it lives: a _test.go file, a function
// with a *testing.T, B, F or TB parameter, a method of a test suite (a type
// embedding a testing type or something with T() *testing.T), and the
// packages of test support by their import path below the module's own
// (test... such as testutil, testdb or tester, integration, e2e,
// endtoend, fake..., mock..., ...test such as dbtest; -testsupport sets
// the patterns) or by a package doc comment whose first sentence says the
// package is for tests ("a fake QueryService implementation for tests").
//
// The analyzer reports nothing; its Result answers the question for the
// passes that require it.
package inbound

import (
	_ "embed"

	"github.com/budgetlint/budgetlint/internal/passdoc"
)

//go:embed doc.go
var doc string

// analyzerDoc is Analyzer.Doc: this file is its one source.
var analyzerDoc = passdoc.Section(doc, "inbound")
