// Package lib is a dependency in a module of its own: what its context
// forms do with their context is learnt from its code, as go vet does.
package lib

import "context"

type requestID struct{}

// Lookup answers from memory.
func Lookup(key string) (string, error) { return LookupContext(context.Background(), key) }

// LookupContext reads only the request ID from ctx, for its log line.
func LookupContext(ctx context.Context, key string) (string, error) {
	id, _ := ctx.Value(requestID{}).(string)
	logf("lookup %s for %s", key, id)
	return key, nil
}

func logf(format string, args ...any) {}

// Fetch goes to the network.
func Fetch(key string) error { return FetchContext(context.Background(), key) }

// FetchContext hands ctx to the transport, which observes it.
func FetchContext(ctx context.Context, key string) error { return send(ctx, key) }

var send func(ctx context.Context, key string) error
