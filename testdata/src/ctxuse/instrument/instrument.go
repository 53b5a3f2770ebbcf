// Package instrument is an instrumentation interface of the module, whose
// only implementation ignores the context: the interface's method does too.
package instrument

import "context"

type Instrumentation interface {
	AfterResponse(ctx context.Context, status int) // want AfterResponse:"ignores \\[0\\]"
}

type Nop struct{}

func (Nop) AfterResponse(ctx context.Context, status int) {} // want AfterResponse:"ignores \\[0\\]"
