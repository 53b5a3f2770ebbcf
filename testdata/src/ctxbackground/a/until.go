package a

import (
	"context"
	"net/http"
	"time"

	"k8s.io/apimachinery/pkg/util/wait"
)

// What follows a loop that runs until ctx is done (a leader's renew loop,
// then the release of its lease) runs after the caller has gone, as after
// <-ctx.Done().
func renewUntilDone(ctx context.Context) error {
	wait.UntilWithContext(ctx, func(context.Context) {}, time.Second)
	return use(context.Background())
}

func renewUntilStopped(ctx context.Context) error {
	wait.Until(func() {}, time.Second, ctx.Done())
	return use(context.Background())
}

// A loop on another stop channel may end while the caller still waits.
func renewUntilClosed(ctx context.Context, stop chan struct{}) error {
	wait.Until(func() {}, time.Second, stop)
	return use(context.TODO()) // want `context.TODO\(\) starts a fresh context where ctx is in scope, so the caller's deadline and cancellation are lost; use ctx`
}

// The caller's context read from the request is the same signal.
func streamUntilGone(w http.ResponseWriter, r *http.Request) {
	wait.UntilWithContext(r.Context(), func(context.Context) {}, time.Second)
	_ = use(context.Background())
}

// A clean-up only ever called once the caller's context is done (a
// protocol's CANCEL, sent because the caller gave up) runs after the
// caller has gone, all of it.
func Dial(ctx context.Context, answer chan error) error {
	select {
	case err := <-answer:
		return err
	case <-ctx.Done():
		return sendCancel(ctx)
	}
}

func sendCancel(ctx context.Context) error {
	if err := use(context.Background()); err != nil {
		return err
	}
	return ctx.Err()
}

// One caller that still waits is enough to keep it on the request path.
func Redial(ctx context.Context, answer chan error) error {
	if err := <-answer; err != nil {
		return abandon(ctx)
	}
	select {
	case <-ctx.Done():
		return abandon(ctx)
	default:
		return nil
	}
}

func abandon(ctx context.Context) error {
	return use(context.Background()) // want `context.Background\(\) starts a fresh context where ctx is in scope, so the caller's deadline and cancellation are lost; use ctx`
}
