// Package fromsoak holds shapes met in real modules during the soak run
// (scripts/soak.sh) that once gave wrong findings: each is written here
// with the finding it should get, or none.
package fromsoak

import (
	"context"
	"net"
)

type Conn struct{ nc net.Conn }

func (c *Conn) watch(ctx context.Context) {}

// Comparing with context.Background() as a sentinel ("was a context given
// at all?") starts nothing (pgx's pgconn does this a dozen times).
func (c *Conn) Exec(ctx context.Context, sql string) error {
	if ctx != context.Background() {
		c.watch(ctx)
	}
	if context.TODO() == ctx || (ctx == context.Background()) {
		return nil
	}
	return nil
}
