// Package backoff holds a retry state built with a context, in another
// package of the module.
package backoff

import (
	"context"
	"time"
)

type Backoff struct {
	ctx   context.Context
	tries int
}

func New(ctx context.Context) *Backoff { return &Backoff{ctx: ctx} }

// Ongoing reports whether another attempt may start.
func (b *Backoff) Ongoing() bool { return b.ctx.Err() == nil && b.tries < 5 }

// Wait sleeps before the next attempt unless the context ends first.
func (b *Backoff) Wait() {
	b.tries++
	select {
	case <-b.ctx.Done():
	case <-time.After(time.Second):
	}
}

// Count only counts: it reads no context.
func (b *Backoff) Count() { b.tries++ }
