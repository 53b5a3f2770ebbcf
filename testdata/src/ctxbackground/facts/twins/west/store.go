// Package west is one of two stores whose roots sit at the same line of
// files of the same name: two roots all the same.
package west

import "context"

func get(ctx context.Context) error { return ctx.Err() }

func Load() error { return get(context.Background()) } // want Load:"roots context.Background"
