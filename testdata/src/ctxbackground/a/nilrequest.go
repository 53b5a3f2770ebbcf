package a

import (
	"context"
	"net/http"
)

// A probe that may run without a request: the background context is the
// default that the request's replaces at once when there is one.
func Probe(r *http.Request, rs replicas) error {
	ctx := context.Background()
	if r != nil {
		ctx = r.Context()
	}
	return rs.Push(ctx, 1)
}

// The same default replaced only by something else keeps its finding.
func ProbeFixed(r *http.Request, rs replicas, fixed bool) error {
	ctx := context.Background() // want `context.Background\(\) starts a fresh context where r.Context\(\) is in scope`
	if fixed {
		ctx = context.TODO() // want `context.TODO\(\) starts a fresh context where r.Context\(\) is in scope`
	}
	return rs.Push(ctx, 1)
}
