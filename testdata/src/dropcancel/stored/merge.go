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

// A trace hook given the caller's context by address and the stored one as
// a description of the statement: both reach it, the stored one is not
// passed instead of the caller's.
type stmt struct{ ctx context.Context }

func onQuery(ctx *context.Context, stmtCtx context.Context, query string) func(error) {
	return func(error) { _ = stmtCtx.Err() }
}

func (st *stmt) Query(ctx context.Context, query string) error {
	done := onQuery(&ctx, st.ctx, query)
	defer done(nil)
	return ctx.Err()
}

// Given the stored one alone, the hook would wait on it instead.
func (st *stmt) QueryAlone(ctx context.Context, query string) error {
	done := onQuery(nil, st.ctx, query) // want `passing the stored context st.ctx ignores the cancellation of ctx; pass ctx`
	defer done(nil)
	return ctx.Err()
}

// A plugin client whose calls also end when the plugin shuts down: the
// stored context only fires the cancel of the caller's derived context, so
// the call keeps the caller's deadline and gains shutdown.
type pluginClient struct {
	doneCtx context.Context
	db      interface {
		PingContext(context.Context) error
	}
}

func cancelIfDone(cancel context.CancelFunc, done context.Context) chan struct{} {
	quit := make(chan struct{})
	go func() {
		select {
		case <-quit:
		case <-done.Done():
			cancel()
		}
	}()
	return quit
}

func (p *pluginClient) Call(ctx context.Context) error {
	ctx, cancel := context.WithCancel(ctx)
	quit := cancelIfDone(cancel, p.doneCtx)
	defer close(quit)
	defer cancel()
	return p.db.PingContext(ctx)
}

// The same watcher given a cancel of the stored context's own child: the
// caller's context is not in the call, so the stored one replaces it.
func (p *pluginClient) CallDetached(ctx context.Context) error {
	_ = ctx.Err()
	own, cancel := context.WithCancel(context.Background())
	quit := cancelIfDone(cancel, p.doneCtx) // want `passing the stored context p.doneCtx ignores the cancellation of ctx; pass ctx`
	defer close(quit)
	defer cancel()
	return p.db.PingContext(own)
}
