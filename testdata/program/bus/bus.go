// Package bus delivers messages to a subscriber's handler, on the
// context the subscriber gave.
package bus

import "context"

// Subscribe runs handle with ctx, unchanged, for each message.
func Subscribe(ctx context.Context, handle func(ctx context.Context, msg string)) {
	go func() {
		for ctx.Err() == nil {
			handle(ctx, "message")
		}
	}()
}
