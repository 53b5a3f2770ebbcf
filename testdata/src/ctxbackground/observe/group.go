package observe

import (
	"context"

	"golang.org/x/sync/errgroup"
	utilruntime "k8s.io/apimachinery/pkg/util/runtime"
)

// A group made from a root whose context is dropped reaches nothing: its
// goroutines run with the caller's ctx. One whose context is used is the
// fresh root passed on.
func Both(ctx context.Context, s *Store) error {
	eg, _ := errgroup.WithContext(context.Background())
	eg.Go(func() error { return s.Get(ctx, "a") })
	eg.Go(func() error { return s.Get(ctx, "b") })
	return eg.Wait()
}

func BothOnRoot(ctx context.Context, s *Store) error {
	eg, gctx := errgroup.WithContext(context.Background()) // want `context.Background\(\) starts a fresh context where ctx is in scope, so the caller's deadline and cancellation are lost; use ctx`
	eg.Go(func() error { return s.Get(gctx, "a") })
	return eg.Wait()
}

// An error handler that only logs reads values from its context.
func Patch(ctx context.Context, s *Store) error {
	err := s.Get(ctx, "patch")
	if err != nil {
		utilruntime.HandleErrorWithContext(context.TODO(), err, "patch failed")
	}
	return err
}

// pool wraps an errgroup: its Go runs f in a goroutine, its Wait waits.
type pool struct{ eg errgroup.Group }

func (p *pool) Go(f func() error) { p.eg.Go(func() error { return f() }) }

func (p *pool) Wait() error { return p.eg.Wait() }

// Work the function waits for through the wrapper is still the caller's:
// a root there loses its deadline.
func GetAll(ctx context.Context, s *Store, keys []string) error {
	var p pool
	for _, k := range keys {
		p.Go(func() error { return s.Get(context.Background(), k) }) // want `context.Background\(\) starts a fresh context where ctx is in scope, so the caller's deadline and cancellation are lost; use ctx`
	}
	return p.Wait()
}

// Launched through the wrapper and not waited for: detached work.
func WarmAll(ctx context.Context, s *Store, keys []string) {
	var p pool
	for _, k := range keys {
		p.Go(func() error { return s.Get(context.Background(), k) })
	}
}

// safeGo runs f in a goroutine of its own.
func safeGo(f func()) { go f() }

// A detached literal that waits for its own group is still detached: its
// wait is not the function's.
func ExpireAll(ctx context.Context, s *Store, keys []string) {
	safeGo(func() {
		var p pool
		for _, k := range keys {
			p.Go(func() error { return s.Get(context.Background(), k) })
		}
		_ = p.Wait()
	})
}
