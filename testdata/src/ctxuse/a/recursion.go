package a

import "context"

// Relay observes its context: it waits on it, or hands it to Forward.
func Relay(ctx context.Context, hops int) error { // want Relay:"checks \\[0\\]"
	if hops > 0 {
		return Forward(ctx, hops-1)
	}
	<-ctx.Done()
	return ctx.Err()
}

// Forward hands its context only to Relay, so it observes it too, though
// it was first worked out while Relay's fact was still the recursion's
// guess (ignores): that answer is forgotten once Relay's is known.
func Forward(ctx context.Context, hops int) error { // want Forward:"checks \\[0\\]"
	return Relay(ctx, hops)
}
