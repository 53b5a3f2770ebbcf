package helpers

import (
	"context"
	"net/http"
)

// Request wraps an outgoing HTTP request until it is built with a context.
type Request struct{ *http.Request }

// Copy deep-copies the request: http.Request.Clone demands a context, and
// a placeholder does no work; Build gives the copy its real one.
func (r *Request) Copy() *Request {
	rc := *r
	rc.Request = rc.Request.Clone(context.TODO())
	return &rc
}

// Build gives the request its context.
func (r *Request) Build(ctx context.Context) *http.Request { return r.Request.WithContext(ctx) }
