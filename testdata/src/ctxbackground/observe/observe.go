// Package observe covers roots that reach nothing observing cancellation
// (left alone unless -latent), detached closures and test helpers outside
// _test.go files.
package observe

import (
	"context"
	"log/slog"
	"testing"
	"time"
)

type key struct{}

type Store struct{}

// Get honours its context.
func (s *Store) Get(ctx context.Context, id string) error {
	select {
	case <-ctx.Done():
		return ctx.Err()
	case <-time.After(time.Millisecond):
		return nil
	}
}

// size only reads a value from its context.
func size(ctx context.Context, payload []byte) int {
	if n, ok := ctx.Value(key{}).(int); ok {
		return n
	}
	return len(payload)
}

// logged builds a context only to carry a logger.
func logged(msg string) {
	bg := context.Background()
	slog.InfoContext(bg, msg)
}

// fetch roots a context that reaches a store: it loses the caller's deadline.
func fetch(s *Store) error {
	return s.Get(context.Background(), "x")
}

func Handle(ctx context.Context, s *Store, payload []byte) error {
	_ = size(context.Background(), payload) // in-memory computation: nothing lost
	slog.InfoContext(context.TODO(), "handling")
	logged("hello")                                          // its root only carries a logger
	if err := s.Get(context.Background(), "a"); err != nil { // want `context.Background\(\) starts a fresh context where ctx is in scope, so the caller's deadline and cancellation are lost; use ctx`
		return err
	}
	return fetch(s) // want `fetch starts a fresh context \(context.Background\(\) at observe.go:43\), so the caller's deadline and cancellation stop at this call; give it a context.Context parameter and pass ctx`
}

// Work started in a goroutine, or returned to run later, is detached.
func Start(ctx context.Context, s *Store) func() {
	go s.Get(context.Background(), "bg")
	return func() {
		s.Get(context.Background(), "shutdown")
	}
}

// A test helper outside a _test.go file is test code.
func CommitFails(ctx context.Context, t *testing.T, s *Store) {
	if err := s.Get(context.Background(), "t"); err != nil {
		t.Fatal(err)
	}
}

// A component's Close runs on its own root: its callers lose nothing.
type Pool struct{ s *Store }

func (p *Pool) Close() error {
	return p.s.Get(context.Background(), "drain")
}

func Shutdown(ctx context.Context, p *Pool) error {
	return p.Close()
}

// A function whose job is to choose the context its callers run under.
type Client struct{ timeouts bool }

func (c *Client) context(ctx context.Context) context.Context {
	if c.timeouts {
		return ctx
	}
	return context.Background()
}

// Returning a root alone is still a lost deadline.
func (c *Client) detach(ctx context.Context) context.Context {
	return context.Background() // want `context.Background\(\) starts a fresh context where ctx is in scope, so the caller's deadline and cancellation are lost; use ctx`
}

// A root handed to a callback the caller may or may not set: the code
// behind it is unknown, so its callers are not told a deadline stops.
type Options struct {
	Password func(ctx context.Context) string
}

func parse(opts Options) string {
	if opts.Password != nil {
		return opts.Password(context.Background())
	}
	return ""
}

func Connect(ctx context.Context, s *Store) error {
	_ = parse(Options{})
	return s.Get(ctx, "conn")
}

// A helper reached through an interface whose one implementation here
// roots a context.
type warmer interface{ warm() error }

type cache struct{ s *Store }

func (c cache) warm() error { return c.s.Get(context.Background(), "warm") }

func refresh(w warmer) error { return w.warm() }

func Refresh(ctx context.Context, c cache) error {
	return refresh(c) // want `refresh starts a fresh context \(context.Background\(\) at observe.go:\d+, through warm\), so the caller's deadline and cancellation stop at this call; give it a context\.Context parameter and pass ctx`
}

// A destructor given a fresh root must finish whatever the caller's state.
type runtime struct{}

func (runtime) Close(ctx context.Context) error { return ctx.Err() }

func Swap(ctx context.Context, old runtime) error {
	return old.Close(context.Background())
}

// A lowercase close roots for the component too.
type vm struct{ s *Store }

func (v *vm) close() { v.s.Get(context.Background(), "close") }

func Release(ctx context.Context, v *vm) { v.close() }

// One helper reached twice from one function is one mistake.
func Twice(ctx context.Context, s *Store) error {
	if err := fetch(s); err != nil { // want `fetch starts a fresh context \(context\.Background\(\) at observe\.go:\d+\), so the caller's deadline and cancellation stop at this call; give it a context\.Context parameter and pass ctx`
		return err
	}
	return fetch(s) // the same mistake: a related position of the first
}

// One root reached through two helpers from one function is one mistake;
// two roots are two.
func fetchBoth(s *Store) error { return fetch(s) }

func TwoWays(ctx context.Context, s *Store) error {
	if err := fetch(s); err != nil { // want `fetch starts a fresh context \(context\.Background\(\) at observe\.go:\d+\), so the caller's deadline and cancellation stop at this call; give it a context\.Context parameter and pass ctx`
		return err
	}
	if err := fetchBoth(s); err != nil { // the same root: a related position of the first
		return err
	}
	return refresh(cache{s}) // want `refresh starts a fresh context \(context.Background\(\) at observe.go:\d+, through warm\), so the caller's deadline and cancellation stop at this call; give it a context\.Context parameter and pass ctx`
}

// A destructor's forms that only say how it stops are destructors too; a
// stop with an object acts on something else.
type service struct{ s *Store }

func (v *service) StopAndAwaitTerminated(ctx context.Context) error {
	return v.s.Get(ctx, "stop")
}

func (v *service) StopReplication(ctx context.Context) error {
	return v.s.Get(ctx, "replication")
}

func ShutdownHandler(ctx context.Context, v *service) error {
	_ = v.StopAndAwaitTerminated(context.Background()) // the shutdown the request asked for must finish
	return v.StopReplication(context.Background())     // want `context.Background\(\) starts a fresh context where ctx is in scope`
}
