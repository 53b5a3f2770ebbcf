package observe

import (
	"context"
	"sync"

	"golang.org/x/sync/errgroup"
)

// Work the function waits for before it returns is still the caller's: a
// group's Go (a launcher learnt from the dependency's code) followed by its
// Wait.
func FanoutWaited(ctx context.Context, s *Store) error {
	var eg errgroup.Group
	eg.Go(func() error { return s.Get(context.Background(), "a") }) // want `context.Background\(\) starts a fresh context where ctx is in scope, so the caller's deadline and cancellation are lost; use ctx`
	return eg.Wait()
}

// A go statement's goroutine is left alone even when a WaitGroup waits
// for it: reporting those was measured on the tuning modules and added two
// false findings (a waited refresh's clean-up of other clients, a span's
// trace parent) and no real one.
func GoWaited(ctx context.Context, s *Store) {
	var wg sync.WaitGroup
	wg.Add(1)
	go func() {
		defer wg.Done()
		_ = s.Get(context.TODO(), "b")
	}()
	wg.Wait()
}

// Launched and not waited for, the work outlives the call.
func FanoutLeft(ctx context.Context, s *Store) *errgroup.Group {
	var eg errgroup.Group
	eg.Go(func() error { return s.Get(context.Background(), "c") })
	return &eg
}

func GoLeft(ctx context.Context, s *Store) {
	go func() {
		_ = s.Get(context.TODO(), "d")
	}()
}
