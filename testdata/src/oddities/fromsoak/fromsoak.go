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

// A transaction keeps the context it began with; a query passes both that
// and the caller's, and watches both (database/sql's Tx.QueryContext).
type Tx struct {
	ctx context.Context
	db  *DB
}

type DB struct{}

func (db *DB) queryDC(ctx, txctx context.Context, query string) error { return nil }

func (db *DB) query(ctx context.Context, query string) error { return nil }

func (tx *Tx) QueryContext(ctx context.Context, query string) error {
	return tx.db.queryDC(ctx, tx.ctx, query)
}

// Passing only the stored one is still reported.
func (tx *Tx) QueryStored(ctx context.Context, query string) error {
	return tx.db.query(tx.ctx, query) // want `dropcancel: passing the stored context tx.ctx ignores the cancellation of ctx; pass ctx`
}
