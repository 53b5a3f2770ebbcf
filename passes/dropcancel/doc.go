// Package dropcancel defines an Analyzer that reports calls which cannot
// carry the caller's cancellation signal where a form that can exists.
//
// # Analyzer dropcancel
//
// dropcancel: report calls that cannot be cancelled when the caller gives up
//
// A deadline bounds how long the caller waits; only the cancel signal stops
// the work below it. A call that cannot receive the signal keeps the
// dependency busy after the caller has left: in the model of a split
// budget, a tight split without cancellation only moves the load from the
// caller to the dependency (130.5 vs 136.7 busy slots), with it the load
// drops (82.4 vs 40.2) (budgetlint explain dropcancel).
//
// On a request path (a function with a context.Context parameter, an
// *http.Request, a gRPC stream or a framework context, and closures inside
// it) the pass reports:
//
//   - the standard library's calls without a context: http.Get, Head, Post,
//     PostForm and the same *http.Client methods; http.NewRequest, unless
//     the function attaches a context with req.WithContext or req.Clone
//     before sending the request; Query, QueryRow, Exec, Prepare, Begin and
//     Ping on *sql.DB, *sql.Tx and *sql.Stmt; exec.Command; net.Dial,
//     net.DialTimeout, (*net.Dialer).Dial, tls.Dial; net.Lookup*;
//   - any call X(args) whose receiver or package also offers XContext(ctx,
//     args) or XWithContext(ctx, args), such as the AWS SDK v1's GetObject
//     beside GetObjectWithContext, sqlx's Get beside GetContext, or the
//     analysed code's own clients, when the sibling returns what X does
//     (or that and an error): HTTPClientContext(ctx) returning a context
//     that carries the client is another operation;
//   - a stored context (a struct field such as s.ctx, a package-level
//     variable) passed to a context parameter, or as the parent of a
//     derived context, instead of the caller's.
//
// For example:
//
//	func (r *Repo) Find(ctx context.Context, id int64) (*User, error) {
//		row := r.db.QueryRow(q, id)    // use r.db.QueryRowContext(ctx, q, id)
//		out, err := r.s3.GetObject(in) // use r.s3.GetObjectWithContext(ctx, in)
//		err = r.db.PingContext(r.ctx)  // use ctx
//		...
//	}
//
// Left alone: code off the request path, work in a go statement or once
// the inbound context is done (clean-up after <-ctx.Done()), a statement
// whose comment says why it does not use the caller's context ("we don't
// use the passed in apiCtx here, as it could be tied to a timeout"), tests,
// calls that already carry a context, calls with no context form, a
// context form whose other parameters differ, context.WithoutCancel
// (deliberate detachment), a field reached through the inbound value
// itself, a stored context the function set up itself or passes where it
// left its own context parameter unnamed (Plan(_ context.Context):
// it discarded the caller's context on purpose), and logging APIs,
// whose context variants carry values rather than cancellation. Nor where
// nothing that matters is lost: a context variant whose context reaches
// nothing that observes it (learned by the ctxuse facts) or, outside the
// module, one whose results cannot report cancellation (only plain values:
// no error, bool, interface or pointer; resource.DefaultWithContext(ctx)
// *Resource), a context form that only asks the plain form again until it
// answers (PrimaryInfoWithContext polling PrimaryInfo: the plain call is
// the one-shot question, and the variant would add a wait), a call into
// another repository's test support (grpc's test/bufconn Dial: an
// in-memory pipe to a server in the same process), a command-line
// framework's Execute in a package whose commands never read their
// command's context (cobra's ExecuteContext only hands ctx to
// cmd.Context(); commands that took ctx from their closures have it), the plain form
// called inside its own variant (the fix would recurse), a dial (net's or
// crypto/tls's) of a local unix socket or of this host's loopback address
// ("localhost:%d", "127.0.0.1:" + port, net.JoinHostPort("", port)), a
// gRPC dial never told to block (grpc.Dial connects lazily: DialContext's
// context bounds only a dial given grpc.WithBlock()), a plain form that
// stands in for a nil context (if ctx != nil { return p.GetContext(ctx) };
// return p.Get()) and a stored context that does (immediate := ctx ==
// nil; if immediate { ctx = c.ctx }), a
// request kept in a field as a template, handed to a function that
// attaches a context before sending it, or returned unsent to the caller
// (which sends it with its own context), a request never sent (only read
// or filled in, itself or by callees that do no more: a dummy request
// that formats an Authorization header, a presigned URL), a call on a
// value an attacher bound to a context (c := conn.WithContext(ctx);
// c.Store.Exec(q)), a stored context
// passed beside one derived from the caller's (the lifetime of what the
// call builds) or beside the cancel of one derived from it (ctx, cancel :=
// context.WithCancel(ctx); cancelIfDone(cancel, c.doneCtx): the stored
// context can only end the caller's work early) or to a constructor whose result outlives the function
// (returned by a constructor, or kept in a field: return
// newConnHandler(c.engineCtx, conn) in newSubscription) or to a function
// that keeps the context it is given (an engine's Open(ts.batchCtx) that
// keeps it, or its derivation's cancel, in a field: learned by ctxuse) or handed back
// through locals set from the caller's context, a stored context given to a value reader, and one in a field of
// a struct the function was handed by value (params.ctx: a copy made for
// the call, in which the caller sends its own context), a field that only
// context setters (WithContext(ctx), SetContext) or a request's own
// context (q := &pageQuery{ctx: r.Context()}) write in the package: the
// caller's context handed in for the calls to come, a stored lifetime
// that a child derived here and kept with its own cancel (a lease) or a
// process that outlives the call (exec.CommandContext started without a
// Wait here) inherits, a context the method's receiver embeds (a type that
// embeds a context is one) or a context field of a receiver whose type is
// itself a context.Context (its Done and Err forward to that field), a
// stored context that is the method's own (an unexported callback only
// ever registered with that very field by a
// call that runs it with the field unchanged: Consume(s.ctx, s.onMessage)
// calls onMessage(ctx, msg)), and a dial by a net.Dialer whose Deadline was
// set from the caller's ctx.Deadline(), or a net.DialTimeout whose timeout
// is computed from it (time.Until(t)). The same call in both branches of
// an if is one finding.
//
// The suggested fix passes the inbound context as written at the call:
// http.NewRequestWithContext(ctx, ...), db.QueryContext(ctx, ...),
// XContext(ctx, ...), exec.CommandContext(ctx, ...), ctx for s.ctx. There
// is no fix where the context cannot be named at the call or the rewrite
// is not mechanical (http.Get, tls.Dial, a variant with other results).
//
// Flags: -exclude sets the import paths (and their subpackages) whose
// context variants carry values only, such as loggers; it replaces the
// default list (go.uber.org/zap, github.com/sirupsen/logrus,
// github.com/rs/zerolog, ...). log/slog is always excluded, as are methods
// named after log levels (Info, Warnf, ...).
package dropcancel

import (
	_ "embed"

	"github.com/budgetlint/budgetlint/internal/passdoc"
)

//go:embed doc.go
var doc string

// analyzerDoc is Analyzer.Doc: this file is its one source.
var analyzerDoc = passdoc.Section(doc, "dropcancel")
