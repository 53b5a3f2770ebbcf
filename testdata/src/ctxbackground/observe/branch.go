package observe

import "context"

// A helper whose root sits behind a flag or a case chosen by a constant:
// a caller that passes another constant never reaches it.

func lookupName(s *Store, name string) error { return s.Get(context.Background(), name) }

type compiler struct{ s *Store }

// compile evaluates names only when asked to.
func (c *compiler) compile(name string, evaluate bool) error {
	if evaluate {
		return lookupName(c.s, name)
	}
	return nil
}

func (c *compiler) Fast(name string) error { return c.compile(name, false) }

func (c *compiler) Full(name string) error { return c.compile(name, true) } // want Full:"roots context.Background\\(\\) at branch.go:8 through compile"

func Build(ctx context.Context, c *compiler) error {
	if err := c.Fast("a"); err != nil {
		return err
	}
	return c.Full("b") // want `Full starts a fresh context \(context.Background\(\) at branch.go:8, through compile\)`
}

// The caller's own flag: it may be true.
func BuildWith(ctx context.Context, c *compiler, evaluate bool) error {
	return c.compile("c", evaluate) // want `compile starts a fresh context`
}

// A flag the function sets itself is not the caller's condition.
func (c *compiler) compileAll(name string, evaluate bool) error {
	evaluate = evaluate || name == "all"
	if evaluate {
		return lookupName(c.s, name)
	}
	return nil
}

func BuildAll(ctx context.Context, c *compiler) error {
	return c.compileAll("all", false) // want `compileAll starts a fresh context`
}

type endpoint int

const (
	primary endpoint = iota
	replica
	archive
)

// route resolves only replicas, and archives by falling through.
func (c *compiler) route(name string, ep endpoint) error {
	switch ep {
	case replica:
		return lookupName(c.s, name)
	case primary:
		return nil
	}
	return nil
}

func (c *compiler) routeArchive(name string, ep endpoint) error {
	switch ep {
	case primary:
		name += "!"
		fallthrough
	case archive:
		return lookupName(c.s, name)
	}
	return nil
}

func SendPrimary(ctx context.Context, c *compiler) error {
	if err := c.route("a", primary); err != nil {
		return err
	}
	return c.routeArchive("b", primary) // want `routeArchive starts a fresh context`
}

func SendReplica(ctx context.Context, c *compiler) error {
	return c.route("b", replica) // want `route starts a fresh context`
}

// A helper that hands its own flag on passes the condition to its callers.
func (c *compiler) compileMaybe(name string, evaluate bool) error { return c.compile(name, evaluate) }

func BuildQuick(ctx context.Context, c *compiler) error {
	return c.compileMaybe("q", false)
}

func BuildSlow(ctx context.Context, c *compiler) error {
	return c.compileMaybe("s", true) // want `compileMaybe starts a fresh context`
}
