// Package runner states which contexts a function literal handed to a
// runner has: a runner that calls it with a root of its own
// (withTimeout(func(ctx context.Context) error {...}) making
// context.WithTimeout(context.Background(), d)) hands it no caller's
// context; one that hands it its caller's, or that keeps it, does.
package runner

import (
	"context"
	"time"

	"inbound/runnerlib"
)

func probe() {}

type key struct{}

// withTimeout runs fn on a 30-second window of its own.
func withTimeout(fn func(ctx context.Context) error) error {
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	return fn(ctx)
}

// withValues runs fn on a root that carries a value, at its first argument.
func withValues(fn func(string, context.Context) error) error {
	var ctx = context.WithValue(context.TODO(), key{}, 1)
	return fn("x", ctx)
}

// passes hands fn its caller's context.
func passes(ctx context.Context, fn func(context.Context) error) error {
	return fn(ctx)
}

// mixed hands fn a root once and its caller's context once.
func mixed(ctx context.Context, fn func(context.Context) error) error {
	if err := fn(context.Background()); err != nil {
		return err
	}
	return fn(ctx)
}

// reassigned hands fn a root that may be replaced by its caller's.
func reassigned(parent context.Context, fn func(context.Context) error) error {
	ctx := context.Background()
	if parent != nil {
		ctx = parent
	}
	return fn(ctx)
}

var hooks []func(context.Context) error

// keep stores fn: who calls it, and with what, is out of sight.
func keep(fn func(context.Context) error) { hooks = append(hooks, fn) }

// listing runs off any request path: the literal's context is the
// runner's window.
func listing() error {
	return withTimeout(func(ctx context.Context) error {
		probe()
		return runnerlib.WithClient(func(ctx context.Context, c *runnerlib.Client) error {
			probe()
			return nil
		})
	})
}

func handler(ctx context.Context) error {
	// The runner's root replaces ctx for the literal, which still sits
	// inside the handler: ctx is the context in scope.
	_ = withTimeout(func(inner context.Context) error {
		probe() // want "inbound ctx"
		return nil
	})
	_ = withValues(func(s string, c context.Context) error {
		probe() // want "inbound ctx"
		return nil
	})
	_ = passes(ctx, func(c context.Context) error {
		probe() // want "inbound c"
		return nil
	})
	_ = mixed(ctx, func(c context.Context) error {
		probe() // want "inbound c"
		return nil
	})
	_ = reassigned(ctx, func(c context.Context) error {
		probe() // want "inbound c"
		return nil
	})
	keep(func(c context.Context) error {
		probe() // want "inbound c"
		return nil
	})
	return runnerlib.WithCaller(ctx, func(c context.Context, _ *runnerlib.Client) error {
		probe() // want "inbound c"
		return nil
	})
}
