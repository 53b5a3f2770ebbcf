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
