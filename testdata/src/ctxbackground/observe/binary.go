package observe

import (
	"context"

	"golang.org/x/sync/semaphore"
)

// A semaphore of one slot, made only that way in the package, is a mutex:
// acquiring it on a fresh root is a Lock, as sync.Mutex's, and a helper
// whose only root does that loses nothing its callers would want to
// cancel. A semaphore with more slots bounds concurrent work: waiting for
// a slot on a fresh root outlives the caller.
type Supervisor struct {
	sem   *semaphore.Weighted // one state fetch at a time
	slots *semaphore.Weighted // concurrent uploads
}

func NewSupervisor(n int64) *Supervisor {
	return &Supervisor{sem: semaphore.NewWeighted(1), slots: semaphore.NewWeighted(n)}
}

func (s *Supervisor) fetchStates() error {
	if err := s.sem.Acquire(context.TODO(), 1); err != nil {
		return err
	}
	defer s.sem.Release(1)
	return nil
}

func (s *Supervisor) reserve() error {
	if err := s.slots.Acquire(context.Background(), 1); err != nil {
		return err
	}
	defer s.slots.Release(1)
	return nil
}

func (s *Supervisor) Mount(ctx context.Context) error {
	if err := s.fetchStates(); err != nil {
		return err
	}
	return s.reserve() // want `reserve starts a fresh context`
}

func (s *Supervisor) Lock(ctx context.Context) error {
	return s.sem.Acquire(context.Background(), 1)
}

func (s *Supervisor) Reserve(ctx context.Context) error {
	return s.slots.Acquire(context.Background(), 1) // want `context.Background\(\) starts a fresh context where ctx is in scope`
}
