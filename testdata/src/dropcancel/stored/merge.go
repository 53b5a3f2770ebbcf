package stored

import (
	"context"
	"net/http"
)

// merge returns a context cancelled when either parent is.
func merge(a, b context.Context) (context.Context, context.CancelFunc) {
	ctx, cancel := context.WithCancel(a)
	stop := context.AfterFunc(b, cancel)
	return ctx, func() { stop(); cancel() }
}

// The request's own context merged with the server's lifetime: the
// request's cancellation is kept, the stored one only adds shutdown.
func (s *Server) Merged(w http.ResponseWriter, r *http.Request) {
	ctx, cancel := merge(r.Context(), s.ctx)
	defer cancel()
	_ = s.db.PingContext(ctx)
}

// The stored context alone, in the same handler shape: reported.
func (s *Server) Alone(w http.ResponseWriter, r *http.Request) {
	_ = s.db.PingContext(s.ctx) // want `passing the stored context s.ctx ignores the cancellation of r.Context\(\); pass r.Context\(\)`
}

// A group built for the server's lifetime by its constructor: the stored
// context is what it should outlive the request with.
type group struct{ ctx context.Context }

func (g *group) stop() {}

func newGroup(ctx context.Context) *group { return &group{ctx: ctx} }

func (s *Server) Route(ctx context.Context) *group {
	_ = s.db.PingContext(ctx)
	return newGroup(s.ctx)
}

// A constructor of a plain value (no destructor) takes the caller's work.
type query struct{ ctx context.Context }

func newQuery(ctx context.Context) *query { return &query{ctx: ctx} }

func (s *Server) Ask(ctx context.Context) *query {
	return newQuery(s.ctx) // want `passing the stored context s.ctx ignores the cancellation of ctx; pass ctx`
}
