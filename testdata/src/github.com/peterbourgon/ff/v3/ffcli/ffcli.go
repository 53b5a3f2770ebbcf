// Package ffcli is a stand-in for peterbourgon/ff's ffcli: a command runs
// its Exec with the context its program hands Run, and the command itself
// is not among Exec's parameters.
package ffcli

import "context"

type Command struct {
	Name        string
	Subcommands []*Command
	Exec        func(ctx context.Context, args []string) error
}

func (c *Command) Run(ctx context.Context) error { return c.Exec(ctx, nil) }

func (c *Command) ParseAndRun(ctx context.Context, args []string) error { return c.Exec(ctx, args) }
