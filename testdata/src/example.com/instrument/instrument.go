// Package instrument is another module's instrumentation interface, whose
// only implementation there ignores the context. Other modules implement
// it too, so what its implementations there agree on holds only there.
package instrument

import "context"

type Instrumentation interface {
	AfterResponse(ctx context.Context, status int)
}

type Nop struct{}

func (Nop) AfterResponse(ctx context.Context, status int) {}
