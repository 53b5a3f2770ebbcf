// Package overlap checks "one mistake, one finding" between dropcancel and
// ctxbackground: each line is reported by one pass only.
package overlap

import (
	"context"
	"database/sql"

	"dropcancel/overlap/client"
)

type Handler struct {
	ctx context.Context
	c   *client.Client
	db  *sql.DB
}

func (h *Handler) Get(ctx context.Context, key string) error {
	if _, err := h.c.Fetch(key); err != nil { // want `h.c.Fetch cannot be cancelled when the caller gives up; use h\.c\.FetchContext\(ctx, \.\.\.\)`
		return err
	}
	if err := h.c.Warm(); err != nil { // ctxbackground's finding
		return err
	}
	if _, err := h.c.FetchContext(context.Background(), key); err != nil { // ctxbackground's finding
		return err
	}
	if _, err := h.db.Exec("DELETE FROM cache WHERE k = $1", key); err != nil { // want `h.db.Exec cannot be cancelled when the caller gives up; use h\.db\.ExecContext\(ctx, \.\.\.\)`
		return err
	}
	_, err := h.c.FetchContext(h.ctx, key) // want `passing the stored context h.ctx ignores the cancellation of ctx; pass ctx`
	return err
}
