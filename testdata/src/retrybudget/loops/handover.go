package loops

import (
	"context"
	"errors"
	"net/http"
	"sync"
	"time"
)

// A pool of backends whose address lookup runs in another goroutine:
// pick waits for a lookup already in flight. That receive is hand-over
// between goroutines, not a pause between attempts.
type backends struct {
	mu      sync.Mutex
	current Queue
	lookup  chan struct{}
}

var errNoBackend = errors.New("no backend")

func (b *backends) pick() (Queue, error) {
	b.mu.Lock()
	q, pending := b.current, b.lookup
	b.mu.Unlock()
	if q != nil {
		return q, nil
	}
	if pending != nil {
		<-pending
		b.mu.Lock()
		q = b.current
		b.mu.Unlock()
	}
	if q == nil {
		return nil, errNoBackend
	}
	return q, nil
}

func (b *backends) forget(q Queue) {
	b.mu.Lock()
	if b.current == q {
		b.current = nil
	}
	b.mu.Unlock()
}

// Two attempts with no pause, each given ctx: once the caller has gone the
// second attempt fails at once.
func (b *backends) Send(ctx context.Context, body []byte) error {
	var err error
	for attempt := 0; attempt < 2; attempt++ {
		var q Queue
		if q, err = b.pick(); err != nil {
			return err
		}
		if err = q.Send(ctx, body); err == nil {
			return nil
		}
		b.forget(q)
	}
	return err
}

// The same pick with a pause of its own is a wait between attempts.
func (b *backends) pickPaced() (Queue, error) {
	q, err := b.pick()
	if err != nil {
		time.Sleep(200 * time.Millisecond)
	}
	return q, err
}

func (b *backends) SendPaced(ctx context.Context, body []byte) error {
	var err error
	for attempt := 0; attempt < 2; attempt++ { // want `retry loop waits and retries after the caller's deadline; check ctx\.Err\(\) before each attempt, and wait with select on ctx\.Done\(\)`
		var q Queue
		if q, err = b.pickPaced(); err != nil {
			continue
		}
		if err = q.Send(ctx, body); err == nil {
			return nil
		}
		b.forget(q)
	}
	return err
}

// A timer made each attempt and handed to the attempt is the attempt's own
// timeout, not a wait between attempts: the retries are bounded, immediate
// and given ctx.
func (c *Client) HeadWithin(ctx context.Context, url string) (*http.Response, error) {
	retries := c.retries
	for {
		limit := time.NewTimer(5 * time.Second)
		req, err := http.NewRequestWithContext(ctx, http.MethodHead, url, nil)
		if err != nil {
			limit.Stop()
			return nil, err
		}
		resp, err := c.doWithin(limit, req)
		limit.Stop()
		if err != nil && retries > 0 {
			retries--
			continue
		}
		return resp, err
	}
}

func (c *Client) doWithin(limit *time.Timer, req *http.Request) (*http.Response, error) {
	type result struct {
		resp *http.Response
		err  error
	}
	done := make(chan result, 1)
	go func() {
		resp, err := c.http.Do(req)
		done <- result{resp, err}
	}()
	select {
	case r := <-done:
		return r.resp, r.err
	case <-limit.C:
		return nil, errors.New("timed out")
	}
}
