package derive

import (
	"context"
	"time"
)

type ingesters struct{}

func (ingesters) Push(ctx context.Context, n int) error { return ctx.Err() }

// A bounded root that the comment says is cut from the caller on purpose
// is the documented detachment the finding would ask for: left alone.
func PushAll(ctx context.Context, in ingesters) error {
	// Use a background context to make sure every ingester gets the samples
	// even if we return early; the bound keeps the push from hanging.
	pctx, cancel := context.WithTimeout(context.Background(), 2*time.Second)
	defer cancel()
	return in.Push(pctx, 1)
}

// Without that comment it is a fixed timeout that ignores the caller.
func PushOne(ctx context.Context, in ingesters) error {
	// Bound the push.
	pctx, cancel := context.WithTimeout(context.Background(), 2*time.Second) // want `2s timeout on a fresh context ignores the caller's deadline`
	defer cancel()
	return in.Push(pctx, 1)
}

// The comment above an if speaks for the first statement of its body.
func PruneAfterDelete(ctx context.Context, in *ingesters) error {
	// Use a bounded background context so the clean-up survives the client
	// going away; the bucket is already gone.
	if in != nil {
		pctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
		defer cancel()
		return in.Push(pctx, 0)
	}
	return nil
}

// Not for a later statement of the body: that one has a comment of its
// own to carry.
func PruneLater(ctx context.Context, in *ingesters) error {
	// Use a bounded background context so the clean-up survives the client
	// going away; the bucket is already gone.
	if in != nil {
		in.Push(ctx, 1)
		pctx, cancel := context.WithTimeout(context.Background(), 30*time.Second) // want `30s timeout on a fresh context ignores the caller's deadline`
		defer cancel()
		return in.Push(pctx, 0)
	}
	return nil
}

// A reason after a linter directive is still the author's reason.
func Broadcast(ctx context.Context, in *ingesters) error {
	//nolint:govet // we don't want to cancel that context, the timeout takes care of it
	bctx, _ := context.WithTimeout(context.Background(), 20*time.Second)
	return in.Push(bctx, 0)
}
