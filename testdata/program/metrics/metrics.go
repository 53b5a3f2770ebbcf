// Package metrics publishes figures through expvar, which calls a Var's
// String with no context: the roots String makes are the only contexts its
// callees get, and no caller's deadline exists above them.
package metrics

import (
	"context"
	"expvar"
	"strconv"
)

// Depth is the queue's depth, counted when expvar asks.
type Depth struct{}

func (Depth) String() string {
	return strconv.Itoa(Count(context.Background()))
}

// Count is handed only String's root.
func Count(ctx context.Context) int {
	return measure(context.Background())
}

func measure(ctx context.Context) int {
	<-ctx.Done()
	return 0
}

// Publish registers the figures.
func Publish() { expvar.Publish("depth", Depth{}) }
