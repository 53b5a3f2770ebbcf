// Package jobs sits below an internal directory: nothing outside the
// module can call it, so the module's calls are all of its calls.
package jobs

import (
	"context"
	"time"
)

// Rebuild is only ever handed a fresh root, by a handler that detaches it:
// that root is the one mistake, reported where it is made, and no caller's
// deadline reaches Rebuild.
func Rebuild(ctx context.Context) error {
	if err := wait(ctx); err != nil {
		return err
	}
	return wait(context.Background())
}

// Compact keeps its finding: a request hands it its context.
func Compact(ctx context.Context) error {
	return wait(context.Background())
}

// Purge is only called by a wrapper without a context that only main
// calls: no context exists above the wrapper's root, so no caller's
// deadline reaches Purge.
func Purge(ctx context.Context) error {
	if err := wait(ctx); err != nil {
		return err
	}
	return wait(context.Background())
}

// PurgeNow is the wrapper.
func PurgeNow() error { return Purge(context.Background()) }

func wait(ctx context.Context) error {
	select {
	case <-ctx.Done():
		return ctx.Err()
	case <-time.After(time.Millisecond):
		return nil
	}
}
