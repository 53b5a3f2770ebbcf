// Package primary is a replicated store whose context forms differ in what
// they do with their plain siblings.
package primary

import (
	"context"
	"sync"
	"time"
)

type Info struct{ Addr string }

type Store struct {
	mu   sync.Mutex
	info *Info
	conn interface {
		SetDeadline(time.Time) error
		Read() (*Info, error)
	}
}

// Primary answers at once from memory.
func (s *Store) Primary() *Info {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.info
}

// PrimaryContext asks Primary on every tick until one is known or ctx is
// done: a wait that Primary does not do.
func (s *Store) PrimaryContext(ctx context.Context) *Info {
	ticker := time.NewTicker(10 * time.Millisecond)
	defer ticker.Stop()
	for {
		if info := s.Primary(); info != nil {
			return info
		}
		select {
		case <-ctx.Done():
			return nil
		case <-ticker.C:
		}
	}
}

// Fetch reads from the connection without a deadline.
func (s *Store) Fetch() (*Info, error) { return s.conn.Read() }

// FetchContext bounds the same read by ctx's deadline, then calls Fetch
// once: the context does reach the read.
func (s *Store) FetchContext(ctx context.Context) (*Info, error) {
	if d, ok := ctx.Deadline(); ok {
		_ = s.conn.SetDeadline(d)
	}
	return s.Fetch()
}
