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
	return nil
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
	return nil
}
