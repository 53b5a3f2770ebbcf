package observe

import (
	"context"
	"sync"
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

// A cache that prepares its value once for every caller and keeps it.
type prepared struct {
	mu    sync.Mutex
	done  bool
	value string
	err   error
}

func (p *prepared) get(f func() (string, error)) (string, error) {
	p.mu.Lock()
	defer p.mu.Unlock()
	if !p.done {
		p.value, p.err = f()
		p.done = true
	}
	return p.value, p.err
}

// Work handed to the cache is shared by every later caller: preparing it
// on this request's context would cache this request's cancellation.
func Lookup(ctx context.Context, s *Store, cache *prepared) error {
	_, err := cache.get(func() (string, error) {
		return "v", s.Get(context.Background(), "prepare")
	})
	if err != nil {
		return err
	}
	return s.Get(ctx, "lookup")
}

// A function that calls its argument without keeping the result is no
// cache: the closure is the request's own work.
func (p *prepared) run(f func() error) error { return f() }

func Run(ctx context.Context, s *Store, p *prepared) error {
	return p.run(func() error {
		return s.Get(context.Background(), "run") // want `context.Background\(\) starts a fresh context where ctx is in scope`
	})
}

// rollbackAsync reads its context only in the goroutine it starts, and
// does not wait for it: what it is handed is detached work.
func rollbackAsync(ctx context.Context, s *Store) {
	go func() {
		_ = s.Get(ctx, "rollback")
	}()
}

// cleanupAsync only forwards its context to one that detaches it.
func cleanupAsync(ctx context.Context, s *Store) {
	rollbackAsync(ctx, s)
}

// drainWait waits for its goroutine: the work stays on the caller's path.
func drainWait(ctx context.Context, s *Store) {
	var wg sync.WaitGroup
	wg.Add(1)
	go func() {
		defer wg.Done()
		_ = s.Get(ctx, "rollback")
	}()
	wg.Wait()
}

func Abort(ctx context.Context, s *Store) {
	rollbackAsync(context.Background(), s)
	cleanupAsync(context.Background(), s)
	drainWait(context.Background(), s) // want `context.Background\(\) starts a fresh context where ctx is in scope, so the caller's deadline and cancellation are lost; use ctx`
}

// abortLater roots a context only for work it detaches: not a rooting
// helper, so Abort2's call is left alone.
func abortLater(s *Store) {
	rollbackAsync(context.Background(), s)
}

func Abort2(ctx context.Context, s *Store) {
	abortLater(s)
}
