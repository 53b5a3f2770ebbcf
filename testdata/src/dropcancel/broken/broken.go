// Package broken does not type-check: the pass must not panic on it.
package broken

import (
	"context"
	"database/sql"
	"net/http"
)

type Repo struct {
	ctx context.Context
	db  *sql.DB
}

func (r *Repo) Load(ctx context.Context, id string) error {
	r.db.Query(undefinedQuery, id) // want `r.db.Query cannot be cancelled when the caller gives up; use r\.db\.QueryContext\(ctx, \.\.\.\)`
	r.db.Query()                   // want `r.db.Query cannot be cancelled when the caller gives up; use r\.db\.QueryContext\(ctx, \.\.\.\)`
	missing.Query("x")
	r.nope.Query("x")
	http.NewRequest("GET")          // want `http.NewRequest builds a request that cannot be cancelled when the caller gives up; use http.NewRequestWithContext\(ctx, ...\)`
	req, _ := http.NewRequest(1, 2) // the context is attached below
	req = req.WithContext()
	undefinedFunc(r.ctx)
	r.db.PingContext(r.ctx, extra) // want `passing the stored context r.ctx ignores the cancellation of ctx; pass ctx`
	var f func(context.Context)
	f(r.ctx, 1) // want `passing the stored context r.ctx ignores the cancellation of ctx; pass ctx`
	x := r.undefinedCtx
	r.db.PingContext(x)
	return undefined
}

func Generic[T any](ctx context.Context, v T) {
	var c interface{ Query(string) }
	c.Query("x")
	_ = v
}
