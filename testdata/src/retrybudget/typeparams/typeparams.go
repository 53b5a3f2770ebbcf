// Package typeparams holds generic retry helpers on request paths.
package typeparams

import (
	"context"
	"time"

	"github.com/cenkalti/backoff/v4"
)

// A generic retry helper with a context parameter is on a request path.
func Retry[T any](ctx context.Context, attempts int, op func(context.Context) (T, error)) (T, error) {
	var zero T
	var err error
	for i := 0; i < attempts; i++ { // want `retry loop sleeps and retries after the caller's deadline; check ctx\.Err\(\) before each attempt, and wait with select on ctx\.Done\(\)`
		var v T
		if v, err = op(ctx); err == nil {
			return v, nil
		}
		time.Sleep(time.Duration(i) * 100 * time.Millisecond)
	}
	return zero, err
}

// The same checking the context.
func RetryCtx[T any](ctx context.Context, attempts int, op func(context.Context) (T, error)) (T, error) {
	var zero T
	var err error
	for i := 0; i < attempts; i++ {
		var v T
		if v, err = op(ctx); err == nil {
			return v, nil
		}
		select {
		case <-ctx.Done():
			return zero, ctx.Err()
		case <-time.After(time.Duration(i) * 100 * time.Millisecond):
		}
	}
	return zero, err
}

// A context-constrained type parameter is the inbound context.
func Do[C context.Context](ctx C, op func(C) error) error {
	for { // want `retry loop has no attempt limit and never checks ctx, so it can retry forever after the caller's deadline; check ctx.Err\(\) before each attempt, and wait with select on ctx.Done\(\)`
		if err := op(ctx); err == nil {
			return nil
		}
		time.Sleep(time.Second)
	}
}

type Cache[K comparable, V any] struct {
	load func(context.Context, K) (V, error)
}

func (c *Cache[K, V]) Get(ctx context.Context, k K) (V, error) {
	return backoff.RetryWithData(func() (V, error) { // want `backoff.RetryWithData retries after the caller's deadline: its BackOff has no context; wrap it with backoff\.WithContext\(b, ctx\)`
		return c.load(ctx, k)
	}, backoff.WithMaxRetries(backoff.NewExponentialBackOff(), 3))
}

func (c *Cache[K, V]) GetCtx(ctx context.Context, k K) (V, error) {
	return backoff.RetryWithData[V](func() (V, error) {
		return c.load(ctx, k)
	}, backoff.WithContext(backoff.NewExponentialBackOff(), ctx))
}
