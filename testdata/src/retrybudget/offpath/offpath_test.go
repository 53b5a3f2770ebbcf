package offpath

import (
	"context"
	"database/sql"
	"testing"
	"time"
)

// Tests are their own matter: a retry in a test file is left alone, even
// in a helper that takes a context.
func waitForDB(ctx context.Context, db *sql.DB) error {
	var err error
	for i := 0; i < 50; i++ {
		if err = db.Ping(); err == nil {
			return nil
		}
		time.Sleep(100 * time.Millisecond)
	}
	return err
}

func TestDB(t *testing.T) {
	for {
		if waitForDB(t.Context(), nil) == nil {
			break
		}
		time.Sleep(time.Second)
	}
}
