package observe

import "context"

// Backoff carries its caller's context, as a retry state often does.
type Backoff struct{ ctx context.Context }

func (b *Backoff) GetCtx() context.Context { return b.ctx }

// resolve roots a context where the carrier's is at hand: the mistake is
// its own, and its callers already handed theirs over in b.
func resolve(b *Backoff, s *Store) error {
	return s.Get(context.Background(), "addr")
}

// send has no context parameter but holds one in b.
func send(b *Backoff, s *Store) error {
	return resolve(b, s)
}

func Send(ctx context.Context, s *Store) error {
	b := &Backoff{ctx: ctx}
	return send(b, s) // the caller's context travels inside b: not told to add one
}

// find has no context at all: its caller is told.
func find(id string, s *Store) error {
	return s.Get(context.Background(), id)
}

func Find(ctx context.Context, s *Store) error {
	return find("id", s) // want `find starts a fresh context \(context.Background\(\) at carrier.go:28\), so the caller's deadline and cancellation stop at this call; give it a context.Context parameter and pass ctx`
}

// Gate is a sync.Locker whose Lock waits on a root of its own, as
// sync.Mutex waits: no lost deadline. Its Acquire waits on a root too.
type Gate struct{ s *Store }

func (g *Gate) Lock()   { _ = g.s.Get(context.Background(), "lock") }
func (g *Gate) Unlock() {}
func (g *Gate) Acquire() error { // want Acquire:"roots context.Background\\(\\) at carrier.go:42"
	return g.s.Get(context.Background(), "acquire")
}

func Guarded(ctx context.Context, g *Gate) error {
	g.Lock()
	defer g.Unlock()
	return g.Acquire() // want `Acquire starts a fresh context \(context.Background\(\) at carrier.go:42\), so the caller's deadline and cancellation stop at this call; Acquire is exported, so add an AcquireContext variant that takes a context.Context and call it with ctx`
}

// namespaced returns a root with a value set: it makes a context for its
// callers rather than hiding one, so its callers are not told to give it
// a context parameter. (What they do with the root it returns is not
// followed yet: the Get below is left alone.)
func namespaced() context.Context { return withName(context.Background(), "ns") }

func withName(ctx context.Context, name string) context.Context {
	return context.WithValue(ctx, key{}, name)
}

func Named(ctx context.Context, s *Store) error {
	_ = s.Get(namespaced(), "audit")
	return s.Get(ctx, "named")
}
