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

// Handed to a builder that returns it wrapped in event hooks: run later,
// at each event, not as part of Watch's own work.
func Watch(ctx context.Context, st Store) []safego.Funcs[string] {
	return []safego.Funcs[string]{
		safego.NewFuncs(func(k string) bool { return st.Put(context.Background(), k) == nil }),
	}
}

// Handed to a function that runs it before returning: the caller's work.
func Check(ctx context.Context, st Store, k string) bool {
	return safego.Filter(k, func(k string) bool {
		return st.Put(context.Background(), k) == nil // want `context.Background\(\) starts a fresh context where ctx is in scope, so the caller's deadline and cancellation are lost; use ctx`
	})
}

// putNow roots a context of its own.
func putNow(st Store, k string) bool { return st.Put(context.Background(), k) == nil }

func WatchHelper(ctx context.Context, st Store) []safego.Funcs[string] {
	var fs []safego.Funcs[string]
	fs = append(fs, safego.NewFuncs(func(k string) bool { return putNow(st, k) }))
	return fs
}

// A wrapper's result that the caller runs itself, at once or through a
// local, runs the literal as the caller's own work.
func RetryNow(ctx context.Context, st Store) error {
	if err := safego.Retrying(func() error {
		return st.Put(context.Background(), "now") // want `context.Background\(\) starts a fresh context where ctx is in scope, so the caller's deadline and cancellation are lost; use ctx`
	})(); err != nil {
		return err
	}
	op := safego.Retrying(func() error {
		return st.Put(context.Background(), "op") // want `context.Background\(\) starts a fresh context where ctx is in scope, so the caller's deadline and cancellation are lost; use ctx`
	})
	return op()
}

// Returned to the caller, the wrapped literal runs later.
func RetryLater(ctx context.Context, st Store) func() error {
	return safego.Retrying(func() error { return st.Put(context.Background(), "later") })
}
