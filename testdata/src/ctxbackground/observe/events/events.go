// Package events publishes to sinks that packages importing it implement:
// the same shape as package logger, under a name that does not say it logs.
package events

import "context"

// Sink receives events: a queue, a remote bus.
type Sink interface {
	Send(ctx context.Context, event any) error
}

var sinks []Sink

// Register adds a sink.
func Register(s Sink) { sinks = append(sinks, s) }

// Publish sends event to every sink.
func Publish(ctx context.Context, event any) {
	for _, s := range sinks {
		_ = s.Send(ctx, event)
	}
}
