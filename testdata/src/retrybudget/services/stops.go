package services

import (
	"context"
	"errors"
	"time"
)

var errHeld = errors.New("lock held by another worker")

type Locker interface {
	Obtain(ctx context.Context, key string) error
}

// A worker that takes a lock until it gets it, waiting between attempts on
// a select whose stop case returns: its owner ends the loop by closing
// stop, as a context's Done would. Left alone.
type Worker struct {
	l    Locker
	stop chan struct{}
}

func (w *Worker) lock(ctx context.Context, key string) error {
	for {
		err := w.l.Obtain(ctx, key)
		if err == nil {
			return nil
		}
		select {
		case <-time.After(500 * time.Millisecond):
		case <-w.stop:
			return errHeld
		}
	}
}

// The same loop whose stop case only breaks out of the select goes round
// again: nothing ends it.
func (w *Worker) lockForever(ctx context.Context, key string) error {
	for { // want `retry loop has no attempt limit and never checks ctx, so it can retry forever after the caller's deadline; check ctx.Err\(\) before each attempt, and wait with select on ctx.Done\(\)`
		err := w.l.Obtain(ctx, key)
		if err == nil {
			return nil
		}
		select {
		case <-time.After(500 * time.Millisecond):
		case <-w.stop:
			break
		}
	}
}
