package observe

import "context"

// callOptions carries its caller's context in a field, as a client's
// per-call options often do.
type callOptions struct {
	ctx  context.Context
	name string
}

// call falls back to a fresh root only when the options bring no context:
// the context comes in through them, so call is no rooting helper.
func call(s *Store, opts callOptions) error {
	ctx := opts.ctx
	if ctx == nil {
		ctx = context.Background()
	}
	return s.Get(ctx, opts.name)
}

func Call(ctx context.Context, s *Store) error {
	return call(s, callOptions{ctx: ctx, name: "a"})
}

// lookup roots one unconditionally: its caller is told.
func lookup(s *Store, opts callOptions) error {
	return s.Get(context.Background(), opts.name)
}

func LookupOption(ctx context.Context, s *Store) error {
	return lookup(s, callOptions{name: "b"}) // want `lookup starts a fresh context \(context.Background\(\) at options.go:28\)`
}
