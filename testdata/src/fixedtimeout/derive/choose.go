package derive

import (
	"context"
	"time"
)

// A function whose job is to choose the context its callers run under,
// the caller's or a fresh one with a configured bound (a clean-up that
// must outlive a cancelled transfer), chooses on purpose: left alone.
type transfer struct{ failTimeout time.Duration }

func (t *transfer) cleanupContext(ctx context.Context) (context.Context, context.CancelFunc) {
	if t.failTimeout <= 0 {
		return ctx, func() {}
	}
	return context.WithTimeout(context.Background(), t.failTimeout)
}

// One that never gives the caller's context back does not choose.
func (t *transfer) boundedContext(ctx context.Context) (context.Context, context.CancelFunc) {
	return context.WithTimeout(context.Background(), t.failTimeout) // want `timeout \(t.failTimeout\) on a fresh context ignores the caller's deadline`
}
