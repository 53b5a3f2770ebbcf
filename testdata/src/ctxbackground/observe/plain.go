package observe

import (
	"context"

	"example.com/telemetry/resource"
)

// A callee of another module that can neither report cancellation nor
// carry the context on reads values only, and one whose context parameter
// is blank reads nothing; one that returns an error, or keeps the context
// in what it returns, may observe it.
func Exporter(ctx context.Context) (*resource.Watcher, error) {
	_ = resource.DefaultWithContext(context.Background())
	if _, err := resource.AttributeContext(context.Background(), "host"); err != nil {
		return nil, err
	}
	if _, err := resource.DiscoverWithContext(context.Background()); err != nil { // want `context.Background\(\) starts a fresh context where ctx is in scope, so the caller's deadline and cancellation are lost; use ctx`
		return nil, err
	}
	return resource.NewWatcherWithContext(context.TODO()), nil // want `context.TODO\(\) starts a fresh context where ctx is in scope, so the caller's deadline and cancellation are lost; use ctx`
}
