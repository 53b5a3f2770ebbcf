// Package tests is run with -tests: test code is reported, with
// t.Context() as the context to use.
package tests

import "context"

func Do(ctx context.Context) error { return ctx.Err() }
