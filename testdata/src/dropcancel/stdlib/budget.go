package stdlib

import (
	"context"
	"database/sql"
	"time"
)

// A plugin without a caller's context bounds each gather with its
// configured timeout: that budget is what its callees must keep, and a
// query that cannot take it runs past it.
type gatherer struct {
	db      *sql.DB
	timeout time.Duration
}

func (g *gatherer) Gather() error {
	ctx, cancel := context.WithTimeout(context.Background(), g.timeout)
	defer cancel()
	return g.query(ctx, "SELECT 1")
}

func (g *gatherer) query(ctx context.Context, q string) error {
	rows, err := g.db.Query(q) // want `g.db.Query cannot be cancelled when the caller gives up; use g\.db\.QueryContext\(ctx, \.\.\.\)`
	if err != nil {
		return err
	}
	return rows.Close()
}
