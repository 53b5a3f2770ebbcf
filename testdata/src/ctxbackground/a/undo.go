package a

import (
	"context"
	"time"
)

// Work that stops or undoes other work (a query's kill, a restore's abort)
// runs because that work failed or was cancelled, often by the caller's
// own context: a bounded root of its own lets it finish, so neither the
// helper nor its callers are told to use ctx.
type conn struct{ r replicas }

func (c *conn) KillQuery(reason string) error {
	ctx, cancel := context.WithTimeout(context.Background(), time.Second)
	defer cancel()
	return c.r.Push(ctx, len(reason))
}

func (c *conn) abort() error {
	return c.r.Push(context.Background(), 0)
}

func (c *conn) refresh() error {
	return c.r.Push(context.Background(), 1)
}

func (c *conn) Exec(ctx context.Context) error {
	if err := c.r.Push(ctx, 2); err != nil {
		_ = c.KillQuery("interrupted")
		_ = c.abort()
		return err
	}
	return c.refresh() // want `refresh starts a fresh context`
}
