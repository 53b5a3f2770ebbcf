// Package offpath holds retry loops the pass leaves alone because of where
// they are, and the suppression forms.
package offpath

import (
	"context"
	"database/sql"
	"time"
)

// main-like start-up code: no caller's context.
func connect(db *sql.DB) error {
	var err error
	for i := 0; i < 10; i++ {
		if err = db.Ping(); err == nil {
			return nil
		}
		time.Sleep(time.Second)
	}
	return err
}

func init() {
	for {
		if err := connect(nil); err == nil {
			break
		}
		time.Sleep(time.Second)
	}
}

// A worker with its own stored context is off the request path.
type Worker struct {
	ctx context.Context
	db  *sql.DB
}

func (w *Worker) Run() {
	for {
		_, err := w.db.ExecContext(w.ctx, "DELETE FROM jobs WHERE done")
		if err == nil {
			return
		}
		time.Sleep(time.Minute)
	}
}

// Detached work started from a request.
func Schedule(ctx context.Context, db *sql.DB) {
	bg := context.WithoutCancel(ctx)
	go func() {
		for i := 0; i < 3; i++ {
			if _, err := db.ExecContext(bg, "NOTIFY jobs"); err == nil {
				return
			}
			time.Sleep(time.Second)
		}
	}()
}

// Suppression forms.
func Suppressed(ctx context.Context, db *sql.DB) {
	for i := 0; i < 3; i++ { //nolint:retrybudget
		if db.Ping() == nil {
			return
		}
		time.Sleep(time.Second)
	}
	//lint:ignore retrybudget the admin endpoint has no deadline
	for i := 0; i < 3; i++ {
		if db.Ping() == nil {
			return
		}
		time.Sleep(time.Second)
	}
	for i := 0; i < 3; i++ { //nolint:budgetlint
		if db.Ping() == nil {
			return
		}
		time.Sleep(time.Second)
	}
	for i := 0; i < 3; i++ { //nolint:fixedtimeout // want `retry loop sleeps and retries after the caller's deadline; check ctx\.Err\(\) before each attempt, and wait with select on ctx\.Done\(\)`
		if db.Ping() == nil {
			return
		}
		time.Sleep(time.Second)
	}
}
