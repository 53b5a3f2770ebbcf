package observe

import (
	"context"

	"go.opentelemetry.io/otel/trace"
)

// A tracing wrapper: the context it returns is its argument with a span
// added, whether it reassigns its parameter or names a new one.
func startSpan(ctx context.Context, t trace.Tracer, name string) (context.Context, func()) {
	var span trace.Span
	if t != nil {
		ctx, span = t.Start(ctx, name)
		return ctx, span.End
	}
	return ctx, func() {}
}

func startChild(ctx context.Context, t trace.Tracer, name string) (context.Context, func()) {
	sctx, span := t.Start(ctx, name)
	return trace.ContextWithSpan(sctx, span), span.End
}

type Namespaces struct {
	t     trace.Tracer
	cache map[string]string
	store *Store
}

// Cached reads only its in-memory cache: its context goes to spans alone.
func (n *Namespaces) Cached(ctx context.Context, name string) string {
	_, end := startSpan(ctx, n.t, "Cached")
	defer end()
	return n.cache[name]
}

func (n *Namespaces) CachedChild(ctx context.Context, name string) string {
	_, end := startChild(ctx, n.t, "CachedChild")
	defer end()
	return n.cache[name]
}

// Fetched hands the span's context on to the store, which observes it.
func (n *Namespaces) Fetched(ctx context.Context, name string) error {
	ctx, end := startSpan(ctx, n.t, "Fetched")
	defer end()
	return n.store.Get(ctx, name)
}

func (n *Namespaces) Handle(ctx context.Context, name string) error {
	_ = n.Cached(context.TODO(), name)      // only a span's parent is lost
	_ = n.CachedChild(context.TODO(), name) // the same through a new variable
	return n.Fetched(context.TODO(), name)  // want `context.TODO\(\) starts a fresh context where ctx is in scope, so the caller's deadline and cancellation are lost; use ctx`
}
