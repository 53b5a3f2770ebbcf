package observe

import (
	"context"
	"sync"
)

// A connection whose queries are cancelled by a watcher: once the
// caller's context is done, the watcher breaks the connection, so work
// below it ends with the caller whatever context it is given.
type dbConn struct {
	store *Store
	bad   chan struct{}
}

func (c *dbConn) watchCancel(ctx context.Context) func() {
	done := ctx.Done()
	if done == nil {
		return nil
	}
	finished := make(chan struct{})
	go func() {
		select {
		case <-done:
			close(c.bad)
		case <-finished:
		}
	}()
	return func() { close(finished) }
}

func (c *dbConn) exec(q string) error { return c.store.Get(context.Background(), q) }

func (c *dbConn) ExecContext(ctx context.Context, q string) error {
	if finish := c.watchCancel(ctx); finish != nil {
		defer finish()
	}
	return c.exec(q)
}

// The watcher written in place.
func (c *dbConn) QueryContext(ctx context.Context, q string) error {
	go func() {
		<-ctx.Done()
		close(c.bad)
	}()
	return c.store.Get(context.Background(), q)
}

// Work before the watch starts is not covered.
func (c *dbConn) PrepareContext(ctx context.Context, q string) error {
	if err := c.exec("prepare"); err != nil { // want `exec starts a fresh context \(context.Background\(\) at watch.go:\d+\), so the caller's deadline and cancellation stop at this call; give it a context.Context parameter and pass ctx`
		return err
	}
	finish := c.watchCancel(ctx)
	defer finish()
	return c.exec(q)
}

// A collector that only stops when ctx is done, and is waited for, is no
// watcher: the publish below still loses the caller's deadline.
func (c *dbConn) Survey(ctx context.Context, q string) error {
	var wg sync.WaitGroup
	wg.Add(1)
	go func() {
		defer wg.Done()
		select {
		case <-ctx.Done():
			return
		case <-c.bad:
		}
	}()
	err := c.store.Get(context.Background(), q) // want `context.Background\(\) starts a fresh context where ctx is in scope, so the caller's deadline and cancellation are lost; use ctx`
	wg.Wait()
	return err
}
