// Package jobs sits below an internal directory: nothing outside the
// module can call it, so the module's calls are all of its calls.
package jobs

import (
	"context"
	"time"
)

// Rebuild is only ever handed fresh roots, by a handler that detaches it
// (reported there, once) and by a wrapper without a context: no caller's
// deadline reaches it.
func Rebuild(ctx context.Context) error {
	if err := wait(ctx); err != nil {
		return err
	}
	return wait(context.Background())
}

// RebuildNow is the wrapper.
func RebuildNow() error { return Rebuild(context.Background()) }

// Compact keeps its finding: a request hands it its context too.
func Compact(ctx context.Context) error {
	return wait(context.Background())
}

// CompactNow is a wrapper, as RebuildNow.
func CompactNow() error { return Compact(context.Background()) }

func wait(ctx context.Context) error {
	select {
	case <-ctx.Done():
		return ctx.Err()
	case <-time.After(time.Millisecond):
		return nil
	}
}
