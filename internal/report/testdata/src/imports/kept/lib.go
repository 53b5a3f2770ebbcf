package kept

import "context"

func load(ctx context.Context, key string) error { return ctx.Err() }
