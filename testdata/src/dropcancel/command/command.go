// Package command runs a command tree whose commands never read their
// command's context: they take ctx from the closure that built them, so
// ExecuteContext would hand them a context nobody reads.
package command

import (
	"context"

	"github.com/spf13/cobra"
)

func newRoot(ctx context.Context) *cobra.Command {
	return &cobra.Command{
		Use: "act",
		RunE: func(cmd *cobra.Command, args []string) error {
			return run(ctx, args)
		},
	}
}

func run(ctx context.Context, args []string) error { return ctx.Err() }

func Execute(ctx context.Context) error {
	return newRoot(ctx).Execute() // the commands captured ctx already
}
