// Package safego runs functions for its callers without ever seeing a
// context: its facts (which arguments it launches or memoises) are still
// learned.
package safego

import "sync"

// Go runs f in a goroutine of its own, recovering its panics.
func Go(f func()) {
	go func() {
		defer func() { _ = recover() }()
		f()
	}()
}

// Group shares one run of a function among callers that ask at once and
// keeps its result.
type Group struct {
	mu   sync.Mutex
	done bool
	val  any
}

func (g *Group) Do(f func() any) any {
	g.mu.Lock()
	defer g.mu.Unlock()
	if !g.done {
		g.val = f()
		g.done = true
	}
	return g.val
}

// Run runs f in place: its caller's work.
func Run(f func()) { f() }

// Funcs are event hooks around a filter, as a controller's predicates
// are: the watch runs the filter at each event, long after the builder
// returned.
type Funcs[T any] struct {
	Create func(e T) bool
	Delete func(e T) bool
}

func NewFuncs[T any](filter func(T) bool) Funcs[T] {
	return Funcs[T]{
		Create: func(e T) bool { return filter(e) },
		Delete: func(e T) bool { return filter(e) },
	}
}

// Filter runs filter on v in place.
func Filter[T any](v T, filter func(T) bool) bool { return filter(v) }

// Retrying returns f wrapped in a retry: f runs when the result does.
func Retrying(f func() error) func() error {
	return func() error {
		if err := f(); err != nil {
			return f()
		}
		return nil
	}
}
