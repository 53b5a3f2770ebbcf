package observe

import (
	"context"
	"time"
)

// A refresh scheduled with time.AfterFunc runs in a goroutine of its own,
// after the request: detached work.
func Schedule(ctx context.Context, s *Store) error {
	time.AfterFunc(time.Minute, func() {
		_ = s.Get(context.Background(), "refresh")
	})
	return s.Get(ctx, "schedule")
}

// A clean-up registered with context.AfterFunc runs once ctx is done.
func Lease(ctx context.Context, s *Store) error {
	context.AfterFunc(ctx, func() {
		_ = s.Get(context.Background(), "release")
	})
	return s.Get(ctx, "lease")
}

// A closure held by a local and only ever started in a goroutine.
func Monitor(ctx context.Context, s *Store) error {
	monitor := func(key string) {
		_ = s.Get(context.Background(), key)
	}
	go monitor("a")
	go monitor("b")
	return s.Get(ctx, "monitor")
}

// A closure held by a local and also called in place runs on the request
// path: its root is lost.
func Check(ctx context.Context, s *Store) error {
	check := func(key string) error {
		return s.Get(context.Background(), key) // want `context.Background\(\) starts a fresh context where ctx is in scope`
	}
	go check("a")
	return check("b")
}
