// Package latent is reported with -latent: roots that reach nothing that
// observes cancellation today.
package latent

import (
	"context"
	"log/slog"
)

func size(ctx context.Context, payload []byte) int { return len(payload) }

func logged(msg string) {
	slog.InfoContext(context.Background(), msg)
}

func Handle(ctx context.Context, payload []byte) int {
	logged("x")                                // want `logged starts a fresh context \(context.Background\(\) at latent.go:13\), so the caller's deadline and cancellation stop at this call; give it a context.Context parameter and pass ctx`
	return size(context.Background(), payload) // want `context.Background\(\) starts a fresh context where ctx is in scope, so the caller's deadline and cancellation are lost; use ctx`
}
