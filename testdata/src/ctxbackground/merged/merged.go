// Package merged holds fresh roots that are cancelled once the caller's
// context is done (a merge of two contexts, context.AfterFunc): nothing of
// the caller's is lost, so they are left alone. A root cancelled by
// anything else is still reported.
package merged

import (
	"context"
	"net/http"
	"sync"
)

func work(ctx context.Context) error {
	<-ctx.Done()
	return ctx.Err()
}

// Merge returns a context that ends when either of its two does: the
// goroutine cancels the fresh root on a's or b's Done().
func Merge(a, b context.Context) (context.Context, context.CancelCauseFunc) {
	ctx, cancel := context.WithCancelCause(context.Background())
	go func() {
		select {
		case <-a.Done():
			cancel(a.Err())
		case <-b.Done():
			cancel(b.Err())
		case <-ctx.Done():
		}
	}()
	return ctx, cancel
}

// Values drops ctx's values but keeps its end: AfterFunc cancels the root.
func Values(ctx context.Context) error {
	c, cancel := context.WithCancel(context.Background())
	defer cancel()
	stop := context.AfterFunc(ctx, cancel)
	defer stop()
	return work(c)
}

// Handler cancels the root from a closure AfterFunc runs on the request's
// context.
func Handler(w http.ResponseWriter, r *http.Request) {
	c, cancel := context.WithCancel(context.Background())
	defer context.AfterFunc(r.Context(), func() { cancel() })()
	_ = work(c)
}

// Pages closes the pages on the caller's context before the socket: the
// socket's own root is cancelled by a closure a WaitGroup runs once ctx is
// done, so it ends with the caller all the same.
func Pages(ctx context.Context, wg *sync.WaitGroup, pages func(context.Context)) error {
	socket, cancel := context.WithCancel(context.Background())
	wg.Go(func() {
		<-ctx.Done()
		pages(ctx)
		cancel()
	})
	return work(socket)
}

// Quit cancels the root on a signal of its own, not on the caller's
// context: the caller's deadline is lost.
func Quit(ctx context.Context, quit chan struct{}) error {
	c, cancel := context.WithCancel(context.Background()) // want `context\.Background\(\) starts a fresh context where ctx is in scope, so the caller's deadline and cancellation are lost; use ctx`
	defer cancel()
	go func() {
		<-quit
		cancel()
	}()
	return work(c)
}

// Stored hands the root's cancel to AfterFunc on another context than the
// caller's.
func Stored(ctx context.Context, lifetime context.Context) error {
	c, cancel := context.WithCancel(context.Background()) // want `context\.Background\(\) starts a fresh context where ctx is in scope, so the caller's deadline and cancellation are lost; use ctx`
	defer cancel()
	context.AfterFunc(lifetime, cancel)
	return work(c)
}
