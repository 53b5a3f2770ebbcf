package observe

import (
	"context"
	"errors"
)

// A context cancelled before anything uses it is dead on purpose: lazy
// work handed it is not started. It has no deadline to lose.
func Drain(ctx context.Context, s *Store) error {
	dead, cancel := context.WithCancel(context.Background())
	cancel()
	return s.Get(dead, "lazy")
}

// Cancelled only after the work: the work ran on a fresh root.
func DrainLate(ctx context.Context, s *Store) error {
	bg, cancel := context.WithCancel(context.Background()) // want `context.Background\(\) starts a fresh context where ctx is in scope, so the caller's deadline and cancellation are lost; use ctx`
	err := s.Get(bg, "x")
	cancel()
	return err
}

// A helper whose root dies at once with a cause makes the work fail with
// it; its callers lose nothing.
func failWith(s *Store, cause error) error {
	dead, cancel := context.WithCancelCause(context.Background())
	cancel(cause)
	return s.Get(dead, "x")
}

func Fail(ctx context.Context, s *Store) error {
	return failWith(s, errors.New("no collection"))
}

// A query builder of another package keeps the context it is given.
type querier interface {
	WithContext(ctx context.Context)
	Run() error
}

// A context attached to a query and cancelled at once with the cause makes
// the query fail with it.
func failing(q querier, cause error) querier {
	if cause != nil {
		dead, cancel := context.WithCancelCause(context.Background())
		q.WithContext(dead)
		cancel(cause)
	}
	return q
}

func Query(ctx context.Context, q querier) error {
	return failing(q, errors.New("no collection")).Run()
}
