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
