package observe

import (
	"context"

	"k8s.io/component-base/metrics/prometheus/slis"
)

// An observer hook the user plugs in is instrumentation: like a logger or
// a metrics recorder, it reads the context's values, not its cancellation.
type FrameObserver interface {
	ObserveFrame(ctx context.Context, size int)
}

// A fetcher the user plugs in does work that can wait.
type Fetcher interface {
	Fetch(ctx context.Context, key string) error
}

type frameReader struct {
	obs   FrameObserver
	fetch Fetcher
}

func (r *frameReader) read(ctx context.Context) error {
	r.obs.ObserveFrame(context.Background(), 1)
	return r.fetch.Fetch(context.Background(), "k") // want `context.Background\(\) starts a fresh context where ctx is in scope, so the caller's deadline and cancellation are lost; use ctx`
}

// A metrics package's context form reads values only, whatever its
// function's name says.
func (r *frameReader) check(ctx context.Context) error {
	_ = slis.ObserveHealthcheck(context.Background(), "db", "readyz", true)
	return nil
}

// A tracing hook handed in as a function value reads the trace IDs from
// the context's values, as a logger does; a plain callback may wait.
type renderer struct {
	tracingHeader func(ctx context.Context) string
	lookup        func(ctx context.Context, key string) string
}

func (r *renderer) header(ctx context.Context) string {
	_ = r.tracingHeader(context.Background())
	return r.lookup(context.Background(), "k") // want `context.Background\(\) starts a fresh context where ctx is in scope, so the caller's deadline and cancellation are lost; use ctx`
}

// An error handler handed in as a function value reports the error with
// the context's values; a plain callback may wait.
type sliceController struct {
	errorHandler func(ctx context.Context, err error, msg string)
	publish      func(ctx context.Context, pool string) error
}

func (c *sliceController) Update(ctx context.Context, pools []string) error {
	if len(pools) > 1 {
		c.errorHandler(context.Background(), nil, "one pool only")
	}
	return c.publish(context.Background(), pools[0]) // want `context.Background\(\) starts a fresh context where ctx is in scope, so the caller's deadline and cancellation are lost; use ctx`
}
