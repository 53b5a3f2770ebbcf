// Package svc retries through helpers whose facts say what they do.
package svc

import (
	"context"
	"errors"
	"time"

	"example.com/metrics"
	"retrybudget/checks/alive"
	"retrybudget/checks/backoff"
)

type Client struct{}

func (Client) Call(ctx context.Context) error { return errors.New("unavailable") }

// A loop that asks a checking helper of the module each attempt is bounded.
func Checked(ctx context.Context, c Client) error {
	var err error
	for i := 0; i < 3 && alive.Valid(ctx); i++ {
		if err = c.Call(ctx); err == nil {
			return nil
		}
		time.Sleep(100 * time.Millisecond)
	}
	return err
}

// Recording the delay is no wait on the context.
func Recorded(ctx context.Context, c Client) error {
	var err error
	for i := 0; i < 3; i++ { // want `retry loop sleeps and retries after the caller's deadline; check ctx\.Err\(\) before each attempt, and wait with select on ctx\.Done\(\)`
		if err = c.Call(ctx); err == nil {
			return nil
		}
		metrics.RecordDelay(ctx, 100*time.Millisecond)
		time.Sleep(100 * time.Millisecond)
	}
	return err
}

// A loop paced by a backoff built with ctx consults ctx through it.
func Backed(ctx context.Context, c Client) error {
	b := backoff.New(ctx)
	var err error
	for b.Ongoing() {
		if err = c.Call(ctx); err == nil {
			return nil
		}
		b.Wait()
	}
	return err
}

// One built with a fresh root does not.
func BackedRoot(ctx context.Context, c Client) error {
	b := backoff.New(context.Background())
	var err error
	for i := 0; i < 3 && b.Ongoing(); i++ { // want `retry loop sleeps and retries after the caller's deadline; check ctx\.Err\(\) before each attempt, and wait with select on ctx\.Done\(\)`
		if err = c.Call(ctx); err == nil {
			return nil
		}
		b.Count()
		time.Sleep(100 * time.Millisecond)
	}
	return err
}

// A poller behind an interface whose one implementation waits on the
// context it was built with: its Wait returns once that context is done.
type poller interface{ Wait() error }

// newTimedPoller also returns the context its poller waits on.
func newTimedPoller(ctx context.Context, every time.Duration) (context.Context, poller) {
	return ctx, newPoller(ctx, every)
}

type intervalPoller struct {
	ctx   context.Context
	every time.Duration
}

func (p *intervalPoller) Wait() error {
	t := time.NewTimer(p.every)
	defer t.Stop()
	select {
	case <-p.ctx.Done():
		return p.ctx.Err()
	case <-t.C:
		return nil
	}
}

func newPoller(ctx context.Context, every time.Duration) poller {
	return &intervalPoller{ctx: ctx, every: every}
}

// The loop waits through the poller, given ctx (also when the maker is a
// function value): bounded.
func Polled(ctx context.Context, c Client, makePoller func(context.Context, time.Duration) poller) error {
	if makePoller == nil {
		makePoller = newPoller
	}
	p := makePoller(ctx, time.Second)
	for {
		if err := p.Wait(); err != nil {
			return err
		}
		if err := c.Call(ctx); err == nil {
			return nil
		}
	}
}

// So is one spread from a call's results.
func PolledTimed(ctx context.Context, c Client) error {
	_, p := newTimedPoller(ctx, time.Second)
	for {
		if err := p.Wait(); err != nil {
			return err
		}
		if err := c.Call(ctx); err == nil {
			return nil
		}
	}
}

// Built on a fresh root, the poller consults nothing of the caller's.
func PolledRoot(ctx context.Context, c Client) error {
	p := newPoller(context.Background(), time.Second)
	for { // want `retry loop`
		if err := p.Wait(); err != nil {
			return err
		}
		if err := c.Call(ctx); err == nil {
			return nil
		}
	}
}
