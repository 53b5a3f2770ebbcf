// Package suppress holds findings silenced by comments.
package suppress

import (
	"context"
	"database/sql"
	"net/http"
)

type Repo struct {
	ctx context.Context
	db  *sql.DB
}

func (r *Repo) Load(ctx context.Context) error {
	r.db.Ping() //nolint:dropcancel // health check must not be cut short
	//nolint:budgetlint
	r.db.Exec("VACUUM")
	//lint:ignore dropcancel the warm-up outlives the request on purpose
	http.Get("http://cache/warm")
	r.db.PingContext(r.ctx) //nolint:dropcancel
	// want +1 `malformed lint:ignore directive: it needs a reason`
	//lint:ignore dropcancel
	r.db.Exec("ANALYZE") // want `r.db.Exec cannot be cancelled when the caller gives up; use r\.db\.ExecContext\(ctx, \.\.\.\)`
	r.db.Exec("REINDEX") //nolint:ctxbackground // want `r.db.Exec cannot be cancelled when the caller gives up; use r\.db\.ExecContext\(ctx, \.\.\.\)`
	return nil
}
