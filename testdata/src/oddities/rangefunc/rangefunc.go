// Package rangefunc holds range-over-func loops (Go 1.23 iterators): the
// loop body is a closure the compiler builds, and the iterator function
// is ordinary code with a yield parameter.
package rangefunc

import (
	"context"
	"errors"
	"iter"
	"maps"
	"net/http"
	"slices"
	"time"
)

// Attempts yields attempt numbers; an iterator, not a request path.
func Attempts(n int) iter.Seq[int] {
	return func(yield func(int) bool) {
		for i := range n {
			if !yield(i) {
				return
			}
		}
	}
}

// Ticks paces on its own: off the request path, it has no context.
func Ticks(d time.Duration) iter.Seq[time.Time] {
	return func(yield func(time.Time) bool) {
		for {
			time.Sleep(d)
			if !yield(time.Now()) {
				return
			}
		}
	}
}

// WithCtx is an iterator on the request path: it takes the context.
func WithCtx(ctx context.Context, items []string) iter.Seq2[int, string] {
	return func(yield func(int, string) bool) {
		for i, s := range items {
			if ctx.Err() != nil || !yield(i, s) {
				return
			}
		}
	}
}

var errBusy = errors.New("busy")

func call(ctx context.Context) error { return errBusy }

// A retry loop over an iterator of attempts, that sleeps and never looks at
// the context.
func Retry(ctx context.Context) error {
	var err error
	for range Attempts(3) { // want `retrybudget: retry loop .*never checks ctx, so it can retry forever after the caller's deadline; check ctx\.Err\(\) before each attempt, and wait with select on ctx\.Done\(\)`
		if err = call(ctx); err == nil {
			return nil
		}
		time.Sleep(100 * time.Millisecond)
	}
	return err
}

// The same loop with a budget check: left alone.
func RetryChecked(ctx context.Context) error {
	var err error
	for range Attempts(3) {
		if err = call(ctx); err == nil {
			return nil
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(100 * time.Millisecond):
		}
	}
	return err
}

// A fresh root inside the body of a range-over-func loop.
func Each(w http.ResponseWriter, r *http.Request) {
	for i, s := range WithCtx(r.Context(), []string{"a", "b"}) {
		_ = call(context.Background()) // want `ctxbackground: context.Background\(\) starts a fresh context where r.Context\(\) is in scope, so the caller's deadline and cancellation are lost; use r\.Context\(\)`
		_, _ = i, s
	}
	for k := range maps.Keys(map[string]int{"a": 1}) {
		_ = k
		_ = call(r.Context())
	}
}

// Polling paced by an iterator: the loop is the wait.
func Poll(ctx context.Context, ready func() bool) {
	for range Ticks(time.Second) {
		if ready() {
			return
		}
	}
}

// A sleep in a range-over-func loop that is not a retry.
func Pace(ctx context.Context, items []string) {
	for _, it := range slices.All(items) {
		_ = it
		time.Sleep(10 * time.Millisecond) // want `fixedtimeout: 10ms sleep in a loop that never checks ctx ignores the caller's deadline and cancellation; wait in a select on ctx\.Done\(\) and a timer`
	}
}

// Iterator bodies that return, break and continue through labels.
func Labels(ctx context.Context, grid [][]int) int {
	sum := 0
outer:
	for _, row := range slices.All(grid) {
		for _, v := range slices.Values(row) {
			switch {
			case v < 0:
				continue outer
			case v == 0:
				break outer
			case v > 100:
				return sum
			}
			sum += v
		}
	}
	return sum
}

// A method value used as an iterator.
type Source struct{ items []string }

func (s *Source) All(yield func(string) bool) {
	for _, it := range s.items {
		if !yield(it) {
			return
		}
	}
}

func Drain(ctx context.Context, s *Source) {
	for it := range s.All {
		_ = it
		ctx := context.TODO() // want `ctxbackground: context.TODO\(\) starts a fresh context where ctx is in scope, so the caller's deadline and cancellation are lost; use ctx`
		_ = call(ctx)
	}
}
