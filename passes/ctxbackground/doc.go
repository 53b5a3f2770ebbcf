// Package ctxbackground defines an Analyzer that reports fresh root
// contexts started where the caller's context is in scope.
//
// # Analyzer ctxbackground
//
// ctxbackground: report context.Background() and context.TODO() on a request path
//
// A request enters with one deadline and one cancel signal, carried by its
// context. context.Background() and context.TODO() start a new tree with
// neither, so the work below keeps running after the caller has given up:
// in the model of a four-hop chain with one slow hop, fixed timeouts leave
// 6400 ms of abandoned work where a propagated deadline leaves none
// (budgetlint explain ctxbackground).
//
// On a request path (a function with a context.Context parameter, an
// *http.Request, a gRPC stream or a framework context, and closures inside
// it) the pass reports a fresh root passed as an argument, assigned to a
// variable, or overwriting the inbound context:
//
//	func (s *Server) Get(ctx context.Context, id string) (*Item, error) {
//		return s.store.Load(context.Background(), id) // want ctx
//	}
//
// It also reports, at the call site, calls to functions that have no
// context parameter, nor a parameter carrying one (a request, a retry state
// with GetCtx()), but root one themselves and pass it on (directly or
// through a chain of such functions, across packages, by analysis facts):
//
//	func handle(w http.ResponseWriter, r *http.Request) {
//		cache.Warm() // Warm calls db.QueryContext(context.Background(), ...)
//	}
//
// A root that reaches nothing observing cancellation loses nothing and is
// left alone: one handed only to a logger or another value reader, to
// in-memory computation, or to a callee that ignores its context (the
// ctxuse analysis learns which do, by facts), or to a derivation whose
// context is dropped (g, _ := errgroup.WithContext(context.Background())).
// So does a root handed only to code that observes a context once it has
// found it cancellable (if ctx.Done() != nil { ... }): Background and TODO
// never are. The same holds for a helper's root, and so for every caller
// of that helper, and for a root cancelled at once, before anything uses it
// (dead, cancel := context.WithCancel(context.Background()); cancel()): a
// dead context handed on on purpose. A helper whose doc comment, or whose
// root's own line, says it detaches on purpose (bg := context.Background()
// // in memory, no need to worry about cancellation) roots nothing for its
// callers.
//
// A helper's root includes one inside a closure the helper hands to a
// function that runs it before returning (s.withClient(func(c Client)
// error { return c.List(context.Background(), dir) })), as the ctxuse
// facts learn; a closure queued, stored or launched runs later and is not
// the helper's work, and neither is a call the helper also makes in a go
// statement (if waitFor[op] { return h.Handle(n) }; go h.Handle(n), or a
// cache that waits for its refresh only when it has nothing to serve):
// detached work that a setting or an empty cache may make it wait for.
//
// A helper whose root sits in a branch that one constant value of a
// parameter selects (if evaluate { ... } on a boolean parameter, or one
// case of a switch on a parameter) roots only for callers that may pass
// that value: compile(name, false) reaches nothing, and so neither does a
// caller that passes a constant on to it. Likewise a helper whose root
// only a method of one of its interface parameters could observe
// (objects.ByKeys(b Bucket, …) calling b.Get(context.TODO(), k)) roots
// only for callers whose argument's own method observes it: a caller
// passing a local store whose Get only annotates a log from its context
// loses nothing, one passing a remote store or an interface value of
// unknown kind is told.
//
// One root (its package and position) reached twice from one function is
// one finding, through one helper or several, exported or not (Add,
// AddChild and fillTrickleRec all ending at the same TODO): the deadline
// is lost once, at the root, and the other calls are the finding's
// related places. A helper called on another helper's result
// (stats.forServer(name).failure()) starts at the same position and is
// reported there once, and one variable given a root in
// two places (bg := context.Background(); if cfg != nil { bg =
// context.WithValue(context.Background(), k, cfg) }) is one finding.
//
// A function does not count as rooting its context when the root only
// builds state kept in a field or package variable (a client made on
// first use, p.keys = NewKeySet(ctx, url), or anywhere in the body of an
// if that finds the field nil and sets it, or finds a key missing from a
// kept map and sets it (c, ok := s.clients[addr]; if !ok { ...;
// s.clients[addr] = c }): the shared client's set-up, done once for every
// caller, helpers that root their own called there included), or is the placeholder that
// (*http.Request).Clone demands; nor when it only calls a helper that
// roots one to build a component kept that way (a value with a Close
// method: s, err := openShell(); t.sess = s): the root is that component's
// lifetime, at the helper and at its callers; nor when a constructor
// returns what another constructor builds on the root (return
// newConnHandler(context.Background(), conn) in newSubscription); nor
// when the root's cancel is called once a signal the caller hands over
// fires (case <-c.Canceled(): cancel(), with c a parameter: the caller's
// own cancellation protocol reaches the work), or from a callback the code
// hands to another function (cancelAfterIdle(ctx, func() { relayCancel() },
// idle): an inactivity timer ends the root, a stop of its own chosen on
// purpose). A cached
// lookup result kept in a field is still the work of the request that
// fetched it.
//
// Left alone: code off the request path (main, init, package variables,
// functions without an inbound context), test code (see inbound), a root
// that stands in for a missing context or request (in if ctx == nil, or a
// default that if r != nil { ctx = r.Context() } replaces at once), a root
// used inside a go or defer statement, or held in a variable (itself or
// derived) that only detached work reads (exitCtx, cancel :=
// context.WithCancel(context.Background()) handed to a function that reads
// its context only in a goroutine it does not wait for), a closure handed to a function that
// launches it or calls it only once a context is done (a shutdown hook),
// or a closure returned or stored to run later, itself or in a list of
// hooks (deliberately detached work, or cleanup that must not depend on a
// context that may be done) or where the inbound context is already done
// (after <-ctx.Done() or a run-until loop on it such as
// wait.UntilWithContext(ctx, f, d): a shutdown, a lease's release), a root
// in a statement whose comment says that it detaches on purpose ("use a
// background context so that every replica gets it even if we return
// early", "we don't use the passed in apiCtx here, as it could be tied to
// a timeout", or the reason after another linter's directive:
// "//nolint:govet // we don't want to cancel that context"; never a to-do
// about the context, nor a //lint:ignore, which is a suppression with its
// own checks; the comment on the first of a
// run of statements that each make a root speaks for the run, the one
// on an if for the first statement of its body, the one on an element of
// a composite literal for its value, and one that names the fresh context
// and says why, on a statement that makes none, for the rest of its block:
// "use context.Background() so the save completes even if the request is
// cancelled" above the step it opens), or in a
// function whose doc
// comment says why it detaches (DetachContext, "for background tasks that
// won't be cancelled when the request completes"), a root given to, or
// made by, a function that stops or undoes other work (Kill, KillQuery,
// Abort, Terminate, Rollback: it runs because that work failed or was
// cancelled, and must finish whatever the caller's context says), a root
// in clean-up after a failed call given the inbound context (if err :=
// s.put(ctx, x); err != nil { s.remove(context.Background(), x); return
// err }: the failure may be the caller's cancellation), a root
// wrapped by a helper that returns it with values added
// (trace.CopySpan(context.Background(), ctx)) and then kept, a root kept as the lifetime of
// what a call returns (an OAuth2 client, a go-oidc key set, a websocket
// wrapped as a net.Conn), a root put in a value whose users hand it their
// context with a setter (&Session{ctx: context.Background()} where Session
// has WithContext(ctx): the value's default), a root cancelled once the inbound context is done
// (context.AfterFunc, a goroutine or closure that waits for its Done()), a
// root that is the
// parent of context.WithTimeout or WithDeadline (fixedtimeout reports that),
// and a call whose callee has a context-taking sibling (dropcancel reports
// that).
//
// The suggested fix replaces the root with the inbound context.
//
// Flags: -tests also reports test functions, suggesting t.Context();
// -detached also reports roots in go and defer statements or read only by
// goroutines, where the
// inbound context is done, in clean-up after a failed call and where a
// comment says they detach, suggesting
// context.WithoutCancel(ctx), which keeps the request's values; -latent
// also reports roots that reach nothing observing cancellation.
package ctxbackground

import (
	_ "embed"

	"github.com/budgetlint/budgetlint/internal/passdoc"
)

//go:embed doc.go
var doc string

// analyzerDoc is Analyzer.Doc: this file is its one source.
var analyzerDoc = passdoc.Section(doc, "ctxbackground")
