// Package cobra is a stand-in for spf13/cobra: a command that hands its
// context out through a getter.
package cobra

import "context"

type Command struct {
	Use  string
	RunE func(cmd *Command, args []string) error
	ctx  context.Context
}

func (c *Command) Context() context.Context { return c.ctx }

func (c *Command) ExecuteContext(ctx context.Context) error {
	c.ctx = ctx
	return c.RunE(c, nil)
}

// Execute runs the command on the context it was given, if any.
func (c *Command) Execute() error {
	if c.ctx == nil {
		c.ctx = context.Background()
	}
	return c.RunE(c, nil)
}
