// Package selects holds selects that wait on a fixed timer: reported when
// no case listens to a context's Done(), left alone otherwise.
package selects

import (
	"context"
	"errors"
	"net/http"
	"time"
)

var errTimeout = errors.New("timed out")

type Result struct{ Body []byte }

type Backend interface {
	Fetch(ctx context.Context, key string) (Result, error)
}

type Cache struct {
	backend Backend
	results chan Result
	wait    time.Duration
	ticker  *time.Ticker
}

const fetchTimeout = 800 * time.Millisecond

// The classic hand-rolled timeout: the caller's deadline is not a case.
func (c *Cache) Get(ctx context.Context, key string) (Result, error) {
	ch := make(chan Result, 1)
	go func() {
		res, _ := c.backend.Fetch(ctx, key)
		ch <- res
	}()
	select {
	case res := <-ch:
		return res, nil
	case <-time.After(2 * time.Second): // want `select waits 2s on time.After with no case on ctx.Done\(\), so it ignores the caller's deadline; add a case <-ctx.Done\(\)`
		return Result{}, errTimeout
	}
}

// A named constant and an HTTP handler.
func (c *Cache) ServeGet(w http.ResponseWriter, r *http.Request) {
	select {
	case res := <-c.results:
		w.Write(res.Body)
	case <-time.After(fetchTimeout): // want `select waits 800ms on time.After with no case on r.Context\(\).Done\(\), so it ignores the caller's deadline; add a case <-r.Context\(\).Done\(\)`
		http.Error(w, "timeout", http.StatusGatewayTimeout)
	}
}

// A configured value is named by its expression.
func (c *Cache) GetConfigured(ctx context.Context) (Result, error) {
	select {
	case res := <-c.results:
		return res, nil
	case <-time.After(c.wait): // want `select waits c.wait on time.After with no case on ctx.Done\(\), so it ignores the caller's deadline; add a case <-ctx.Done\(\)`
		return Result{}, errTimeout
	}
}

// A timer's channel.
func (c *Cache) GetTimer(ctx context.Context) (Result, error) {
	timer := time.NewTimer(3 * time.Second)
	defer timer.Stop()
	select {
	case res := <-c.results:
		return res, nil
	case <-timer.C: // want `select waits 3s on timer.C with no case on ctx.Done\(\), so it ignores the caller's deadline; add a case <-ctx.Done\(\)`
		return Result{}, errTimeout
	}
}

// A channel from time.After held in a variable, in a collecting loop.
func (c *Cache) Collect(ctx context.Context, n int) ([]Result, error) {
	deadline := time.After(5 * time.Second)
	var out []Result
	for len(out) < n {
		select {
		case res := <-c.results:
			out = append(out, res)
		case <-deadline: // want `select waits 5s on time.After with no case on ctx.Done\(\), so it ignores the caller's deadline; add a case <-ctx.Done\(\)`
			return out, errTimeout
		}
	}
	return out, nil
}

// A ticker stored in a field: its period is not known here.
func (c *Cache) Drain(ctx context.Context) {
	for {
		select {
		case res := <-c.results:
			_ = res
		case <-c.ticker.C: // want `select waits on c.ticker.C with no case on ctx.Done\(\), so it ignores the caller's deadline; add a case <-ctx.Done\(\)`
			return
		}
	}
}

// A send case and a timeout.
func (c *Cache) Put(ctx context.Context, res Result) error {
	select {
	case c.results <- res:
		return nil
	case <-time.After(100 * time.Millisecond): // want `select waits 100ms on time.After with no case on ctx.Done\(\), so it ignores the caller's deadline; add a case <-ctx.Done\(\)`
		return errTimeout
	}
}

// Inside a closure of the handler.
func (c *Cache) Handler() http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		select {
		case res := <-c.results:
			w.Write(res.Body)
		case <-time.After(time.Second): // want `select waits 1s on time.After with no case on r.Context\(\).Done\(\), so it ignores the caller's deadline; add a case <-r.Context\(\).Done\(\)`
		}
	}
}

