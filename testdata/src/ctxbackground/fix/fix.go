// Package fix holds the roots reported with a fix that passes the
// caller's context instead, and those where it cannot be written.
package fix

import (
	"context"
	ctxpkg "context"
	"net/http"
)

func load(ctx context.Context, key string) error { return ctx.Err() }

func Direct(ctx context.Context) error {
	return load(context.Background(), "k") // want `use ctx`
}

func Handler(w http.ResponseWriter, r *http.Request) {
	_ = load(context.TODO(), "k") // want `use r.Context\(\)`
}

func Overwrite(ctx context.Context) error {
	ctx = context.TODO() // want `overwrites the caller's context`
	return load(ctx, "k")
}

func Renamed(ctx ctxpkg.Context) error {
	return load(ctxpkg.Background(), "k") // want `use ctx`
}

// Shadowed: the closure's ctx is a string, so the inbound context cannot be
// written here and no fix is offered.
func Shadowed(ctx context.Context) {
	func(ctx string) {
		_ = load(context.Background(), ctx) // want `where ctx is in scope`
	}("k")
}
