package stored

import (
	"context"
	"time"
)

// A workflow context that is a context.Context of its own, forwarding to
// the context it wraps: that field is the receiver itself, so deriving
// from it derives from the receiver, whatever parameter is left unnamed.
type flowContext struct {
	ctx  context.Context
	name string
}

func (c *flowContext) Deadline() (time.Time, bool) { return c.ctx.Deadline() }
func (c *flowContext) Done() <-chan struct{}       { return c.ctx.Done() }
func (c *flowContext) Err() error                  { return c.ctx.Err() }
func (c *flowContext) Value(key any) any           { return c.ctx.Value(key) }

func (c *flowContext) WithTimeout(_ context.Context, d time.Duration) (context.Context, context.CancelFunc) {
	return context.WithTimeout(c.ctx, d)
}

// A type that only keeps a context, without being one, keeps state.
type flowRunner struct {
	ctx  context.Context
	name string
}

func (r *flowRunner) WithTimeout(ctx context.Context, d time.Duration) (context.Context, context.CancelFunc) {
	return context.WithTimeout(r.ctx, d) // want `deriving from the stored context r.ctx ignores the cancellation of ctx; derive from ctx`
}
