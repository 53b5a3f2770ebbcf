package stored

import (
	"context"
	"net/http"
	"testing"
)

var testCtx = context.Background()

func TestGet(t *testing.T) {
	s := &Server{ctx: testCtx}
	s.Get(testCtx, "1")
}

// A helper on a request path inside a test file is left alone.
func get(ctx context.Context, s *Server) {
	s.db.PingContext(s.ctx)
	http.Get("http://localhost/")
}
