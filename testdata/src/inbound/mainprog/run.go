package main

import (
	"context"
	"net/http"
	"time"
)

// realMain is main's body moved out so that it can return an error: it is
// called only from main, so the context it makes is the process's.
func realMain() error {
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	diff(ctx)
	return sync(ctx)
}

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
