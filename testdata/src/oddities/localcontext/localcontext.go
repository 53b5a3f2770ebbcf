// Package localcontext declares its own Context types and context-like
// functions: only the real context package's roots are roots, and only
// types that are contexts (or carry one) put a function on a request path.
package localcontext

import (
	"context"
	"time"
)

// A local Context that is not a context.Context.
type Context struct {
	User string
}

func Background() Context { return Context{} }

func WithTimeout(c Context, d time.Duration) (Context, func()) { return c, func() {} }

// Not on a request path: Context here is a plain struct.
func Plain(ctx Context) {
	_ = context.Background()
	c, cancel := WithTimeout(Background(), time.Second)
	defer cancel()
	_ = c
	for {
		time.Sleep(time.Second)
	}
}

// On the request path through the real context; the local functions are
// not context roots.
func Mixed(ctx context.Context, local Context) {
	c, cancel := WithTimeout(Background(), time.Second)
	defer cancel()
	_ = c
	_ = context.TODO() // want `ctxbackground: context.TODO\(\) starts a fresh context where ctx is in scope, so the caller's deadline and cancellation are lost; use ctx`
}

// A local interface with exactly context.Context's methods is a context:
// any context.Context can be passed as one.
type Ctx interface {
	Deadline() (time.Time, bool)
	Done() <-chan struct{}
	Err() error
	Value(key any) any
}

func Local(ctx Ctx) {
	_ = context.Background() // want `ctxbackground: context.Background\(\) starts a fresh context where ctx is in scope, so the caller's deadline and cancellation are lost; use ctx`
}

// A struct that embeds context.Context is a context.
type RequestContext struct {
	context.Context
	User string
}

func Embedded(rc RequestContext) {
	_ = context.TODO() // want `ctxbackground: context.TODO\(\) starts a fresh context where rc is in scope, so the caller's deadline and cancellation are lost; use rc`
}

// A type with a Context() method that returns the local Context is not
// a carrier of the caller's context.
type Req struct{ c Context }

func (r *Req) Context() Context { return r.c }

func Carrier(r *Req) {
	_ = context.Background()
}
