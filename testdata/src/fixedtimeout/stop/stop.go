// Package stop covers loops with a stop signal of their own, loops that
// call a helper checking the context, and per-write deadlines of a stream.
package stop

import (
	"context"
	"net"
	"net/http"
	"time"
)

type Group struct{ done chan struct{} }

func (g *Group) refresh(ctx context.Context) error { return nil }

// A daemon loop that its owner stops through g.done is cancellable.
func (g *Group) Run(ctx context.Context) {
	t := time.NewTicker(time.Second)
	defer t.Stop()
	for {
		select {
		case <-g.done:
			return
		case <-t.C:
			g.refresh(ctx)
		}
	}
}

// A data channel is no stop signal.
func (g *Group) Consume(ctx context.Context, in chan int) {
	for {
		select {
		case v := <-in:
			if v < 0 {
				return
			}
		case <-time.After(time.Second): // want `1s wait on time.After in a loop that never checks ctx ignores the caller's deadline and cancellation; wait in a select on ctx.Done\(\) and a timer`
		}
	}
}

// alive checks the context and reports it: a context check.
func alive(ctx context.Context) bool { return ctx.Err() == nil }

func (g *Group) Poll(ctx context.Context) {
	for alive(ctx) {
		g.refresh(ctx)
		time.Sleep(100 * time.Millisecond)
	}
}

// A stream's per-write stall guard: the loop waits for the caller's
// cancellation, and the stream has no overall deadline to honour.
func Stream(w http.ResponseWriter, r *http.Request, events chan []byte, conn net.Conn) {
	conn.SetWriteDeadline(time.Now().Add(time.Second))
	for {
		select {
		case <-r.Context().Done():
			return
		case e := <-events:
			conn.SetWriteDeadline(time.Now().Add(time.Second))
			conn.Write(e)
		}
	}
}

// A wait computed from the caller's deadline honours it.
func (g *Group) BeforeDeadline(ctx context.Context, in chan int) int {
	deadline, ok := ctx.Deadline()
	if !ok {
		return <-in
	}
	select {
	case v := <-in:
		return v
	case <-time.After(time.Until(deadline.Add(-time.Second))):
		return 0
	}
}

// A single wait with a case on the component's own stop signal is
// cancellable by its owner.
func (g *Group) Align(ctx context.Context, at time.Time) {
	select {
	case <-time.After(time.Until(at)):
	case <-g.done:
		return
	}
	g.refresh(ctx)
}

// A local signal is awaited work finishing, not a stop.
func (g *Group) Await(ctx context.Context, wait chan struct{}) error {
	select {
	case <-time.After(2 * time.Minute): // want `select waits 2m0s on time.After with no case on ctx.Done\(\), so it ignores the caller's deadline; add a case <-ctx.Done\(\)`
		return context.DeadlineExceeded
	case <-wait:
		return nil
	}
}
