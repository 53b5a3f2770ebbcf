package observe

import (
	"context"
	"errors"
)

type link struct{ broken bool }

func (c *link) call() error { return nil }

// stale asks whether a failed call's context could have expired before it
// blames the connection: only a context that can be cancelled is asked.
// context.Background() never can, so a root handed here is observed by
// nothing.
func stale(ctx context.Context, err error) bool {
	return err != nil && ctx.Done() != nil && ctx.Err() == nil
}

// withConn runs fn, which picks its own context, and drops the connection
// when fn failed for a reason of the connection's.
func withConn(ctx context.Context, c *link, fn func(*link) error) error {
	err := fn(c)
	if stale(ctx, err) {
		c.broken = true
	}
	return err
}

// blame reads the context whether or not it can be cancelled.
func blame(ctx context.Context, err error) bool {
	if ctx.Done() == nil {
		return err != nil
	}
	return errors.Is(ctx.Err(), context.Canceled)
}

// blameAlways asks Err() of every context.
func blameAlways(ctx context.Context, err error) bool {
	return err != nil && ctx.Err() == nil
}

// dialConn observes its context only when it can be cancelled, in the body of
// the test.
func dialConn(ctx context.Context, c *link) error {
	if ctx.Done() != nil {
		select {
		case <-ctx.Done():
			return ctx.Err()
		default:
		}
	}
	return c.call()
}

// A fresh root where only cancellable contexts are looked at costs nothing.
func Classify(ctx context.Context, c *link) error {
	if blame(context.Background(), c.call()) {
		c.broken = true
	}
	if err := dialConn(context.TODO(), c); err != nil {
		return err
	}
	bg := context.Background()
	return withConn(bg, c, func(c *link) error { return dialConn(ctx, c) })
}

// A fresh root made cancellable, or asked Err() unguarded, is observed.
func ClassifyBounded(ctx context.Context, c *link) error {
	bounded, cancel := context.WithCancel(context.Background()) // want `context.Background\(\) starts a fresh context where ctx is in scope, so the caller's deadline and cancellation are lost; use ctx`
	defer cancel()
	if blameAlways(context.Background(), c.call()) { // want `context.Background\(\) starts a fresh context where ctx is in scope, so the caller's deadline and cancellation are lost; use ctx`
		c.broken = true
	}
	return withConn(bounded, c, func(c *link) error { return dialConn(ctx, c) })
}

// withCached roots the context withConn looks at only if cancellable.
func withCached(c *link, fn func(*link) error) error {
	return withConn(context.Background(), c, fn)
}

// withBlamed roots a context blameAlways asks Err() of.
func withBlamed(c *link) bool {
	return blameAlways(context.Background(), c.call())
}

// Through a helper the same holds: its callers lose nothing, or its root.
func Resolve(ctx context.Context, c *link) error {
	if err := withCached(c, func(c *link) error { return dialConn(ctx, c) }); err != nil {
		return err
	}
	if withBlamed(c) { // want `withBlamed starts a fresh context \(context.Background\(\) at cancellable.go:85\), so the caller's deadline and cancellation stop at this call; give it a context.Context parameter and pass ctx`
		return errors.New("blamed")
	}
	return nil
}
