//go:build linux

package buildtags

import "context"

// Built on linux (where the tests run): analysed.
func platform(ctx context.Context) error {
	return use(context.Background()) // want `ctxbackground: context.Background\(\) starts a fresh context where ctx is in scope, so the caller's deadline and cancellation are lost; use ctx`
}

func use(ctx context.Context) error { return ctx.Err() }
