// Package commandctx runs a command tree whose commands read their
// command's context: Execute hands them none of the caller's.
package commandctx

import (
	"context"

	"github.com/spf13/cobra"
)

var root = &cobra.Command{
	Use: "sync",
	RunE: func(cmd *cobra.Command, args []string) error {
		return cmd.Context().Err()
	},
}

func Execute(ctx context.Context) error {
	return root.Execute() // want `root.Execute cannot be cancelled when the caller gives up; use root.ExecuteContext\(ctx\)`
}