// A blank context parameter: the method discarded the caller's context,
// and the timer bounds its wait. Silent.
func (c *Cache) Blank(_ context.Context) {
	select {
	case <-c.results:
	case <-time.After(time.Second):
	}
}

// An unnamed request: reported, under the name the message can give.
func (c *Cache) BlankRequest(w http.ResponseWriter, _ *http.Request) {
	select {
	case <-c.results:
	case <-time.After(time.Second): // want `select waits 1s on time.After with no case on the caller's context's Done\(\), so it ignores the caller's deadline; add a case <-the caller's context's Done\(\)`
	}
}

// An event loop paced by a ticker that never looks at the caller's context.
func (c *Cache) Pump(ctx context.Context, out chan<- Result) {
	ticker := time.NewTicker(time.Second)
	defer ticker.Stop()
	var batch []Result
	for {
		select {
		case res := <-c.results:
			batch = append(batch, res)
		case <-ticker.C: // want `1s wait on ticker.C in a loop that never checks ctx ignores the caller's deadline and cancellation; wait in a select on ctx\.Done\(\) and a timer`
			for _, r := range batch {
				out <- r
			}
			batch = batch[:0]
		}
	}
}

// A progress ticker over work that is not given the caller's context:
// nothing ends the loop when the caller gives up.
func (c *Cache) GetLoggedDetached(ctx context.Context, key string) Result {
	var res Result
	ready := make(chan bool)
	go func() {
		res, _ = c.backend.Fetch(context.WithoutCancel(ctx), key)
		close(ready)
	}()
	ticker := time.NewTicker(10 * time.Second)
	defer ticker.Stop()
	for {
		select {
		case <-ticker.C: // want `10s wait on ticker.C in a loop that never checks ctx ignores the caller's deadline and cancellation; wait in a select on ctx\.Done\(\) and a timer`
			println("still fetching", key)
		case <-ready:
			return res
		}
	}
}

// An idle timer made anew each time round.
func (c *Cache) Idle(ctx context.Context) {
	for {
		select {
		case res := <-c.results:
			_ = res
		case <-time.After(30 * time.Second): // want `30s wait on time.After in a loop that never checks ctx ignores the caller's deadline and cancellation; wait in a select on ctx.Done\(\) and a timer`
			c.flush()
		}
	}
}

func (c *Cache) flush() {}

// A timeout that ends the loop through its condition.
func (c *Cache) Until(ctx context.Context) []Result {
	var out []Result
	expired := false
	timeout := time.NewTimer(time.Second)
	for !expired {
		select {
		case res := <-c.results:
			out = append(out, res)
		case <-timeout.C: // want `select waits 1s on timeout.C with no case on ctx.Done\(\), so it ignores the caller's deadline; add a case <-ctx.Done\(\)`
			expired = true
		}
	}
	return out
}

// A labelled break out of the loop.
func (c *Cache) Labelled(ctx context.Context) {
loop:
	for {
		select {
		case <-c.results:
		case <-time.After(time.Second): // want `select waits 1s on time.After with no case on ctx.Done\(\), so it ignores the caller's deadline; add a case <-ctx.Done\(\)`
			break loop
		}
	}
}

// detachedInfo keeps the request's metadata but not its cancellation.
func detachedInfo(ctx context.Context) context.Context {
	return context.WithValue(context.WithoutCancel(ctx), infoKey{}, "info")
}

// The same stall guard over a refresh on a detached context: nothing ends
// the wait but the timer when the caller gives up.
func (c *Cache) GetStaleDetached(ctx context.Context, key string, stall time.Duration) Result {
	refreshCtx := detachedInfo(ctx)
	done := make(chan Result, 1)
	go func() {
		res, _ := c.backend.Fetch(refreshCtx, key)
		done <- res
	}()
	select {
	case res := <-done:
		return res
	case <-time.After(stall): // want `select waits stall on time.After with no case on ctx.Done\(\), so it ignores the caller's deadline; add a case <-ctx.Done\(\)`
		return Result{}
	}
}
