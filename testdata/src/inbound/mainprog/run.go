package main

import (
	"context"
	"errors"
	"net/http"
)

// realMain is main's body moved out so that it can return an error: it is
// called only from main, so the context it makes is the process's, and so
// is the one it builds from that with a call of its own.
func realMain() error {
	ctx := context.Background()
	ctx, err := withToken(ctx, "t")
	if err != nil {
		return err
	}
	diff(ctx)
	return sync(ctx)
}

func withToken(ctx context.Context, token string) (context.Context, error) {
	if token == "" {
		return nil, errors.New("no token")
	}
	return context.WithValue(ctx, tokenKey{}, token), nil
}

type tokenKey struct{}

func diff(ctx context.Context) {
	probe() // no inbound context: only realMain's reaches it
}

func sync(ctx context.Context) error {
	probe() // want `inbound ctx$`
	return nil
}

// A handler also syncs: its request's context reaches sync.
func handle(w http.ResponseWriter, r *http.Request) {
	_ = sync(r.Context())
}

func init() {
	http.HandleFunc("/sync", handle)
}
