package a

import (
	"context"
	"time"
)

// withWindow runs fn on a ten-second window of its own, as an SFTP
// server's helper does for each filer call.
func withWindow(fn func(ctx context.Context) error) error {
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	return fn(ctx)
}

// checkAccess asks the filer on a window of its own.
func checkAccess(r replicas) error {
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	return r.Push(ctx, 1)
}

// list runs on no caller's context: the literal has only the runner's
// window, so a helper rooting another inside it loses nothing of a caller.
func list(r replicas) error {
	return withWindow(func(ctx context.Context) error {
		if err := r.Push(ctx, 0); err != nil {
			return err
		}
		return checkAccess(r)
	})
}

// withClient hands fn withWindow's root: fn's context is that window too.
func withClient(fn func(ctx context.Context, r replicas) error) error {
	return withWindow(func(ctx context.Context) error {
		return fn(ctx, replicas{})
	})
}

// listPage, like list, has only a runner's window, one runner further.
func listPage() error {
	return withClient(func(ctx context.Context, r replicas) error {
		if err := r.Push(ctx, 4); err != nil {
			return err
		}
		return checkAccess(r)
	})
}

// Called with a caller's context in scope, the runner is one mistake,
// reported at its call; the literal is still on the request path, where
// its own parameter hides the caller's ctx, and the message says so.
func ListFor(ctx context.Context, r replicas) error {
	return withWindow(func(ctx context.Context) error { // want `^withWindow starts a fresh context`
		return checkAccess(r) // want `^checkAccess starts a fresh context .*pass the enclosing function's ctx, which another variable hides here$`
	})
}

type jobs struct{ queue chan func() }

// enqueue hands fn to the worker that receives from the queue.
func (j *jobs) enqueue(fn func()) { j.queue <- fn }

// Work queued for a worker runs after the handler has returned, on a
// root of its own: it is not the caller's work.
func Refresh(ctx context.Context, j *jobs, r replicas) error {
	j.enqueue(func() {
		_ = r.Push(context.Background(), 2)
	})
	return r.Push(ctx, 3)
}
