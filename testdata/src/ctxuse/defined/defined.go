// Package defined defines interface types from other packages': their
// methods are those packages', and so are their facts (never exported here
// again, which go/analysis forbids).
package defined

import (
	"context"

	"ctxuse/instrument"
	other "example.com/instrument"
)

type Instrumentation instrument.Instrumentation

// The module's own implementations decide what its interface does.
func After(ctx context.Context, i Instrumentation) { // want After:"ignores \\[0\\]"
	i.AfterResponse(ctx, 200)
}

type Foreign other.Instrumentation

// Another module's interface may be implemented anywhere: unknown.
func AfterForeign(ctx context.Context, i Foreign) {
	i.AfterResponse(ctx, 200)
}
