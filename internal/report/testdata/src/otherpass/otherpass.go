// Package otherpass, under dropcancel: the directives of rules as the
// other pass they name sees them.
package otherpass

import (
	"context"
	"database/sql"
)

func Load(ctx context.Context, db *sql.DB) {
	//lint:ignore dropcancel,ctxbackground the warm-up outlives the request
	db.Ping()
	// want +1 `^stale lint:ignore directive: it suppresses no dropcancel finding; remove dropcancel from it$`
	//lint:ignore dropcancel,ctxbackground the audit log must outlive the request
	_ = context.TODO()
	//lint:ignore ctxbackground not dropcancel's to judge
	_ = db.PingContext(ctx)
}
