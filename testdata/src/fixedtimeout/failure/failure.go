// Package failure holds fixed timeouts on fresh roots that bound the
// clean-up after a failure: the work runs only on the way out with an
// error, which may be the caller's own cancellation, so it is detached on
// purpose and left alone. A timeout whose work can still make the call
// succeed, or that a retry goes on from, is reported.
package failure

import (
	"context"
	"errors"
	"fmt"
	"time"
)

type call struct{ answered bool }

func (c *call) dial(ctx context.Context) error         { return ctx.Err() }
func (c *call) hangUp(ctx context.Context) error       { <-ctx.Done(); return ctx.Err() }
func (c *call) fetch(ctx context.Context) (int, error) { <-ctx.Done(); return 0, ctx.Err() }

// Dial hangs up a call it answered when the dial failed, even if the
// failure is ctx's cancellation.
func (c *call) Dial(ctx context.Context) (*call, error) {
	err := c.dial(ctx)
	if err != nil {
		if c.answered {
			cleanup, cancel := context.WithTimeout(context.Background(), 2*time.Second)
			defer cancel()
			err = errors.Join(err, c.hangUp(cleanup))
		}
		return nil, err
	}
	return c, nil
}

// Reserve releases what it reserved, in a switch of its own, and wraps the
// error on every way out.
func (c *call) Reserve(ctx context.Context, n int) error {
	if err := c.dial(ctx); err != nil && n > 0 {
		release, cancel := context.WithTimeout(context.Background(), time.Second)
		defer cancel()
		for i := 0; i < n; i++ {
			if c.hangUp(release) != nil {
				break // leaves only the loop
			}
		}
		switch {
		case errors.Is(err, context.Canceled):
			return fmt.Errorf("reserve cancelled: %w", err)
		}
		return fmt.Errorf("reserve: %w", err)
	}
	return nil
}

// Fallback's fixed timeout feeds the result the call returns on success.
func (c *call) Fallback(ctx context.Context) (int, error) {
	if _, err := c.fetch(ctx); err != nil {
		other, cancel := context.WithTimeout(context.Background(), 3*time.Second) // want `3s timeout on a fresh context ignores the caller's deadline`
		defer cancel()
		return c.fetch(other)
	}
	return 1, nil
}

// Recover may return nil from the failure branch.
func (c *call) Recover(ctx context.Context) error {
	if err := c.dial(ctx); err != nil {
		again, cancel := context.WithTimeout(context.Background(), time.Second) // want `1s timeout on a fresh context ignores the caller's deadline`
		defer cancel()
		if c.dial(again) == nil {
			return nil
		}
		return err
	}
	return nil
}

// Retry goes round again from its failure branch.
func (c *call) Retry(ctx context.Context) error {
	for {
		err := c.dial(ctx)
		if err != nil {
			pause, cancel := context.WithTimeout(context.Background(), time.Second) // want `1s timeout on a fresh context ignores the caller's deadline`
			_ = c.hangUp(pause)
			cancel()
			continue
		}
		return nil
	}
}

// Success times out work in a branch on a non-nil value that is no error.
func (c *call) Success(ctx context.Context, p *call) error {
	if p != nil {
		more, cancel := context.WithTimeout(context.Background(), time.Second) // want `1s timeout on a fresh context ignores the caller's deadline`
		defer cancel()
		return p.hangUp(more)
	}
	return nil
}

// Waiting for the answer to a CANCEL sent because the caller gave up: the
// helper is only ever called once the caller's context is done, so a case
// on its Done() would end the wait at once.
func (c *call) Invite(ctx context.Context, answers chan error) error {
	select {
	case err := <-answers:
		return err
	case <-ctx.Done():
		return c.cancelInvite(ctx, answers)
	}
}

func (c *call) cancelInvite(ctx context.Context, answers chan error) error {
	select {
	case <-answers:
	case <-time.After(32 * time.Second):
	}
	return ctx.Err()
}

// Called on the request path as well, the same wait is reported.
func (c *call) Ring(ctx context.Context, answers chan error) error {
	if c.answered {
		return c.awaitRing(ctx, answers)
	}
	select {
	case err := <-answers:
		return err
	case <-ctx.Done():
		return c.awaitRing(ctx, answers)
	}
}

func (c *call) awaitRing(ctx context.Context, answers chan error) error {
	select {
	case <-answers:
	case <-time.After(32 * time.Second): // want `select waits 32s on time.After with no case on ctx.Done\(\), so it ignores the caller's deadline; add a case <-ctx.Done\(\)`
	}
	return ctx.Err()
}
