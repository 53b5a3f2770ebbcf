package loops

import (
	"context"
	"errors"
	"time"
)

type pinger interface{ Ping(ctx context.Context) error }

// The loop's only ctx.Done() case sits after a continue on an error: the
// retry path that error takes never reaches it.
func Unreached(ctx context.Context, p pinger) error {
	for { // want `retry loop has no attempt limit and never checks ctx, so it can retry forever after the caller's deadline; check ctx.Err\(\) before each attempt, and wait with select on ctx.Done\(\)`
		err := p.Ping(ctx)
		if err == nil {
			return nil
		}
		if errors.Is(err, errBusy) {
			time.Sleep(time.Second)
			continue
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(time.Second):
		}
	}
}

var errBusy = errors.New("busy")

// A check before the continue is reached.
func Reached(ctx context.Context, p pinger) error {
	for {
		if err := p.Ping(ctx); err != nil {
			if errors.Is(err, context.Canceled) || ctx.Err() != nil {
				return err
			}
			time.Sleep(time.Second)
			continue
		}
		return nil
	}
}
