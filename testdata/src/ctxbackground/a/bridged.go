package a

import "context"

// Canceller is a caller's own cancellation protocol: Canceled is closed
// when the caller gives up.
type Canceller struct{ canceled chan struct{} }

func (c *Canceller) Canceled() <-chan struct{} { return c.canceled }

// execute makes its own root but cancels it when the signal its caller
// hands over fires: the caller's cancellation reaches the work.
func execute(c *Canceller, r replicas) error {
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	done := make(chan struct{})
	go func() {
		select {
		case <-c.Canceled():
			cancel()
		case <-done:
		}
	}()
	err := r.Push(ctx, 1)
	close(done)
	return err
}

// Apply hands execute its cancellation: no deadline stops at the call.
func Apply(ctx context.Context, c *Canceller, r replicas) error {
	return execute(c, r)
}

// stop is bridged to a channel of its own making, not to anything the
// caller hands over: the caller's cancellation stops there.
func executeAlone(r replicas) error {
	ctx, cancel := context.WithCancel(context.Background())
	quit := make(chan struct{})
	go func() {
		<-quit
		cancel()
	}()
	defer close(quit)
	return r.Push(ctx, 1)
}

func ApplyAlone(ctx context.Context, r replicas) error {
	return executeAlone(r) // want `^executeAlone starts a fresh context`
}
