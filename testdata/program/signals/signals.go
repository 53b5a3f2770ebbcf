// Package signals hands main a context that ends on an interrupt, as
// controller-runtime's SetupSignalHandler does.
package signals

import (
	"context"
	"os"
	"os/signal"
)

// Setup returns a context cancelled on the first interrupt (a variable,
// as controller-runtime's SetupSignalHandler is).
var Setup = setup

func setup() context.Context {
	ctx, _ := signal.NotifyContext(context.Background(), os.Interrupt)
	return ctx
}
