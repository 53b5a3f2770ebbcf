// Package helpers has functions without a context parameter that root one
// and pass it on; their callers on a request path lose their deadline.
package helpers

import (
	"context"
	"time"
)

type Cache struct{}

func (c *Cache) Get(ctx context.Context, key string) (string, error) { return "", ctx.Err() }

// Warm roots a context directly.
func Warm(c *Cache) error { // want Warm:"roots context.Background\\(\\) at helpers.go:16"
	_, err := c.Get(context.Background(), "all")
	return err
}

// Refresh roots one through a variable and a derived timeout.
func (c *Cache) Refresh() error { // want Refresh:"roots context.TODO\\(\\) at helpers.go:22"
	base := context.TODO()
	ctx, cancel := context.WithTimeout(base, time.Second)
	defer cancel()
	_, err := c.Get(ctx, "x")
	return err
}

// Reload roots through a chain of such functions.
func Reload(c *Cache) error { // want Reload:"roots context.Background\\(\\) at helpers.go:16 through warmAll"
	return warmAll(c)
}

func warmAll(c *Cache) error { return Warm(c) }

// Detach roots only inside a goroutine: deliberate, no fact.
func Detach(c *Cache) {
	go c.Get(context.Background(), "bg")
}

// Make returns a root without passing it to anything: no fact.
func Make() context.Context { return context.Background() }

// WithCtx takes a context: it is on the request path itself, no fact.
func WithCtx(ctx context.Context, c *Cache) error {
	_, err := c.Get(context.Background(), "k") // want `use ctx`
	return err
}

// Flush and FlushContext: a call to Flush is dropcancel's finding (it has a
// context-taking sibling), so ctxbackground stays silent on it.
func Flush(c *Cache) error { // want Flush:"roots"
	_, err := c.Get(context.Background(), "flush")
	return err
}

func FlushContext(ctx context.Context, c *Cache) error {
	_, err := c.Get(ctx, "flush")
	return err
}
