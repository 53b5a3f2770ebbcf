package testsoff

import "context"

func Do(ctx context.Context) error { return ctx.Err() }
