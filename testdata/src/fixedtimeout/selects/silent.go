package selects

import (
	"context"
	"net/http"
	"time"
)

// The caller's Done() is a case: the timer only shortens the wait.
func (c *Cache) GetGood(ctx context.Context) (Result, error) {
	select {
	case res := <-c.results:
		return res, nil
	case <-ctx.Done():
		return Result{}, ctx.Err()
	case <-time.After(2 * time.Second):
		return Result{}, errTimeout
	}
}

// A context derived from the caller's.
func (c *Cache) GetDerived(ctx context.Context) (Result, error) {
	tctx, cancel := context.WithTimeout(ctx, time.Second)
	defer cancel()
	select {
	case res := <-c.results:
		return res, nil
	case <-tctx.Done():
		return Result{}, tctx.Err()
	}
}

// The request's context, and Done() held in a variable.
func (c *Cache) ServeGood(w http.ResponseWriter, r *http.Request) {
	done := r.Context().Done()
	timer := time.NewTimer(time.Second)
	defer timer.Stop()
	select {
	case res := <-c.results:
		w.Write(res.Body)
	case <-done:
	case <-timer.C:
	}
}

// A pacing loop with a ctx.Done() case.
func (c *Cache) Refresh(ctx context.Context, keys []string) error {
	ticker := time.NewTicker(100 * time.Millisecond)
	defer ticker.Stop()
	for _, k := range keys {
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-ticker.C:
		}
		if _, err := c.backend.Fetch(ctx, k); err != nil {
			return err
		}
	}
	return nil
}

// A default case: the select polls, it never waits.
func (c *Cache) TryGet(ctx context.Context) (Result, bool) {
	select {
	case res := <-c.results:
		return res, true
	case <-time.After(time.Second):
		return Result{}, false
	default:
		return Result{}, false
	}
}

// No timer at all.
func (c *Cache) Next(ctx context.Context) Result {
	return <-c.results
}

// A single wait outside a loop is a deliberate pause.
func (c *Cache) Pause(ctx context.Context) {
	select {
	case <-time.After(50 * time.Millisecond):
	}
}

// Detached work in a goroutine.
func (c *Cache) Background(ctx context.Context) {
	go func() {
		select {
		case <-c.results:
		case <-time.After(time.Minute):
		}
	}()
}

// Off the request path.
func (c *Cache) run() {
	for {
		select {
		case <-c.results:
		case <-time.After(time.Minute):
		}
	}
}

// A pacing event loop that checks the context each time round.
func (c *Cache) PumpChecked(ctx context.Context) {
	ticker := time.NewTicker(time.Second)
	defer ticker.Stop()
	for ctx.Err() == nil {
		select {
		case <-c.results:
		case <-ticker.C:
			c.flush()
		}
	}
}

// A one-shot timer that starts a fallback and keeps waiting for results,
// which come from work bound to ctx: a trigger, not a timeout.
func (c *Cache) Race(ctx context.Context, key string) (Result, error) {
	results := make(chan Result, 2)
	start := func() {
		res, _ := c.backend.Fetch(ctx, key)
		results <- res
	}
	go start()
	fallback := time.NewTimer(300 * time.Millisecond)
	defer fallback.Stop()
	got := 0
	for {
		select {
		case <-fallback.C:
			go start()
		case res := <-results:
			got++
			if len(res.Body) > 0 || got == 2 {
				return res, nil
			}
		}
	}
}

// Done() held in a variable that is later switched off.
func (c *Cache) Loop(ctx context.Context) {
	done := ctx.Done()
	ticker := time.NewTicker(time.Second)
	for {
		select {
		case <-done:
			done = nil
			return
		case <-ticker.C:
			c.flush()
		case <-c.results:
		}
	}
}

// Suppressed, golangci-lint style.
func (c *Cache) Suppressed(ctx context.Context) {
	select {
	case <-c.results:
	case <-time.After(time.Second): //nolint:budgetlint // the flush must finish
	}
}

// A stall guard: the fetch runs on a context derived from the caller's,
// and the timer only cuts a stalled attempt short through its cancel. The
// caller's cancellation ends the fetch, which ends the wait.
func (c *Cache) GetGuarded(ctx context.Context, key string, stall time.Duration) (Result, error) {
	attemptCtx, cancel := context.WithCancel(ctx)
	defer cancel()
	var (
		res Result
		err error
	)
	done := make(chan struct{})
	go func() {
		defer close(done)
		res, err = c.backend.Fetch(attemptCtx, key)
	}()
	timer := time.NewTimer(stall)
	defer timer.Stop()
	select {
	case <-timer.C:
		cancel()
		<-done
		return Result{}, errTimeout
	case <-done:
		return res, err
	}
}

// A progress ticker: it only logs while the fetch, given the caller's
// context, runs; the wait ends when the fetch does, and so when the caller
// gives up. No timer ends it.
func (c *Cache) GetLogged(ctx context.Context, key string) (Result, error) {
	var (
		res Result
		err error
	)
	ready := make(chan bool)
	go func() {
		res, err = c.backend.Fetch(ctx, key)
		close(ready)
	}()
	ticker := time.NewTicker(10 * time.Second)
	defer ticker.Stop()
	for {
		select {
		case <-ticker.C:
			logf("still fetching %s", key)
		case <-ready:
			return res, err
		}
	}
}

func logf(format string, args ...any) {}

type infoKey struct{}

// withRequestInfo returns ctx with the request's metadata added: its
// result is ctx's child.
func withRequestInfo(ctx context.Context) context.Context {
	return context.WithValue(ctx, infoKey{}, "info")
}

// A stall guard over a refresh given the caller's context with metadata
// added by a helper: the caller's cancellation ends the refresh and so the
// wait; the timer only answers early with what is cached.
func (c *Cache) GetStale(ctx context.Context, key string, stall time.Duration) Result {
	refreshCtx := withRequestInfo(ctx)
	done := make(chan Result, 1)
	go func() {
		res, _ := c.backend.Fetch(refreshCtx, key)
		done <- res
	}()
	select {
	case res := <-done:
		return res
	case <-time.After(stall):
		return Result{}
	}
}
