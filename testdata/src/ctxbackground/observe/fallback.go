package observe

import "context"

// Resolver resolves a name it was not given from the store.
type Resolver struct{ s *Store }

// resolve looks a default up only when it is given no name.
func (c *Resolver) resolve(ctx context.Context, name string) (string, error) {
	if name == "" {
		return "default", c.s.Get(ctx, "default-name")
	}
	return name, nil
}

// Service roots a context that reaches the store only to fill in a name
// its caller left out.
func (c *Resolver) Service(name string) string { // want Service:"roots context.Background\\(\\) at fallback.go:19 if parameter 0 is zero"
	name, err := c.resolve(context.Background(), name)
	if err != nil {
		return "default"
	}
	return name
}

// service passes its own name on: the same guard, one step up.
func (c *Resolver) service(name string) string {
	return c.Service(name)
}

func (c *Resolver) Handle(ctx context.Context, name string) string {
	_ = c.Service(name)   // a name is passed: nothing of ctx would be observed
	_ = c.service("main") // a constant name: no lookup at all
	_ = c.service(name)
	return c.Service("") // want `Service starts a fresh context \(context.Background\(\) at fallback.go:19\)`
}

// resolveAlways looks up whatever it is given: no guard.
func (c *Resolver) resolveAlways(ctx context.Context, name string) (string, error) {
	return name, c.s.Get(ctx, name)
}

func (c *Resolver) Lookup(name string) string { // want Lookup:"roots context.Background\\(\\) at fallback.go:44"
	name, _ = c.resolveAlways(context.Background(), name)
	return name
}

func (c *Resolver) HandleLookup(ctx context.Context, name string) string {
	return c.Lookup(name) // want `Lookup starts a fresh context \(context.Background\(\) at fallback.go:44\)`
}

// A root standing in for a nil context, tested through a flag.
func (c *Resolver) Fetch(ctx context.Context, name string) error {
	missing := ctx == nil
	if missing {
		ctx = context.Background()
	}
	return c.s.Get(ctx, name)
}
