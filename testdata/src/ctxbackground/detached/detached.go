// Package detached is run with -detached: a fresh root in a goroutine, a
// deferred call or once the caller's context is done is reported, with the
// fix that detaches from the caller's context on purpose.
package detached

import "context"

func work(ctx context.Context) error { return ctx.Err() }

func Handle(ctx context.Context) {
	go func() {
		_ = work(context.Background()) // want `context.Background\(\) in a goroutine or deferred call drops the values of ctx along with its cancellation; use context.WithoutCancel\(ctx\) to detach on purpose`
	}()
	go work(context.TODO()) // want `use context.WithoutCancel\(ctx\)`
	go func(ctx context.Context) {
		_ = work(context.Background()) // want `starts a fresh context where ctx is in scope`
	}(ctx)
}

type server interface{ Shutdown(ctx context.Context) error }

// Run serves until ctx is done, then shuts down: the shutdown cannot use
// ctx (it would not wait at all), but can keep its values.
func Run(ctx context.Context, srv server, errs chan error) error {
	select {
	case err := <-errs:
		return err
	case <-ctx.Done():
		_ = srv.Shutdown(context.Background()) // want `context.Background\(\) once ctx is done drops the values of ctx along with its cancellation; use context.WithoutCancel\(ctx\) to detach on purpose`
	}
	return srv.Shutdown(context.TODO()) // want `context.TODO\(\) once ctx is done drops the values of ctx along with its cancellation; use context\.WithoutCancel\(ctx\) to detach on purpose`
}

// rollbackAsync reads its context only in a goroutine of its own.
func rollbackAsync(ctx context.Context) {
	go func() { _ = work(ctx) }()
}

func Abort(ctx context.Context) {
	rollbackAsync(context.Background()) // want `context.Background\(\) in a goroutine or deferred call drops the values of ctx along with its cancellation; use context.WithoutCancel\(ctx\) to detach on purpose`
}

// A root the comment says is detached on purpose is reported with
// -detached, with the fix that keeps the values.
func Replicate(ctx context.Context) {
	// Use a background context so that every replica gets it even if we
	// return early.
	_ = work(context.Background()) // want `context.Background\(\) where the comment says it detaches on purpose drops the values of ctx along with its cancellation; use context.WithoutCancel\(ctx\) to detach on purpose`
}

// Clean-up after a failed call given ctx is reported with -detached.
func Create(ctx context.Context) error {
	if err := work(ctx); err != nil {
		_ = work(context.Background()) // want `context.Background\(\) in clean-up after a call given ctx failed drops the values of ctx along with its cancellation; use context.WithoutCancel\(ctx\) to detach on purpose`
		return err
	}
	return nil
}

// A root held in a variable that only detached work reads is reported
// with -detached, as one handed to it directly is.
func Monitor(ctx context.Context) {
	exitCtx, cancel := context.WithCancel(context.Background()) // want `context.Background\(\) read only by goroutines drops the values of ctx along with its cancellation; use context.WithoutCancel\(ctx\) to detach on purpose`
	defer cancel()
	rollbackAsync(exitCtx)
}
