package cgo

import "context"

// A file without cgo in a cgo package.
func Plain(ctx context.Context) context.Context {
	return context.TODO() // want `ctxbackground: context.TODO\(\) starts a fresh context where ctx is in scope, so the caller's deadline and cancellation are lost; use ctx`
}
