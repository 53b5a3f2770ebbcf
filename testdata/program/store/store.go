// Package store has functions that only main calls, and some that a
// request reaches.
package store

import (
	"context"
	"time"

	"example.com/program/internal/group"
)

// Open runs at start-up only: its context is main's.
func Open(ctx context.Context, dsn string) error {
	ctx, cancel := context.WithTimeout(context.Background(), time.Second)
	defer cancel()
	return dial(ctx, dsn)
}

// Get is also called by the server with the request's context.
func Get(ctx context.Context, key string) error {
	return dial(context.Background(), key)
}

// Warm is only called through a function value.
func Warm(ctx context.Context) error {
	return dial(context.Background(), "warm")
}

type Store struct{}

// Migrate is only called by main.
func (s *Store) Migrate(ctx context.Context) error {
	return dial(context.Background(), "migrate")
}

// Ping implements driver.Pinger: database/sql calls it, out of view.
func (s *Store) Ping(ctx context.Context) error {
	return dial(context.Background(), "ping")
}

// Load is called through the server's own interface, by a request.
func (s *Store) Load(ctx context.Context, key string) error {
	return dial(context.Background(), key)
}

func dial(ctx context.Context, addr string) error {
	select {
	case <-ctx.Done():
		return ctx.Err()
	case <-time.After(time.Millisecond):
		return nil
	}
}

// Flush is a wrapper without a context: its Background stands where a
// caller's context belongs.
func Flush() error { return FlushContext(context.Background()) }

// FlushContext keeps its finding: its wrapper, only main's, is API beside
// it for callers without a context; callers with one call FlushContext.
func FlushContext(ctx context.Context) error {
	return dial(context.Background(), "flush")
}

// Export keeps its finding: only an example program calls it.
func Export(ctx context.Context) error {
	return dial(context.Background(), "export")
}

// Poller refreshes the store for as long as it lives: its context, a
// root of its own kept in a field, is its lifetime.
type Poller struct {
	ctx    context.Context
	cancel context.CancelFunc
}

func NewPoller() *Poller {
	ctx, cancel := context.WithCancel(context.Background())
	return &Poller{ctx: ctx, cancel: cancel}
}

func (p *Poller) Run() error {
	tick, cancel := context.WithTimeout(p.ctx, time.Minute)
	defer cancel()
	return Refresh(tick)
}

// Refresh is only ever handed the poller's lifetime: no caller's deadline
// reaches it.
func Refresh(ctx context.Context) error {
	return dial(context.Background(), "refresh")
}

// A session keeps the context of the call that opened it: the caller's.
type Session struct{ ctx context.Context }

func OpenSession(ctx context.Context) *Session { return &Session{ctx: ctx} }

func (s *Session) Run() error { return Sync(s.ctx) }

// Sync keeps its finding: a session's context is its opener's.
func Sync(ctx context.Context) error {
	return dial(context.Background(), "sync")
}

// Listen starts a backend on a root of its own, which it cancels only if
// the start fails: the backend's lifetime, not a caller's deadline.
func Listen(ctx context.Context) (err error) {
	bctx, bcancel := context.WithCancel(context.Background())
	defer func() {
		if err != nil {
			bcancel()
		}
	}()
	return Backend(bctx)
}

// Backend is only ever handed a backend's lifetime.
func Backend(ctx context.Context) error {
	return dial(context.Background(), "backend")
}

// FlushOnce makes a root that it cancels on its way out: it stands where a
// caller's context belongs, for this call only.
func FlushOnce() error {
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	return FlushAll(ctx)
}

// FlushAll keeps its finding.
func FlushAll(ctx context.Context) error {
	return dial(context.Background(), "flushall")
}

// RunAgent runs the agent until stop cancels it: work under it has that
// signal to honour.
func RunAgent(stop chan struct{}) error {
	ctx, cancel := context.WithCancel(context.Background())
	go func() {
		<-stop
		cancel()
	}()
	return Agent(ctx)
}

// Agent keeps its finding.
func Agent(ctx context.Context) error {
	return dial(context.Background(), "agent")
}

// Reindex is only called by main; the group it fans out on derives
// main's context, adding only the group's own cancellation.
func Reindex(ctx context.Context) error {
	g, gctx := group.WithContext(ctx)
	g.Go(func() error { return reindex(gctx) })
	return g.Wait()
}

// reindex is only ever handed main's context through the group.
func reindex(ctx context.Context) error {
	return dial(context.Background(), "reindex")
}

// Enqueue is only ever handed the process's lifetime, through its getter.
func Enqueue(ctx context.Context, msg string) error {
	return dial(context.Background(), "enqueue")
}

// Handle is only ever handed the process's lifetime, by a consumer the
// bus runs with the context it subscribed with.
func Handle(ctx context.Context, msg string) error {
	return dial(context.Background(), "handle")
}

// Prune is only called by main: the server's pruner interface has a
// method of the same name but another signature, so no request reaches it.
func (s *Store) Prune(ctx context.Context) error {
	return dial(context.Background(), "prune")
}

// Query is only handed the wire server's roots, made where no context
// exists above (main starts the server).
func Query(ctx context.Context, q string) error {
	return dial(context.Background(), q)
}

// Lookup keeps its finding: pgserver.Serve, which nothing in view calls,
// hands it a root too.
func Lookup(ctx context.Context, q string) error {
	return dial(context.Background(), q)
}

// Sweep is only handed a sweeper's kept context, which only main's
// context fills.
func Sweep(ctx context.Context) error {
	return dial(context.Background(), "sweep")
}

// Expire keeps its finding: an export's kept context is a request's.
func Expire(ctx context.Context) error {
	return dial(context.Background(), "expire")
}

// Drain keeps its finding: a sweeper's Drain gives it a deadline.
func Drain(ctx context.Context) error {
	return dial(context.Background(), "drain")
}

// Settle keeps its finding: the deadline worker.Settle adds is a budget.
func Settle(ctx context.Context) error {
	return dial(context.Background(), "settle")
}

// Vacuum keeps its finding: worker.Vacuum gives it a deadline.
func Vacuum(ctx context.Context) error {
	return dial(context.Background(), "vacuum")
}

// Compact is only called by main, with the context a signal handler gave
// it: main's own.
func Compact(ctx context.Context) error {
	return dial(context.Background(), "compact")
}
