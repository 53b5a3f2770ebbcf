// Package fixedtimeout defines an Analyzer that reports fixed timeouts and
// waits that ignore the caller's deadline.
//
// # Analyzer fixedtimeout
//
// fixedtimeout: report fixed timeouts and waits that ignore the caller's deadline
//
// A request enters with one deadline. A step below it that bounds itself by
// a fixed number instead of what remains of that deadline makes per-hop
// timeouts add up: four services each with "a 5 second timeout" do not bound
// the user's wait at 5 s, and five 10 s timeouts can keep a request alive
// 50 s (budgetlint explain fixedtimeout).
//
// On a request path (a function with a context.Context parameter, an
// *http.Request, a gRPC stream or a framework context, and closures inside
// it) the pass reports:
//
// context.WithTimeout, WithDeadline and their Cause forms whose parent is a
// fresh root, written in place or held by a local variable:
//
//	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
//	// 5s timeout on a fresh context ignores the caller's deadline; derive it from ctx
//
// The suggested fix makes the inbound context the parent (for a variable,
// only when the root is its one assignment and the timeout its one use).
// ctxbackground leaves these roots to this pass: one mistake, one finding.
//
// A select that waits on a fixed timeout (time.After(d), a timer's
// channel) with no case on a context's Done(): the timer's case ends the
// wait, either because the select stands alone or because the case leaves
// its loop:
//
//	select {
//	case res := <-results:
//	case <-time.After(2 * time.Second): // no case <-ctx.Done()
//	}
//
// conn.SetDeadline, SetReadDeadline and SetWriteDeadline (on any type) with
// time.Now().Add(d) for a constant d, in a function that never reads the
// caller's deadline with ctx.Deadline().
//
// A fixed wait repeated by a loop that is not a retry loop (polling,
// pacing) when nothing in the loop checks a context (Err(), Done(),
// Deadline(), context.Cause): time.Sleep, <-time.After(d), <-ticker.C, a
// select on timers only, a ticker's or in-loop time.After's case that keeps
// the loop going, and for range ticker.C. Each wait runs on after the caller
// has gone.
//
// Left alone: timeouts derived from the inbound context (the child gets
// the sooner deadline) or from context.WithoutCancel(ctx) (deliberately
// detached work), a root standing in for a nil context, a variable that may
// hold either a root or the caller's context, code off the request path
// (start-up, srv.Shutdown in main), code that runs once the inbound context
// is done (a shutdown's grace period after <-ctx.Done(): no deadline is left
// to honour), a timeout on a fresh root that bounds the clean-up on the way
// out of a failure (in an if err != nil whose every exit returns a non-nil
// error: hanging up a call just answered, even when the failure is the
// caller's own cancellation), a timeout on a fresh root given only to
// calls that close a component or undo work (srv.Shutdown(ctx) in an
// admin handler, tx.Rollback(ctx): a destructor must finish whatever the
// caller's state, as ctxbackground judges a root given to one in place),
// a timeout on a fresh root returned by a
// function whose other returns give back the caller's context (it chooses
// the context its callers run under, as a configured clean-up bound does:
// ctx, or context.WithTimeout(context.Background(), opts.FailTimeout)),
// goroutines started from a handler and timeouts made only for them (or
// held in a variable that only detached work reads), tests,
// generated files, http.Server, http.Client.Timeout and net.Dialer.Timeout
// settings, a select with a default case (it polls), a one-shot timer whose
// case starts work and keeps waiting (a fallback trigger), draining a
// stopped timer, a single deliberate sleep outside any loop (throttling a
// failed login, waiting out replica lag), and the wait of a retry loop
// (retrybudget reports those).
// So is a fixed bound (a timeout on a fresh root, a timer in a select, a
// connection deadline) in a function that leaves its context parameter
// unnamed (_ context.Context): it discarded the caller's context on
// purpose and bounds the work it detached, which is what this pass would
// advise but for the context's values. Its loops of waits have no such
// bound and are still reported.
// Also left alone, as nothing that matters is lost there: a loop or select
// with a stop signal of its own (a case on a chan struct{} that leaves the
// loop, or on a component's done field), a stall guard (a select whose
// other case is signalled by a goroutine doing work on a context derived
// here from the caller's: the caller's cancellation ends that work, and so
// the wait), a loop that calls a helper which
// checks the context (learned by the ctxuse facts), a constant wait under
// half a second in a poll whose every pass makes a call given a context
// that leaves the loop on any error (once the caller has gone, the call
// fails and the loop ends after one short wait; a select whose quicker
// case is such a short ticker waits no longer than it, whatever its
// whole-operation timeout), constant waits that add
// up to under half a second in a loop of a known few passes (over a slice
// literal, for i := 0; i < 3; i++) that no other loop repeats, a wait
// computed from
// ctx.Deadline(), and a stream's per-write deadline where the handler's
// loop waits on the caller's Done(). The waits of one loop are one finding,
// the others its related positions.
//
// Suppress a finding with //nolint:fixedtimeout or
// //lint:ignore fixedtimeout reason.
package fixedtimeout

import (
	_ "embed"

	"github.com/budgetlint/budgetlint/internal/passdoc"
)

//go:embed doc.go
var doc string

// analyzerDoc is Analyzer.Doc: this file is its one source.
var analyzerDoc = passdoc.Section(doc, "fixedtimeout")
