package svc

import (
	"context"

	"ctxbackground/facts/safego"
)

type Store interface{ Put(ctx context.Context, k string) error }

// Handed to a launcher of a context-free package: detached work.
func Launch(ctx context.Context, st Store) error {
	safego.Go(func() { _ = st.Put(context.Background(), "async") })
	return st.Put(ctx, "sync")
}

// Handed to a memoiser of a context-free package: shared work.
func Shared(ctx context.Context, st Store, g *safego.Group) error {
	_ = g.Do(func() any { return st.Put(context.Background(), "once") })
	return st.Put(ctx, "each")
}

// Handed to a function that runs it in place: the request's own work.
func InPlace(ctx context.Context, st Store) {
	safego.Run(func() {
		_ = st.Put(context.Background(), "now") // want `context.Background\(\) starts a fresh context where ctx is in scope, so the caller's deadline and cancellation are lost; use ctx`
	})
}
