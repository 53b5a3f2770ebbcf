// Package vendored calls into a library under vendor/: the library's code
// is never reported, but a call that drops the caller's context at the
// user's call site is.
package vendored

import (
	"context"

	"example.com/vendlib"
)

func Handle(ctx context.Context, c *vendlib.Client) error {
	if _, err := c.Fetch("http://example.com"); err != nil { // want `dropcancel: c.Fetch cannot be cancelled when the caller gives up; use c.FetchContext\(ctx, ...\)`
		return err
	}
	vendlib.Poll(ctx, func() bool { return true })
	// Warm roots a context inside the vendored library: not the user's to
	// change (ctxbackground once advised giving it a context parameter).
	return vendlib.Warm()
}
