package leaves

import (
	"context"
	"errors"
	"sync"
)

// A store that a restore closes and replaces: a wait on it ends with
// errClosed and goes on against the replacement.
type store struct{}

var errClosed = errors.New("store closed")

func (s *store) WaitFor(ctx context.Context, rev int64) error {
	<-ctx.Done()
	return ctx.Err()
}

type node struct {
	mu      sync.RWMutex
	current *store
	closed  bool
}

func (n *node) waitOnStore(wait func(*store) error) (*store, error) {
	n.mu.RLock()
	defer n.mu.RUnlock()
	return n.current, wait(n.current)
}

// WaitForRevision's callback passes ctx to the wait: each round of
// onStore's loop fails with the context's error once the caller has gone,
// and the loop goes round only on errClosed.
func (n *node) WaitForRevision(ctx context.Context, rev int64) error {
	return n.onStore(ctx, func(s *store) error { return s.WaitFor(ctx, rev) })
}

func (n *node) onStore(ctx context.Context, wait func(*store) error) error {
	for {
		s, err := n.waitOnStore(wait)
		if !errors.Is(err, errClosed) {
			return err
		}
		if n.closed || n.current == s {
			return errClosed
		}
	}
}

// The same loop whose only caller's callback ignores ctx: nothing of the
// attempt stops once the caller has gone.
func (n *node) WaitForAny(ctx context.Context, rev int64) error {
	return n.onAnyStore(ctx, func(s *store) error { return s.WaitFor(context.Background(), rev) })
}

func (n *node) onAnyStore(ctx context.Context, wait func(*store) error) error {
	for { // want `retry loop has no attempt limit and never checks ctx`
		s, err := n.waitOnStore(wait)
		if !errors.Is(err, errClosed) {
			return err
		}
		if n.closed || n.current == s {
			return errClosed
		}
	}
}
