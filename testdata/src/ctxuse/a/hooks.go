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

func Lookup(ctx context.Context, h CatalogHook) string { return h(ctx) }
