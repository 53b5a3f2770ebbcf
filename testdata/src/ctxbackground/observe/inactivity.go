package observe

import (
	"context"
	"time"
)

// A relay that must outlive the connection carrying it runs on a root of
// its own, ended by an inactivity timer that the code hands its cancel
// to: a stop chosen on purpose, not the caller's lost deadline.

type idleTimer struct {
	stop  func()
	timer *time.Timer
}

func cancelAfterIdle(ctx context.Context, onIdle func(), idle time.Duration) *idleTimer {
	return &idleTimer{stop: onIdle, timer: time.AfterFunc(idle, onIdle)}
}

func (s *Store) Relay(ctx context.Context, migrating bool) error {
	var relayCtx context.Context
	var relayCancel context.CancelFunc
	if migrating {
		relayCtx, relayCancel = context.WithCancel(context.Background())
	}
	ctx, cancel := context.WithCancel(ctx)
	timer := cancelAfterIdle(ctx, func() {
		cancel()
		if relayCancel != nil {
			relayCancel()
		}
	}, time.Minute)
	defer timer.timer.Stop()
	if relayCtx != nil {
		return s.Get(relayCtx, "relay")
	}
	return s.Get(ctx, "relay")
}

// A cancel that is only deferred, or only run by a goroutine of the
// function's own, hands the root to nobody: the caller's deadline is lost.
func (s *Store) Fetch(ctx context.Context) error {
	fctx, cancel := context.WithCancel(context.Background()) // want `context.Background\(\) starts a fresh context where ctx is in scope`
	defer cancel()
	go func() { cancel() }()
	return s.Get(fctx, "fetch")
}
