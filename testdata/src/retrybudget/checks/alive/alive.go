// Package alive holds a context check in another package of the module.
package alive

import "context"

// Valid reports whether the caller is still waiting.
func Valid(ctx context.Context) bool { return ctx.Err() == nil }
