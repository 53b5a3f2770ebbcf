// Package command is a command-line program's commands: each runs for the
// process, whatever context its framework hands it, so neither a command
// nor a helper handed only a command's context is on a request path.
package command

import (
	"context"
	"time"

	minio "github.com/minio/cli"
	"github.com/spf13/cobra"
	"github.com/urfave/cli/v3"
)

func probe() {}

var listCommand = &cli.Command{
	Name: "list",
	Action: func(ctx context.Context, cmd *cli.Command) error {
		probe() // no inbound context: the command's context is the process's
		list(ctx, cmd.String("filter"))
		limited, cancel := context.WithTimeout(ctx, time.Minute) // the command's own time limit, as main's
		defer cancel()
		show(limited)
		return nil
	},
}

func list(ctx context.Context, filter string) {
	probe() // no inbound context: handed only the command's context
}

func show(ctx context.Context) {
	probe() // no inbound context: handed only the command's time limit
}

// A helper of the commands, given the command, is part of it.
func connect(ctx context.Context, cmd *cli.Command) {
	probe() // no inbound context: a command's helper
}

var serveCommand = &cobra.Command{
	Use: "serve",
	RunE: func(cmd *cobra.Command, args []string) error {
		run(cmd.Context())
		return nil
	},
}

func run(ctx context.Context) {
	probe() // no inbound context: handed only cmd.Context()
}

// A function called from a command and from a handler is on the handler's
// request path.
func lookup(ctx context.Context) {
	probe() // want `inbound ctx$`
}

var getCommand = &cli.Command{
	Name: "get",
	Action: func(ctx context.Context, cmd *cli.Command) error {
		lookup(ctx)
		return nil
	},
}

func handle(ctx context.Context) {
	probe() // want `inbound ctx$`
	lookup(ctx)
}

// A command of MinIO's urfave/cli fork runs for the process too: the
// root it makes and hands on is the process's.
func mainFind(cliCtx *minio.Context) error {
	ctx := context.Background()
	find(ctx, cliCtx.Args())
	return nil
}

var findCommand = minio.Command{Name: "find", Action: mainFind}

func find(ctx context.Context, args []string) {
	probe() // no inbound context: handed only a command's root
}

// A helper given the fork's command context is part of the command.
func listBuckets(ctx context.Context, cliCtx *minio.Context) {
	probe() // no inbound context: a command's helper
}

// A program's own descriptor of a command, which holds the framework's
// command beside the command's options, stands for that command: code
// given it runs the command.
type Cmd struct {
	Cobra *cobra.Command
	Plan  bool
}

func doDelete(ctx context.Context, cmd *Cmd) {
	probe() // no inbound context: a command's code, given its descriptor
}

// A struct that holds something other than a command is not one.
type Options struct {
	Name string
}

func remove(ctx context.Context, opts *Options) {
	probe() // want `inbound ctx$`
}
