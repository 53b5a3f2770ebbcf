package a

import "context"

// LogContextHook reads fields for log lines from a context.
type LogContextHook func(ctx context.Context) string

var logHooks = map[string]LogContextHook{}

// A function value of a logging hook's type reads values only.
func Fields(ctx context.Context) map[string]string { // want Fields:"ignores \\[0\\]"
	out := map[string]string{}
	for k, hook := range logHooks {
		out[k] = hook(ctx)
	}
	return out
}

// Catalog is not a log: a hook of this type may observe.
type CatalogHook func(ctx context.Context) string

func Lookup(ctx context.Context, h CatalogHook) string { return h(ctx) } // want Lookup:"hands 0 to argument 0 of 1"

// A context handed over as a plain value (printed, matched, stored as
// any) is not waited on.
func describe(v ...any) string { return "" }

func Describes(ctx context.Context) string { // want Describes:"ignores \\[0\\]"
	return describe("ctx", ctx)
}

// A generic parameter may be used as the context it is.
func pass[T any](v T, use func(T)) { use(v) }

func Generic(ctx context.Context) {
	pass(ctx, func(c context.Context) { <-c.Done() })
}

// A cancel watcher: a goroutine of its own waits for ctx to be done.
func Watch(ctx context.Context, conn interface{ Close() error }) func() { // want Watch:"^watches \\[0\\]$"
	finished := make(chan struct{})
	go func() {
		select {
		case <-ctx.Done():
			conn.Close()
		case <-finished:
		}
	}()
	return func() { close(finished) }
}
