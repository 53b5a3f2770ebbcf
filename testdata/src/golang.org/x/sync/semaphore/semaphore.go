// Package semaphore is a stand-in with the shape of golang.org/x/sync's:
// a weighted semaphore whose Acquire gives up when its context is done.
package semaphore

import "context"

type Weighted struct{ slots chan struct{} }

func NewWeighted(n int64) *Weighted { return &Weighted{slots: make(chan struct{}, n)} }

func (s *Weighted) Acquire(ctx context.Context, n int64) error {
	select {
	case s.slots <- struct{}{}:
		return nil
	case <-ctx.Done():
		return ctx.Err()
	}
}

func (s *Weighted) Release(n int64) { <-s.slots }
