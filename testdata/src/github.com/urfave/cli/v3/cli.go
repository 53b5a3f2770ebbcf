// Package cli is a stand-in for urfave/cli v3: a command whose action is
// given the context its Run was given.
package cli

import "context"

type Command struct {
	Name     string
	Action   func(context.Context, *Command) error
	Commands []*Command
}

func (c *Command) Run(ctx context.Context, args []string) error { return c.Action(ctx, c) }

func (c *Command) String(name string) string { return "" }
