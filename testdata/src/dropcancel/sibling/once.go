package sibling

import (
	"context"

	"example.com/envprobe"
)

// A context form whose context only reaches a probe run once for the whole
// process gains nothing over the plain form: later callers get the kept
// answer at once, and a first caller's cancellation would keep a wrong one.
func Place(ctx context.Context, c *envprobe.Client) string {
	if envprobe.OnCloud() {
		return "cloud"
	}
	if c.Ready() { // want `c.Ready cannot be cancelled when the caller gives up; use c\.ReadyContext\(ctx\)`
		return "ready"
	}
	return "local"
}
