// Package helpers calls the known retry helpers on request paths, with and
// without a context.
package helpers

import (
	"context"
	"errors"
	"net/http"
	"time"

	retry "github.com/avast/retry-go/v4"
	"github.com/cenkalti/backoff/v4"
	backoff5 "github.com/cenkalti/backoff/v5"
	"k8s.io/apimachinery/pkg/util/wait"
)

type Store interface {
	Put(ctx context.Context, key string, v []byte) error
	Get(ctx context.Context, key string) ([]byte, error)
	Ready(ctx context.Context) (bool, error)
}

// cenkalti/backoff v4 without WithContext: the backoff sleeps on.
func Put(ctx context.Context, s Store, key string, v []byte) error {
	op := func() error { return s.Put(ctx, key, v) }
	return backoff.Retry(op, backoff.NewExponentialBackOff()) // want `backoff.Retry retries after the caller's deadline: its BackOff has no context; wrap it with backoff.WithContext\(b, ctx\)`
}

func PutNotify(ctx context.Context, s Store, key string, v []byte) error {
	b := backoff.WithMaxRetries(backoff.NewConstantBackOff(time.Second), 5)
	return backoff.RetryNotify(func() error { // want `backoff.RetryNotify retries after the caller's deadline: its BackOff has no context; wrap it with backoff\.WithContext\(b, ctx\)`
		return s.Put(ctx, key, v)
	}, b, func(err error, d time.Duration) {})
}

func GetData(ctx context.Context, s Store, key string) ([]byte, error) {
	return backoff.RetryWithData(func() ([]byte, error) { // want `backoff.RetryWithData retries after the caller's deadline: its BackOff has no context; wrap it with backoff\.WithContext\(b, ctx\)`
		return s.Get(ctx, key)
	}, backoff.NewExponentialBackOff())
}

// With WithContext, directly, through a variable, under WithMaxRetries.
func PutCtx(ctx context.Context, s Store, key string, v []byte) error {
	return backoff.Retry(func() error { return s.Put(ctx, key, v) }, backoff.WithContext(backoff.NewExponentialBackOff(), ctx))
}

func PutCtxVar(ctx context.Context, s Store, key string, v []byte) error {
	bo := backoff.WithContext(backoff.NewExponentialBackOff(), ctx)
	return backoff.RetryNotify(func() error { return s.Put(ctx, key, v) }, bo, nil)
}

func PutCtxMax(ctx context.Context, s Store, key string, v []byte) error {
	var b backoff.BackOff = backoff.NewExponentialBackOff()
	b = backoff.WithMaxRetries(backoff.WithContext(b, ctx), 3)
	return backoff.Retry(func() error { return s.Put(ctx, key, v) }, b)
}

func PutCtxTyped(ctx context.Context, s Store, b backoff.BackOffContext) error {
	return backoff.Retry(func() error { return s.Put(ctx, "k", nil) }, b)
}

// A BackOff made by a call that is given the context (a factory field, a
// helper) is taken to be bound to it; one made without it is not.
type conn struct {
	backoff func(ctx context.Context) backoff.BackOff
}

func (c *conn) PutFactory(ctx context.Context, s Store) error {
	return backoff.Retry(func() error { return s.Put(ctx, "k", nil) }, c.backoff(ctx))
}

func newBackOff() backoff.BackOff { return backoff.NewExponentialBackOff() }

func PutNoFactoryContext(ctx context.Context, s Store) error {
	b := newBackOff()
	return backoff.Retry(func() error { return s.Put(ctx, "k", nil) }, b) // want `backoff.Retry retries after the caller's deadline: its BackOff has no context`
}

// The operation itself stops on cancellation.
func PutPermanent(ctx context.Context, s Store, key string, v []byte) error {
	return backoff.Retry(func() error {
		if err := ctx.Err(); err != nil {
			return backoff.Permanent(err)
		}
		return s.Put(ctx, key, v)
	}, backoff.NewExponentialBackOff())
}

