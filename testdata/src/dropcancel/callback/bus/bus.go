// Package bus runs subscribers' callbacks: Consume with the context it is
// given, unchanged; ConsumeEach with a timeout derived from it.
package bus

import (
	"context"
	"time"
)

// Consume runs handle for every message until ctx is done, giving it ctx.
func Consume(ctx context.Context, msgs <-chan string, handle func(ctx context.Context, msg string) bool) {
	go func() {
		for {
			select {
			case <-ctx.Done():
				return
			case m := <-msgs:
				handle(ctx, m)
			}
		}
	}()
}

// ConsumeEach gives every message a context of its own, bounded.
func ConsumeEach(ctx context.Context, msgs <-chan string, handle func(ctx context.Context, msg string) bool) {
	for m := range msgs {
		c, cancel := context.WithTimeout(ctx, time.Second)
		handle(c, m)
		cancel()
	}
}
