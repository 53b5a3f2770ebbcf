package testfiles

import "context"

func Work(ctx context.Context) error { return ctx.Err() }
