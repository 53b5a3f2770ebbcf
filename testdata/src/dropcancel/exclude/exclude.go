// Package exclude is analysed with -exclude=example.com/corp/audit: the
// listed package's context variants carry values only, and the built-in
// list still applies.
package exclude

import (
	"context"
	"database/sql"

	"example.com/corp/audit"
	"github.com/uptrace/opentelemetry-go-extra/otelzap"
)

func Login(ctx context.Context, db *sql.DB, log *otelzap.Logger, user string) error {
	audit.Record("login", map[string]string{"user": user})
	log.Info("login")
	_ = log.Sync()
	return db.Ping() // want `db.Ping cannot be cancelled when the caller gives up; use db\.PingContext\(ctx\)`
}
