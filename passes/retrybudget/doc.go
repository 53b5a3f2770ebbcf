// Package retrybudget defines an Analyzer that reports retry loops and
// retry helpers that never consult the caller's deadline.
//
// # Analyzer retrybudget
//
// retrybudget: report retries that ignore the caller's deadline
//
// A retry spends the caller's budget: three 2 s attempts are a 6 s worst
// case plus the backoff, whatever the caller's deadline, and an attempt
// that starts with 80 ms left cannot succeed (budgetlint explain
// retrybudget). A budget-aware retry checks the context before each
// attempt, waits with a select on ctx.Done(), and tells the caller's
// cancellation apart from a retryable failure.
//
// A retry loop is a for or range loop that repeats a fallible call after
// it failed (err != nil, an error getter such as stream.Err() however
// often it is asked, or an HTTP 429/5xx status) and leaves the loop
// once it succeeds: counted loops, for range n, for {} with a break or
// return on success, a range over a list of delays, a condition that
// retries the call (for db.Ping() != nil), waiting with time.Sleep,
// time.After, a timer, a backoff helper, or not at all (a select
// with a default polls: it does not wait).
//
// On a request path (a function with a context.Context parameter, an
// *http.Request, a gRPC stream or a framework context, and closures inside
// it) the pass reports, at the for keyword, a retry loop in which no
// context's Err(), Done() or Deadline() is consulted (in the loop, its
// condition, or a select) and no wait helper given the context returns on
// cancellation:
//
//	for attempt := 0; attempt < 3; attempt++ {
//		resp, err := client.Do(req) // req carries ctx: that does not stop the loop
//		if err == nil {
//			return resp, nil
//		}
//		time.Sleep(backoff(attempt))
//	}
//	// retry loop sleeps and retries after the caller's deadline; check
//	// ctx.Err() before each attempt, and wait with select on ctx.Done()
//
// The message says which defect it is: a loop that explicitly retries on
// context.Canceled or context.DeadlineExceeded (or gRPC's codes, also
// through an error predicate of the package such as isRetryable(err)), an
// unbounded loop with neither an attempt limit (a counter, a retry taken
// only while a count lasts (if retryable(err) && retries > 0 { retries--;
// continue }), a one-shot flag,
// a timer started before the loop or made each round to one instant:
// time.After(time.Until(req.Deadline))) nor a context check, a
// loop that sleeps or waits between attempts, or a bounded loop without a
// wait whose attempts do not take the context.
//
// It also reports calls into retry helpers that are given no context:
// github.com/cenkalti/backoff up to v4 (Retry, RetryNotify and their
// WithData and WithTimer forms) whose BackOff is not wrapped by
// backoff.WithContext (a BackOff made by a call given the context, a
// client's backoff factory c.newBackOff(ctx), counts as wrapped);
// github.com/avast/retry-go's Do and DoWithData
// without the retry.Context option; and the
// k8s.io/apimachinery/pkg/util/wait pollers that take no context (Poll,
// PollImmediate, PollInfinite, PollImmediateInfinite, ExponentialBackoff,
// and PollUntil unless its stop channel is ctx.Done()); an immediate
// poller whose condition never asks to be polled again (each return is
// done, or an error known not to be nil) asks it once and is left alone.
//
// Left alone: loops bounded by a context check, in the loop, its condition
// or a select (or a select case on a stop channel of the code's own, a
// chan struct{} whose case returns: its owner ends the loop), through a deadline or done channel read before the loop, or
// through a helper given the context (a function of the module that checks
// the context and reports it, learned by the ctxuse facts; a closure or
// same-package function that reads it; golang.org/x/time/rate,
// x/sync/semaphore; a cenkalti BackOff's NextBackOff() when the BackOff
// carries the context, backoff.WithContext(b, ctx): it returns
// backoff.Stop once the context is done or its deadline is nearer than
// the next wait; a method of a value built by a call given the context
// that reads the context it holds, by the ctxuse facts (b :=
// backoff.New(ctx, cfg); b.Ongoing(), or a poller interface whose
// implementations all wait on theirs: _, p := newPoller(ctx, d);
// p.Wait()); and, where the code is unknown, a function named like
// a sleep, wait, backoff, acquire or throttle, but not one that records or
// logs); a loop without any wait whose attempt passes the context to its
// calls (each attempt fails fast once the caller is gone) when it is
// bounded, or when it leaves on a context error: it goes round again only
// on errors it names (errors.Is(err, errBusy), err == errStale, errors.As
// to a driver's concrete error type, as a server's deadlock code, another
// package's predicate such as IsNotFound whose name is not about retries,
// timeouts or cancellation) and returns or breaks on every other one, or
// each of whose passes starts with a call given the context that leaves on
// any error (authz, err := client.Authorize(ctx, ...); if err != nil {
// return err }): a context error retried later comes back round to it (an
// attempt that runs a callback parameter counts as given the context when
// every call of the function writes that callback in place and passes the
// context in it: n.onStore(ctx, func(s *store) error { return
// s.WaitFor(ctx, rev) })); a
// loop of the same kind that leaves on a context error with a constant
// wait under half a second (the caller waits at most that pause once); a
// wait given the context (client.WaitAuthorization(ctx, ...)) is no wait,
// nor is the attempt itself when it is named like one (n.waitOnStore(f)),
// nor is a timer made and handed to the attempt (its own timeout) or, in
// a function the loop calls, a receive that waits for another goroutine's
// work rather than for time (a lookup already in flight);
// a loop whose every context is one the function detached from its
// caller with context.WithoutCancel, bounded or not (cleanup, cancel :=
// context.WithTimeout(context.WithoutCancel(ctx), time.Minute)): clean-up
// or a commit meant to finish after the caller has gone, with no caller's
// budget to consult;
// loops that are not retries (a system call made again only when a signal
// interrupted it, err != syscall.EINTR: the kernel's restart idiom, or
// with a bigger buffer on syscall.ERANGE: a getxattr size probe;
// consumers and accept loops that go on after
// a success, polling for a state, iteration over items, pages or
// endpoints, a call made only in the switch case or if of the item it
// tries, a loop that takes its next input from a source, ending when
// the source is empty: a nil value, an empty batch (len(batch) == 0), a
// false ok, io.EOF, and one whose
// passes fill a batch from an iterator made before it, in a nested loop
// (docs.Next()), and a read loop that skips a bad message: a call given
// what a read in the same pass returned (decode(buf[:n]) after n, err :=
// conn.Read(buf), whose every error leaves), or a value made from it,
// fails on that message, and the loop reads the next); helpers given a
// context, or whose operation checks it (cenkalti/backoff v5 always is);
// code off the request path; goroutines started from a handler; tests. A
// gRPC stream passed to a call carries the caller's context as a request
// does.
//
// A check counts only where the retry path reaches it: a continue on a
// retried call's error before the loop's only check (a case <-ctx.Done()
// further down) leaves that retry unchecked, and is reported. In a loop
// without a wait whose attempts take the context, the path that matters is
// the one a context error takes: an immediate retry of another named error
// (if errors.Is(err, errStale) { continue }) ahead of the check is not on
// it.
//
// Checking the call's own error with errors.Is(err, context.Canceled) is
// not a budget check: the loop still sleeps before it finds out. The pass
// offers no suggested fix: how to return from the loop depends on the
// function's results.
package retrybudget

import (
	_ "embed"

	"github.com/budgetlint/budgetlint/internal/passdoc"
)

//go:embed doc.go
var doc string

// analyzerDoc is Analyzer.Doc: this file is its one source.
var analyzerDoc = passdoc.Section(doc, "retrybudget")
