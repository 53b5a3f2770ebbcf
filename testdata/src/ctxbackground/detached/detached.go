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
