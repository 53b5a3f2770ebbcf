package tests

import "context"

func load(ctx context.Context, key string) error { return ctx.Err() }