// v5 takes the context: left alone (a fresh root there is ctxbackground's).
func PutV5(ctx context.Context, s Store, key string, v []byte) error {
	_, err := backoff5.Retry(ctx, func() (struct{}, error) {
		return struct{}{}, s.Put(ctx, key, v)
	}, backoff5.WithBackOff(backoff5.NewExponentialBackOff()))
	return err
}

// avast/retry-go without retry.Context.
func Get(ctx context.Context, s Store, key string) ([]byte, error) {
	var out []byte
	err := retry.Do(func() error { // want `retry.Do retries after the caller's deadline: it is given no context; pass the option retry.Context\(ctx\)`
		b, err := s.Get(ctx, key)
		out = b
		return err
	}, retry.Attempts(5), retry.Delay(100*time.Millisecond))
	return out, err
}

func GetWithData(w http.ResponseWriter, r *http.Request, s Store) {
	b, err := retry.DoWithData(func() ([]byte, error) { // want `retry.DoWithData retries after the caller's deadline: it is given no context; pass the option retry.Context\(r.Context\(\)\)`
		return s.Get(r.Context(), r.URL.Path)
	})
	if err != nil {
		http.Error(w, err.Error(), http.StatusBadGateway)
		return
	}
	w.Write(b)
}

// With retry.Context, or options built elsewhere.
func GetCtx(ctx context.Context, s Store, key string) error {
	return retry.Do(func() error {
		_, err := s.Get(ctx, key)
		return err
	}, retry.Context(ctx), retry.Attempts(3))
}

func GetOpts(ctx context.Context, s Store, key string, opts []retry.Option) error {
	return retry.Do(func() error {
		_, err := s.Get(ctx, key)
		return err
	}, opts...)
}

// k8s wait pollers without a context.
func WaitReady(ctx context.Context, s Store) error {
	return wait.PollImmediate(time.Second, 30*time.Second, func() (bool, error) { // want `wait.PollImmediate keeps polling after the caller's deadline: it takes no context; use wait.PollUntilContextTimeout with ctx`
		return s.Ready(ctx)
	})
}

// A condition that is done or fails on its first call is asked once: an
// immediate poller never waits or polls again.
func ReadScale(ctx context.Context, s Store) (int, error) {
	scale := 0
	err := wait.PollImmediate(time.Second, time.Minute, func() (bool, error) {
		b, err := s.Get(ctx, "scale")
		if err != nil {
			if len(b) == 0 {
				return true, nil
			}
			return false, err
		}
		if len(b) > 8 {
			return false, errors.New("scale too long")
		}
		scale = len(b)
		return true, nil
	})
	return scale, err
}

// One path asks to be polled again: the poller waits and polls.
func ReadScaleUntilSet(ctx context.Context, s Store) (int, error) {
	scale := 0
	err := wait.PollImmediate(time.Second, time.Minute, func() (bool, error) { // want `wait.PollImmediate keeps polling after the caller's deadline: it takes no context; use wait.PollUntilContextTimeout with ctx`
		b, err := s.Get(ctx, "scale")
		if err != nil {
			return false, err
		}
		if len(b) == 0 {
			return false, nil
		}
		scale = len(b)
		return true, nil
	})
	return scale, err
}

// An error returned without a test may be nil: polled again.
func ReadScaleUnchecked(ctx context.Context, s Store) error {
	return wait.PollImmediate(time.Second, time.Minute, func() (bool, error) { // want `wait.PollImmediate keeps polling after the caller's deadline: it takes no context; use wait.PollUntilContextTimeout with ctx`
		_, err := s.Get(ctx, "scale")
		return false, err
	})
}

func WaitBackoff(ctx context.Context, s Store) error {
	return wait.ExponentialBackoff(wait.Backoff{Duration: time.Second, Factor: 2, Steps: 5}, func() (bool, error) { // want `wait.ExponentialBackoff keeps polling after the caller's deadline: it takes no context; use wait.ExponentialBackoffWithContext with ctx`
		ok, err := s.Ready(ctx)
		return ok, err
	})
}

