// Package ctxuse defines an Analyzer that learns what each function does
// with what its caller hands it, so that every pass can tell a lost
// deadline that matters from one that costs nothing.
//
// # Analyzer ctxuse
//
// ctxuse: learn what functions do with the context and values they are given
//
// For every function it records, as a fact other packages of the module
// import:
//
//   - which context parameters reach nothing that observes cancellation:
//     no Done, Err or Deadline, no select on them, no call outside the
//     analysed code, no interface or function-value call, and no callee
//     whose own fact says it observes. Reading values (ctx.Value, a logger
//     built from ctx) is not observing, nor is acquiring a one-slot
//     semaphore (s.sem.Acquire(ctx, 1) where the package makes s.sem only
//     with semaphore.NewWeighted(1)): a mutex's Lock, which waits for
//     others' critical sections, not for work done for the caller; nor is
//     a read inside the Do of a package-level sync.Once (a probe memoised
//     for the process, as metadata.OnGCEWithContext is: later callers get
//     the kept answer at once); nor is binding a listener
//     (net.ListenConfig's Listen and ListenPacket, whose context only
//     reaches the resolver for a host name in the address). A fresh root
//     handed only to such a parameter loses nothing;
//   - which context parameters it observes only once it has found them
//     cancellable (ctx.Done() != nil, itself or through such callees): a
//     helper that asks whether a failed call's context could have expired
//     before it blames the connection; or only in one check up front (if
//     err := ctx.Err(); err != nil { return err } at the top of the
//     function, before work that never looks at the context again: a
//     health probe over in-memory state). context.Background() and TODO()
//     never can be cancelled, so a root of theirs handed there is
//     observed by nothing;
//   - which context parameters it checks and reports on: it returns the
//     answer of ctx.Err(), or returns from a case <-ctx.Done() or an if on
//     ctx.Err(). A call to it in a loop is a context check;
//   - which function parameters it launches in a go statement (safeGo(f), a
//     pool's Go): the function handed to it is detached work;
//   - which function parameters it runs once for every caller and keeps the
//     result of (a prepared-query cache's prepare(f), a singleflight of its
//     own): the function handed to it is the shared component's work;
//   - which function parameters it calls only once a context is done (a
//     server's run loop calling its shutdown hook in case <-ctx.Done()):
//     the function handed to it cleans up after the caller has gone;
//   - which function parameters it only keeps for others to call later,
//     stored in a field or package variable (a callback registration) or
//     sent on a channel (a work queue's Enqueue): the function handed to it
//     runs later, not as the caller's work;
//   - which function parameters it calls before it returns, itself or in
//     closures it hands to callees that do the same (a client helper's
//     WithClient(fn) running fn on a pooled connection): the function
//     handed to it is its caller's work, and a root inside it is the
//     caller's root;
//   - which function parameters it calls with a fresh root of its own for
//     a context argument (a runner's withTimeout(fn) making
//     context.WithTimeout(context.Background(), d) and running fn(ctx)):
//     the function handed to it gets no caller's context;
//   - which function parameters it calls only inside closures it returns
//     (a controller's predicate builder wrapping its filter in event
//     hooks): the function handed to it runs when what it returns runs,
//     later unless the caller runs that itself (retrying(f)());
//   - which context parameters it hands to a cancel watcher, a goroutine
//     that waits for their Done() and then acts (watchCancel(ctx) breaks the
//     connection): work after the call stays cancellable;
//   - which context parameters it reads only in goroutines it starts and
//     does not wait for (an asynchronous rollback), in go statements or in
//     literals it hands to a launcher (safeGo(func() {...})): a root
//     handed there is detached work;
//   - which context parameters it keeps beyond the call: stored in a field
//     or package variable, derived and stored, or the cancel of a
//     derivation stored (an engine's Open(ctx) keeping the cancel of the
//     retry loop it starts): a stored context handed there is the lifetime
//     of what it starts;
//   - which methods read the cancellation of a context their receiver
//     holds (a backoff's Ongoing() or Wait()): calling one on a value built
//     with the caller's context consults that context;
//   - which *http.Request parameters it gives a context (req.WithContext,
//     req.Clone) before using them: a request handed to it keeps the
//     caller's signal;
//   - which *http.Request parameters it only reads or fills in (fields,
//     headers, cookies, or callees that do no more, such as oauth2's
//     Token.SetAuthHeader, http.ProxyFromEnvironment or the dumps of
//     net/http/httputil): a request handed only to such functions is
//     never sent, so it has no signal to carry;
//   - which http.ResponseWriter parameters it takes the connection of (a
//     Hijack() on it, a websocket upgrader): after the call, the handler's
//     request no longer reports the client.
//   - which function parameters it calls with one of its context
//     parameters, unchanged (a subscription's Consume(ctx, handle) running
//     handle(ctx, msg)): a callback registered with a stored context gets
//     that very context, so passing the stored one inside loses nothing;
//   - which context forms (XContext) call their plain sibling X in a loop
//     that also reads the context (PrimaryInfoWithContext asking
//     PrimaryInfo on every tick until it answers): X is the one-shot
//     question, and a call of X is not the same request without a context;
//   - which context parameters it observes only when another parameter is
//     not zero (if version > 0 { return remote.Read(ctx, version) }, name
//     != "", a boolean flag): a caller that passes the zero constant there
//     has nothing of its context observed.
//
// A package-level variable set once to a function and never assigned again
// in its package (var G = GetLogger, a logger's short alias) is that
// function: its fact is exported on the variable as well.
//
// Every pass asks this analyzer which local contexts are derived from the
// caller's: context.With... derivations, and calls that keep their
// argument's cancellation (a helper that only adds values, learned by the
// fact above; a With... derivation of another package such as
// errgroup.WithContext; a values-only package's function). A helper that
// returns what a values-only package's function made of its context (a
// tracing wrapper returning tracer.Start's context, directly or through a
// local set once) only adds values too: a root handed only to it, whose
// result the caller drops, loses nothing.
//
// An interface method takes what all its implementations agree on, those
// of its package and of the module's packages that package imports (an
// agent's delegate, implemented by its client and its server), a generic
// type's among them as the package's code instantiates it
// (GMVData[[]byte]).
//
// What a function does with its context is the same for every caller, so
// these facts flow across modules: a dependency's Foo whose
// FooWithContext(ctx) only reads values from ctx is known to lose nothing.
// go vet, gopls and nogo analyse every dependency for facts; budgetlint's
// own driver runs this analyzer (and only it) on the dependencies that
// import package context. The standard library stays unknown and is
// assumed to observe (its launchers and memoisers, time.AfterFunc and
// sync.Once among them, are a table in internal/knowledge), as is any
// function whose package was not analysed, unless its names say it logs
// or records metrics (its own, its type's, or its package's: a logger
// package's Target.Send(ctx, entry), whose targets import it and so stay
// out of its sight). A package that cannot see
// package context still gets launch and memoise facts.
// The analyzer reports nothing; its Result answers these questions for the
// passes.
package ctxuse

import (
	_ "embed"

	"github.com/budgetlint/budgetlint/internal/passdoc"
)

//go:embed doc.go
var doc string

// analyzerDoc is Analyzer.Doc: this file is its one source.
var analyzerDoc = passdoc.Section(doc, "ctxuse")
