// Package fromsoak holds shapes met in real modules during the soak run
// (scripts/soak.sh) that once gave wrong findings: each is written here
// with the finding it should get, or none.
package fromsoak

import (
	"context"
	"net"
	"net/http"
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

func (db *DB) query(ctx context.Context, query string) error { return ctx.Err() }

func (tx *Tx) QueryContext(ctx context.Context, query string) error {
	return tx.db.queryDC(ctx, tx.ctx, query)
}

// Passing only the stored one is still reported.
func (tx *Tx) QueryStored(ctx context.Context, query string) error {
	return tx.db.query(tx.ctx, query) // want `dropcancel: passing the stored context tx.ctx ignores the cancellation of ctx; pass ctx`
}

// An API client whose Do takes the caller's context with the request and
// attaches it (prometheus/client_golang's api.Client: 19 findings).
type APIClient interface {
	Do(ctx context.Context, req *http.Request) (*http.Response, []byte, error)
}

func Alerts(ctx context.Context, c APIClient, u string) error {
	req, err := http.NewRequest(http.MethodGet, u, nil)
	if err != nil {
		return err
	}
	_, _, err = c.Do(ctx, req)
	return err
}

// Sent without its context first, then handed over: still reported.
func SentFirst(ctx context.Context, c APIClient, hc *http.Client, u string) error {
	req, err := http.NewRequest(http.MethodGet, u, nil) // want `dropcancel: http.NewRequest builds a request that cannot be cancelled when the caller gives up; use http\.NewRequestWithContext\(ctx, \.\.\.\)`
	if err != nil {
		return err
	}
	if _, err := hc.Do(req); err != nil {
		return err
	}
	_, _, err = c.Do(ctx, req)
	return err
}
