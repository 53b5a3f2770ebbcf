package observe

import "context"

// A closure registered to be called later, on each change, runs after the
// function that registers it has returned: it is detached work.
type changes struct{ subs []func(name string) }

func (c *changes) Subscribe(fn func(name string)) { c.subs = append(c.subs, fn) }

func (c *changes) Each(fn func(name string)) {
	for _, name := range []string{"a", "b"} {
		fn(name)
	}
}

func Bootstrap(ctx context.Context, c *changes, s *Store) {
	c.Subscribe(func(name string) {
		_ = s.Get(context.Background(), name)
	})
	c.Each(func(name string) {
		_ = s.Get(context.Background(), name) // want `context.Background\(\) starts a fresh context where ctx is in scope, so the caller's deadline and cancellation are lost; use ctx`
	})
}
