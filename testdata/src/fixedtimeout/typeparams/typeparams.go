// Package typeparams holds generic code: type parameters constrained by
// context.Context and generic helpers around timers.
package typeparams

import (
	"context"
	"time"
)

type Fetcher[T any] interface {
	Fetch(ctx context.Context) (T, error)
}

// A generic method on a request path.
func Get[T any](ctx context.Context, f Fetcher[T]) (T, error) {
	tctx, cancel := context.WithTimeout(context.Background(), 5*time.Second) // want `5s timeout on a fresh context ignores the caller's deadline; derive it from ctx \(from context\.WithoutCancel\(ctx\) if the work must finish after the caller gives up\)`
	defer cancel()
	return f.Fetch(tctx)
}

// A type parameter that is a context.
func Poll[C context.Context](ctx C, ready func() bool) {
	for !ready() {
		time.Sleep(time.Second) // want `1s sleep in a loop that never checks ctx ignores the caller's deadline and cancellation; wait in a select on ctx.Done\(\) and a timer`
	}
}

func PollChecked[C context.Context](ctx C, ready func() bool) {
	for !ready() && ctx.Err() == nil {
		time.Sleep(time.Second)
	}
}

// A generic channel of results.
func First[T any](ctx context.Context, ch <-chan T) (T, bool) {
	var zero T
	select {
	case v := <-ch:
		return v, true
	case <-time.After(time.Second): // want `select waits 1s on time.After with no case on ctx.Done\(\), so it ignores the caller's deadline; add a case <-ctx.Done\(\)`
		return zero, false
	}
}

func FirstGood[T any](ctx context.Context, ch <-chan T) (T, bool) {
	var zero T
	select {
	case v := <-ch:
		return v, true
	case <-ctx.Done():
		return zero, false
	}
}

// A generic type with a timer.
type Queue[T any] struct {
	items chan T
	t     *time.Timer
}

func (q *Queue[T]) Pop(ctx context.Context) (T, bool) {
	var zero T
	select {
	case v := <-q.items:
		return v, true
	case <-q.t.C: // want `select waits on q.t.C with no case on ctx.Done\(\), so it ignores the caller's deadline; add a case <-ctx.Done\(\)`
		return zero, false
	}
}