func WaitForever(ctx context.Context, s Store) error {
	cond := func() (bool, error) { return s.Ready(ctx) }
	return wait.PollInfinite(time.Second, cond) // want `wait.PollInfinite keeps polling after the caller's deadline: it takes no context; use wait.PollUntilContextCancel with ctx`
}

// Stopped by the context's done channel, or given the context.
func WaitUntil(ctx context.Context, s Store) error {
	return wait.PollUntil(time.Second, func() (bool, error) { return s.Ready(ctx) }, ctx.Done())
}

func WaitCtx(ctx context.Context, s Store) error {
	return wait.PollUntilContextTimeout(ctx, time.Second, time.Minute, true, func(ctx context.Context) (bool, error) {
		return s.Ready(ctx)
	})
}

func WaitCondChecks(ctx context.Context, s Store) error {
	return wait.Poll(time.Second, time.Minute, func() (bool, error) {
		if ctx.Err() != nil {
			return false, ctx.Err()
		}
		return s.Ready(ctx)
	})
}

// Periodic runners are not retries.
func Heartbeat(ctx context.Context, s Store) {
	wait.Until(func() { s.Put(ctx, "hb", nil) }, time.Second, ctx.Done())
}

// Off the request path.
func Init(s Store) error {
	return backoff.Retry(func() error { return s.Put(context.Background(), "init", nil) }, backoff.NewExponentialBackOff())
}

// In a detached goroutine.
func Async(ctx context.Context, s Store) {
	go func() {
		_ = retry.Do(func() error { return s.Put(context.WithoutCancel(ctx), "k", nil) })
	}()
}

// A loop of its own driven by a BackOff that carries the context: its
// NextBackOff returns backoff.Stop once ctx is done or its deadline is
// nearer than the next wait, so every pass consults the budget, in the
// loop's post statement or in its body.
func FetchLoop(ctx context.Context, s Store, key string) ([]byte, error) {
	back := backoff.WithContext(backoff.NewExponentialBackOff(), ctx)
	var err error
	for d := time.Duration(0); d != backoff.Stop; d = back.NextBackOff() {
		if d > 0 {
			time.Sleep(d)
		}
		var v []byte
		if v, err = s.Get(ctx, key); err == nil {
			return v, nil
		}
	}
	return nil, err
}

func FetchLoopCapped(ctx context.Context, s Store, key string) ([]byte, error) {
	b := backoff.WithMaxRetries(backoff.WithContext(backoff.NewConstantBackOff(time.Second), ctx), 5)
	for {
		v, err := s.Get(ctx, key)
		if err == nil {
			return v, nil
		}
		d := b.NextBackOff()
		if d == backoff.Stop {
			return nil, err
		}
		time.Sleep(d)
	}
}

// The same loops on a BackOff without a context sleep on.
func FetchLoopNoContext(ctx context.Context, s Store, key string) ([]byte, error) {
	back := backoff.NewExponentialBackOff()
	var err error
	for d := time.Duration(0); d != backoff.Stop; d = back.NextBackOff() { // want `retry loop`
		if d > 0 {
			time.Sleep(d)
		}
		var v []byte
		if v, err = s.Get(ctx, key); err == nil {
			return v, nil
		}
	}
	return nil, err
}

func FetchLoopCappedNoContext(ctx context.Context, s Store, key string) ([]byte, error) {
	b := backoff.WithMaxRetries(backoff.NewConstantBackOff(time.Second), 5)
	for { // want `retry loop`
		v, err := s.Get(ctx, key)
		if err == nil {
			return v, nil
		}
		d := b.NextBackOff()
		if d == backoff.Stop {
			return nil, err
		}
		time.Sleep(d)
	}
}
