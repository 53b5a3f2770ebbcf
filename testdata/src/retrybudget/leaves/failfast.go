// Package leaves holds retry loops that stop once the caller has gone
// without checking the context themselves: they retry only errors they
// name, leave on every other one (a context error included), and their
// attempts take the context. Beside each, the nearby shape that is still
// reported.
package leaves

import (
	"context"
	"errors"
	"time"

	pkgerrors "github.com/pkg/errors"
	"google.golang.org/grpc"
)

type Record struct{ Name, Value string }

type Store interface {
	Insert(ctx context.Context, r Record) (Record, error)
	Replace(ctx context.Context, r Record) (Record, error)
}

// notFound and conflict stand for another package's error predicates
// (errdefs.IsNotFound): the walk cannot see inside them.
var notFound, conflict func(error) bool

// Insert, or replace what is there; when it vanished in between, insert
// again. No wait, no attempt limit: but once ctx is done Insert fails with
// the context's error, which is neither a conflict nor a missing record,
// and the loop returns it.
func Upsert(ctx context.Context, s Store, r Record) (Record, error) {
	for {
		got, err := s.Insert(ctx, r)
		if err == nil {
			return got, nil
		}
		if !conflict(err) {
			return Record{}, err
		}
		got, err = s.Replace(ctx, r)
		if err != nil {
			if notFound(err) {
				continue
			}
			return Record{}, err
		}
		return got, nil
	}
}

// The same loop retrying every error of Insert retries the context's too:
// it spins until Insert succeeds, long after the caller has gone.
func UpsertAny(ctx context.Context, s Store, r Record) (Record, error) {
	for { // want `retry loop has no attempt limit and never checks ctx, so it can retry forever after the caller's deadline; check ctx\.Err\(\) before each attempt$`
		got, err := s.Insert(ctx, r)
		if err != nil {
			continue
		}
		return got, nil
	}
}

type Reply struct{ Truncated bool }

type Upstream interface {
	Exchange(ctx context.Context, q string, tcp bool) (*Reply, error)
}

var errStale = errors.New("pooled connection was closed")

// Re-sent on a stale pooled connection (a sentinel), and once more over
// TCP when the reply is truncated: on a context error the reply is nil,
// so neither test holds and the loop breaks.
func Exchange(ctx context.Context, u Upstream, q string) (*Reply, error) {
	var (
		reply *Reply
		err   error
	)
	tcp := false
	for {
		reply, err = u.Exchange(ctx, q, tcp)
		if err == errStale {
			continue
		}
		if reply != nil && reply.Truncated && !tcp {
			tcp = true
			continue
		}
		break
	}
	return reply, err
}

// The same retry whose attempts do not take the context: once the caller
// has gone, nothing stops a run of stale connections.
func ExchangeDetached(ctx context.Context, u Upstream, q string) (*Reply, error) {
	for { // want `retry loop has no attempt limit and never checks ctx, so it can retry forever after the caller's deadline; check ctx\.Err\(\) before each attempt$`
		reply, err := u.Exchange(context.Background(), q, false)
		if errors.Is(err, errStale) {
			continue
		}
		return reply, err
	}
}

var errResubscribe = errors.New("subscription closed: resubscribe")

type Feed struct{}

// serve streams events until the stream ends (it returns nil then) or the
// subscription is closed under it.
func (f *Feed) serve(from uint64, stream grpc.ServerStream) (uint64, error) {
	return from, stream.SendMsg(from)
}

// A gRPC stream handler that resubscribes after a forced close: each
// attempt is given the stream, which carries the caller's context, and any
// other outcome returns.
func (f *Feed) Watch(from uint64, stream grpc.ServerStream) error {
	for {
		var err error
		from, err = f.serve(from, stream)
		if errors.Is(err, errResubscribe) {
			continue
		}
		return err
	}
}

// The same loop resubscribing on any error resubscribes after the stream
// has ended too.
func (f *Feed) WatchAny(from uint64, stream grpc.ServerStream) error {
	for { // want `retry loop has no attempt limit and never checks stream\.Context\(\), so it can retry forever after the caller's deadline; check stream\.Context\(\)\.Err\(\) before each attempt$`
		var err error
		if from, err = f.serve(from, stream); err == nil {
			return nil
		}
	}
}

// A predicate whose name says it classifies retries may well count a
// context error as one: the loop is still reported.
var isRetryable func(error) bool

func UpsertRetryable(ctx context.Context, s Store, r Record) (Record, error) {
	for { // want `retry loop has no attempt limit and never checks ctx, so it can retry forever after the caller's deadline; check ctx\.Err\(\) before each attempt$`
		got, err := s.Insert(ctx, r)
		if err != nil && isRetryable(err) {
			continue
		}
		return got, err
	}
}

// A deadline for each attempt, capped by an overall one with
// time.Time.After, which compares two times and does not wait: the loop
// has no wait, and it leaves on a context error.
func ExchangeBefore(ctx context.Context, u Upstream, q string, overall time.Time) (*Reply, error) {
	for {
		attemptDeadline := time.Now().Add(time.Second)
		if attemptDeadline.After(overall) {
			attemptDeadline = overall
		}
		actx, cancel := context.WithDeadline(ctx, attemptDeadline)
		reply, err := u.Exchange(actx, q, false)
		cancel()
		if err == errStale {
			continue
		}
		return reply, err
	}
}

// The same shape written with github.com/pkg/errors, whose Is is the
// standard one: it goes round only on a lost race and leaves on every
// other error, the context's included.
var errRaced = pkgerrors.New("content not found")

type Contents interface {
	Iterate(ctx context.Context, each func(id string) error) error
}

func LoadAll(ctx context.Context, c Contents) error {
	for {
		err := c.Iterate(ctx, func(string) error { return nil })
		if err == nil {
			return nil
		}
		if pkgerrors.Is(err, errRaced) {
			continue
		}
		return pkgerrors.Wrap(err, "load")
	}
}
