package a

import (
	"context"
	"time"
)

type replicas struct{}

func (replicas) Push(ctx context.Context, n int) error { return ctx.Err() }

// Code that says, in the comment on the statement, that it is cut from the
// caller's context on purpose has made the choice the finding would ask
// about: it is left alone (and reported with -detached).
func Replicate(ctx context.Context, r replicas) error {
	// Use a background context so that every replica gets the batch even
	// if the caller returns early.
	if err := r.Push(context.Background(), 1); err != nil {
		return err
	}

	// Intentionally an empty context: the push must not read request values.
	_ = r.Push(context.TODO(), 2)

	// When the caller is cancelled the barrier must still complete, so it
	// runs on [context.Background].
	_ = r.Push(context.Background(), 3)

	bg := context.Background() // all in memory: nothing to cancel
	_ = r.Push(bg, 4)

	// Broadcast with the background context, so the push goes on the
	// shared stream.
	// TODO: make this bound configurable.
	_ = r.Push(context.Background(), 6)

	// The tunnel couples its dial and its lifetime to one context. Because
	// of that, we cannot use ctx just for dialing.
	_ = r.Push(context.TODO(), 7)

	// The reply is in hand now, so store it regardless of whether upstream
	// gives up.
	ctx = context.Background()
	return r.Push(ctx, 5)
}

// Comments that do not say so leave the finding.
func ReplicateUndocumented(ctx context.Context, r replicas) error {
	// TODO: use a proper context here instead of the background context.
	_ = r.Push(context.Background(), 1) // want `context.Background\(\) starts a fresh context where ctx is in scope`

	// Push even if the batch is empty.
	_ = r.Push(context.Background(), 2) // want `context.Background\(\) starts a fresh context where ctx is in scope`

	n := 3 // a background context would be wrong here, said of the line, not the push below
	_ = r.Push(context.Background(), n) // want `context.Background\(\) starts a fresh context where ctx is in scope`

	// The comment is on the statement around the root, not on a later one.
	time.Sleep(0)
	_ = r.Push(context.Background(), 4) // want `context.Background\(\) starts a fresh context where ctx is in scope`

	// A trailing comment counts only on a statement that just makes the
	// root.
	_ = r.Push(context.Background(), 5) /* no need to worry about cancellation */ // want `context.Background\(\) starts a fresh context where ctx is in scope`
	return nil
}

// A helper whose root says it detaches on purpose is no rooting helper.
func fill(r replicas) error {
	bg := context.Background() // no need to worry about cancellation: in memory
	return r.Push(bg, 1)
}

func fillUndocumented(r replicas) error {
	bg := context.Background() // in memory
	return r.Push(bg, 1)
}

func persist(r replicas) error {
	bg := context.Background() // we've got the keys, don't time out when persisting them
	return r.Push(bg, 2)
}

// unlock uses a fresh context so that it still runs after the caller's
// context has been cancelled at shutdown.
func unlock(r replicas) error {
	return r.Push(context.Background(), 0)
}

func Fill(ctx context.Context, r replicas) error {
	if err := fill(r); err != nil {
		return err
	}
	if err := unlock(r); err != nil {
		return err
	}
	if err := persist(r); err != nil {
		return err
	}
	return fillUndocumented(r) // want `fillUndocumented starts a fresh context`
}

type segmentKey struct{}

// DetachSegment returns a context with the request's trace segment for
// background tasks that won't be cancelled when the request completes.
func DetachSegment(ctx context.Context) context.Context {
	return context.WithValue(context.Background(), segmentKey{}, ctx.Value(segmentKey{}))
}

// Detached returns a detached context that keeps only the request's
// trace segment.
func Detached(ctx context.Context) context.Context {
	return context.WithValue(context.Background(), segmentKey{}, ctx.Value(segmentKey{}))
}

// Named pushes with a detached context that keeps the trace segment: it
// returns no context, so naming the root is not a reason.
func Named(ctx context.Context, r replicas) error {
	return r.Push(context.WithValue(context.Background(), segmentKey{}, ctx.Value(segmentKey{})), 1) // want `context.Background\(\) starts a fresh context where ctx is in scope`
}

// CopySegment returns a context with the request's trace segment.
func CopySegment(ctx context.Context) context.Context {
	return context.WithValue(context.Background(), segmentKey{}, ctx.Value(segmentKey{})) // want `context.Background\(\) starts a fresh context where ctx is in scope`
}

func ReplicateContrasted(ctx context.Context, r replicas) error {
	// background, not ctx: a client that disconnects must not leave half
	// the replicas without the batch
	return r.Push(context.Background(), 1)
}

// One comment can speak for a run of statements that each make a root; the
// run ends at the first statement that makes none.
func Restart(ctx context.Context, r replicas) error {
	// The first two steps must happen even if the context expires, so they
	// use a background context.
	if err := r.Push(context.Background(), 1); err != nil {
		return err
	}

	// Then the second.
	if err := r.Push(context.TODO(), 2); err != nil {
		return err
	}
	if err := r.Push(ctx, 3); err != nil {
		return err
	}
	return r.Push(context.Background(), 4) // want `context.Background\(\) starts a fresh context where ctx is in scope`
}

// A comment that names the fresh context and says why, on a statement
// that makes none, opens a section: it speaks for the roots in the rest of
// its block, closures written there included.
func SaveDocumented(ctx context.Context, r replicas) error {
	// Save the entry. Use context.Background() so that the save completes
	// even if the request is cancelled, and no chunk is orphaned.
	n := 1
	save := func() error {
		return r.Push(context.Background(), n)
	}
	if err := save(); err != nil {
		return r.Push(context.TODO(), 0)
	}
	return nil
}

// Naming the root without a reason does not.
func SaveNamed(ctx context.Context, r replicas) error {
	// Save the entry on context.Background().
	n := 1
	return r.Push(context.Background(), n) // want `context.Background\(\) starts a fresh context where ctx is in scope`
}

// A section comment covers its own block only.
func SaveScoped(ctx context.Context, r replicas, retry bool) error {
	if retry {
		// Use a background context so the save completes even if the
		// request is cancelled.
		n := 1
		_ = r.Push(context.Background(), n)
	}
	return r.Push(context.Background(), 2) // want `context.Background\(\) starts a fresh context where ctx is in scope`
}

type queued struct {
	ctx context.Context
	n   int
}

// The comment on an element of a composite literal is the root's.
func Enqueue(ctx context.Context, r replicas, q chan<- queued) error {
	q <- queued{
		// A non-cancellable context for the queued write, so a cancelled
		// caller does not abort the apply loop mid-write.
		ctx: context.Background(),
		n:   1,
	}
	q <- queued{
		ctx: context.Background(), // want `context.Background\(\) starts a fresh context where ctx is in scope`
		n:   2,
	}
	return r.Push(ctx, 0)
}

// A reason after a linter directive is still the author's reason.
func Reload(ctx context.Context, r replicas) error {
	if err := r.Push(ctx, 0); err != nil {
		return err
	}
	//nolint:contextcheck // reload uninterrupted by context: shutdown cancels the shard anyway
	return r.Push(context.Background(), 1)
}

// The directive alone says nothing of the context.
func ReloadQuiet(ctx context.Context, r replicas) error {
	//nolint:contextcheck
	return r.Push(context.Background(), 1) // want `context.Background\(\) starts a fresh context where ctx is in scope`
}
