package command

import (
	"context"

	"github.com/peterbourgon/ff/v3/ffcli"
)

// ffcli hands a command's Exec only the context of the program's Run: a
// function set as Exec runs a command for the process, whether declared or
// written in place, and so do the helpers handed only its context.
var setCommand = &ffcli.Command{
	Name: "set",
	Exec: runSet,
	Subcommands: []*ffcli.Command{{
		Name: "default",
		Exec: func(ctx context.Context, args []string) error {
			probe() // no inbound context: a command's body
			apply(ctx)
			return nil
		},
	}},
}

func runSet(ctx context.Context, args []string) error {
	probe() // no inbound context: a command's body
	apply(ctx)
	return nil
}

func apply(ctx context.Context) {
	probe() // no inbound context: handed only commands' contexts
}

func runUp(ctx context.Context, args []string) error {
	probe() // no inbound context: a command's body, set by assignment
	return nil
}

func init() {
	up := &ffcli.Command{Name: "up"}
	up.Exec = runUp
}

// A function of the same signature that no command holds is not one.
func runDown(ctx context.Context, args []string) error {
	probe() // want `inbound ctx$`
	return nil
}
