// Package b uses the facts of package a across the package boundary.
package b

import (
	"context"

	"ctxuse/a"
)

func Ignores(ctx context.Context) { a.Values(ctx) } // want Ignores:"ignores \\[0\\]"

func Observes(ctx context.Context) { a.Done(ctx) }

func Checks(ctx context.Context) bool { return a.Alive(ctx) } // want Checks:"checks \\[0\\]"

func Launches(f func()) { a.SafeGo(f) } // want Launches:"launches \\[0\\]"

// Caller's implementations live in package a, which b imports: the
// interface ignores what all of them ignore.
type Caller interface {
	Call(ctx context.Context, method string) error // want Call:"ignores \\[0\\]"
}

func Delegates(c Caller, ctx context.Context) error { // want Delegates:"ignores \\[1\\]"
	return c.Call(ctx, "m")
}

// A call through another package's alias of a function is that function's.
func ThroughAlias(ctx context.Context) { a.L(ctx) } // want ThroughAlias:"ignores \\[0\\]"

func ThroughSwappable(ctx context.Context) { a.Swappable(ctx) }
