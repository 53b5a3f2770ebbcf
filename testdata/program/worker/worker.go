// Package worker keeps the context its constructors are given, as the
// lifetime of what they build.
package worker

import (
	"context"
	"time"

	"example.com/program/store"
)

// Sweeper sweeps the store for as long as its context lives.
type Sweeper struct {
	ctx    context.Context
	cancel context.CancelFunc
}

// NewSweeper keeps a child of ctx: only main makes a sweeper, so what it
// keeps is main's context.
func NewSweeper(ctx context.Context) *Sweeper {
	s := &Sweeper{}
	s.ctx, s.cancel = context.WithCancel(ctx)
	return s
}

// Run hands the kept context on: store.Sweep gets main's context only.
func (s *Sweeper) Run() error { return store.Sweep(s.ctx) }

// Export writes out one request's results on the context it was made with.
type Export struct{ ctx context.Context }

// NewExport keeps ctx, which the server hands it from a request.
func NewExport(ctx context.Context) *Export { return &Export{ctx: ctx} }

// Write hands the kept request context on: store.Expire keeps its finding.
func (e *Export) Write() error { return store.Expire(e.ctx) }

// Drain waits a second at most for the sweeps in flight: a budget of its
// own, which store.Drain keeps its finding for, though only main's
// context is kept.
func (s *Sweeper) Drain() error {
	ctx, cancel := context.WithTimeout(s.ctx, time.Second)
	defer cancel()
	return store.Drain(ctx)
}

// Settle is only called by main, and bounds the wait it starts: a
// deadline below main is a budget store.Settle must keep.
func Settle(ctx context.Context) error {
	ctx, cancel := context.WithTimeout(ctx, time.Second)
	defer cancel()
	return store.Settle(ctx)
}

// Vacuum is only called by main, and bounds the vacuum in a context of
// its own: a deadline below main, which store.Vacuum must keep.
func Vacuum(ctx context.Context) error {
	vctx, cancel := context.WithTimeout(ctx, time.Second)
	defer cancel()
	return store.Vacuum(vctx)
}
