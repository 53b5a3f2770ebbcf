package services

import (
	"context"
	"database/sql"
	"errors"
	"time"
)

type Orders struct {
	db *sql.DB
}

var errSerialization = errors.New("pq: could not serialize access due to concurrent update")

func isSerializationFailure(err error) bool { return errors.Is(err, errSerialization) }

// A transaction retried on serialization failures, no wait: every attempt
// begins with BeginTx(ctx), so it fails fast once the caller has gone.
func (o *Orders) Place(ctx context.Context, id string, qty int) error {
	for attempt := 0; attempt < 3; attempt++ {
		tx, err := o.db.BeginTx(ctx, &sql.TxOptions{Isolation: sql.LevelSerializable})
		if err != nil {
			return err
		}
		if _, err := tx.ExecContext(ctx, "UPDATE stock SET qty = qty - $1 WHERE id = $2", qty, id); err != nil {
			tx.Rollback()
			if isSerializationFailure(err) {
				continue
			}
			return err
		}
		if err := tx.Commit(); err != nil {
			if isSerializationFailure(err) {
				continue
			}
			return err
		}
		return nil
	}
	return errors.New("place: too much contention")
}

// The same with a backoff sleep between attempts.
func (o *Orders) Cancel(ctx context.Context, id string) error {
	var err error
	for attempt := 0; attempt < 5; attempt++ { // want `retry loop sleeps and retries after the caller's deadline; check ctx\.Err\(\) before each attempt, and wait with select on ctx\.Done\(\)`
		err = o.cancelOnce(ctx, id)
		if err == nil || !isSerializationFailure(err) {
			return err
		}
		time.Sleep(time.Duration(attempt+1) * 20 * time.Millisecond)
	}
	return err
}

func (o *Orders) cancelOnce(ctx context.Context, id string) error {
	_, err := o.db.ExecContext(ctx, "UPDATE orders SET state = 'cancelled' WHERE id = $1", id)
	return err
}

// Unbounded retry on serialization failures, no wait: every attempt takes
// ctx, and a context error is no serialization failure, so the loop
// returns it once the caller has gone.
func (o *Orders) Reserve(ctx context.Context, id string) error {
	for {
		err := o.cancelOnce(ctx, id)
		if err != nil && isSerializationFailure(err) {
			continue
		}
		return err
	}
}

// Retry with the deadline looked at before each attempt.
func (o *Orders) Get(ctx context.Context, id string) (string, error) {
	var state string
	var err error
	for attempt := 0; attempt < 5; attempt++ {
		if dl, ok := ctx.Deadline(); ok && time.Until(dl) < 50*time.Millisecond {
			break
		}
		err = o.db.QueryRowContext(ctx, "SELECT state FROM orders WHERE id = $1", id).Scan(&state)
		if err == nil || errors.Is(err, sql.ErrNoRows) {
			return state, err
		}
		time.Sleep(10 * time.Millisecond)
	}
	return "", err
}

// Checking only the call's own error for cancellation is not a budget
// check: the loop still sleeps first, here a whole second after the
// caller has gone.
func (o *Orders) Archive(ctx context.Context, id string) error {
	for i := 0; i < 3; i++ { // want `retry loop sleeps and retries after the caller's deadline; check ctx\.Err\(\) before each attempt, and wait with select on ctx\.Done\(\)`
		_, err := o.db.ExecContext(ctx, "UPDATE orders SET archived = true WHERE id = $1", id)
		if err == nil {
			return nil
		}
		if errors.Is(err, context.Canceled) || errors.Is(err, context.DeadlineExceeded) {
			return err
		}
		time.Sleep(time.Second)
	}
	return errors.New("archive: gave up")
}

// With a short pause, the attempt after it fails with the context's error
// and leaves: the caller waits at most that pause.
func (o *Orders) Touch(ctx context.Context, id string) error {
	for {
		_, err := o.db.ExecContext(ctx, "UPDATE orders SET touched = now() WHERE id = $1", id)
		if err == nil || errors.Is(err, context.Canceled) || errors.Is(err, context.DeadlineExceeded) {
			return err
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// Retrying the connection itself, then the query, with ctx.Err() checked.
func (o *Orders) Count(ctx context.Context) (int, error) {
	for i := 0; ; i++ {
		if err := ctx.Err(); err != nil {
			return 0, err
		}
		conn, err := o.db.Conn(ctx)
		if err != nil {
			time.Sleep(50 * time.Millisecond)
			continue
		}
		var n int
		err = conn.QueryRowContext(ctx, "SELECT count(*) FROM orders").Scan(&n)
		conn.Close()
		if err == nil {
			return n, nil
		}
	}
}

// Rows are iterated, not retried.
func (o *Orders) Sum(ctx context.Context) (int64, error) {
	rows, err := o.db.QueryContext(ctx, "SELECT amount FROM orders")
	if err != nil {
		return 0, err
	}
	defer rows.Close()
	var sum int64
	for rows.Next() {
		var a int64
		if err := rows.Scan(&a); err != nil {
			continue
		}
		sum += a
	}
	return sum, rows.Err()
}
