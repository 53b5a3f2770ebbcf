// Package drivers keeps the constructors and hooks its drivers register.
package drivers

import "context"

// Constructor opens a driver's connection.
type Constructor func(ctx context.Context, dsn string) error

// Hook runs when the drivers stop.
type Hook func(ctx context.Context) error

var (
	constructors = map[string]Constructor{}
	hooks        []Hook
)

// Register keeps c under name.
func Register(name string, c Constructor) { constructors[name] = c }

// Open calls the constructor registered as name: a call of every
// function registered as a Constructor.
func Open(ctx context.Context, name string) error { return constructors[name](ctx, name) }

// OnStop keeps h, and also hands it to run as a plain function, where
// its calls cannot be told apart from others.
func OnStop(h Hook) {
	hooks = append(hooks, h)
	run(h)
}

func run(f func(context.Context) error) { go f(context.Background()) }

// Stop runs the hooks.
func Stop(ctx context.Context) {
	for _, h := range hooks {
		h(ctx)
	}
}

// Wait waits for ctx.
func Wait(ctx context.Context) error {
	<-ctx.Done()
	return ctx.Err()
}
