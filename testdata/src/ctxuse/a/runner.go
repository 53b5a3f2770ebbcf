package a

import (
	"context"
	"time"
)

// WithWindow runs fn on a window of its own: fn gets a fresh root.
func WithWindow(fn func(context.Context) error) error { // want WithWindow:`^calls \[0\]; roots argument 0 of 0$`
	ctx, cancel := context.WithTimeout(context.Background(), time.Second)
	defer cancel()
	return fn(ctx)
}

// WithTagged hands fn, at its second argument, a root given a value.
func WithTagged(fn func(string, context.Context)) { // want WithTagged:`^calls \[0\]; roots argument 1 of 0$`
	var ctx = context.WithValue(context.TODO(), ctxKey{}, "tag")
	fn("x", ctx)
}

// WithEither hands fn a root or its caller's context: no fact about it.
func WithEither(parent context.Context, fn func(context.Context)) { // want WithEither:`^calls \[1\]; observes 0 only if 0 is not zero$`
	ctx := context.Background()
	if parent != nil {
		ctx = parent
	}
	fn(ctx)
}

// WithClient runs fn on WithWindow's root: it roots fn's context too.
func WithClient(fn func(context.Context, string) error) error { // want WithClient:`^calls \[0\]; roots argument 0 of 0$`
	return WithWindow(func(ctx context.Context) error {
		return fn(ctx, "client")
	})
}

type ctxKey struct{}
