package stdlib

import (
	"context"
	"database/sql"
	"errors"
)

type User struct {
	ID    int64
	Email string
}

type UserRepo struct {
	db         *sql.DB
	byEmailStm *sql.Stmt
}

func (r *UserRepo) Find(ctx context.Context, id int64) (*User, error) {
	u := &User{ID: id}
	err := r.db.QueryRow("SELECT email FROM users WHERE id = $1", id).Scan(&u.Email) // want `r.db.QueryRow cannot be cancelled when the caller gives up; use r.db.QueryRowContext\(ctx, ...\)`
	if errors.Is(err, sql.ErrNoRows) {
		return nil, nil
	}
	return u, err
}

func (r *UserRepo) List(ctx context.Context, limit int) ([]User, error) {
	rows, err := r.db.Query("SELECT id, email FROM users LIMIT $1", limit) // want `r.db.Query cannot be cancelled when the caller gives up; use r.db.QueryContext\(ctx, ...\)`
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []User
	for rows.Next() {
		var u User
		if err := rows.Scan(&u.ID, &u.Email); err != nil {
			return nil, err
		}
		out = append(out, u)
	}
	return out, rows.Err()
}

func (r *UserRepo) Delete(ctx context.Context, id int64) error {
	_, err := r.db.Exec("DELETE FROM users WHERE id = $1", id) // want `r.db.Exec cannot be cancelled when the caller gives up; use r\.db\.ExecContext\(ctx, \.\.\.\)`
	return err
}

func (r *UserRepo) Health(ctx context.Context) error {
	return r.db.Ping() // want `r.db.Ping cannot be cancelled when the caller gives up; use r.db.PingContext\(ctx\)`
}

func (r *UserRepo) Prepare(ctx context.Context) error {
	stmt, err := r.db.Prepare("SELECT id FROM users WHERE email = $1") // want `r.db.Prepare cannot be cancelled when the caller gives up; use r\.db\.PrepareContext\(ctx, \.\.\.\)`
	if err != nil {
		return err
	}
	r.byEmailStm = stmt
	return nil
}

func (r *UserRepo) ByEmail(ctx context.Context, email string) (int64, error) {
	var id int64
	err := r.byEmailStm.QueryRow(email).Scan(&id) // want `r.byEmailStm.QueryRow cannot be cancelled when the caller gives up; use r\.byEmailStm\.QueryRowContext\(ctx, \.\.\.\)`
	return id, err
}

func (r *UserRepo) Touch(ctx context.Context, ids ...any) error {
	_, err := r.byEmailStm.Exec(ids...) // want `r.byEmailStm.Exec cannot be cancelled when the caller gives up; use r\.byEmailStm\.ExecContext\(ctx, \.\.\.\)`
	if err != nil {
		return err
	}
	rows, err := r.byEmailStm.Query(ids...) // want `r.byEmailStm.Query cannot be cancelled when the caller gives up; use r\.byEmailStm\.QueryContext\(ctx, \.\.\.\)`
	if err == nil {
		rows.Close()
	}
	return err
}

// A transaction: Begin and the calls on the Tx.
func (r *UserRepo) Rename(ctx context.Context, id int64, email string) error {
	tx, err := r.db.Begin() // want `r.db.Begin cannot be cancelled when the caller gives up; use r.db.BeginTx\(ctx, nil\)`
	if err != nil {
		return err
	}
	defer tx.Rollback()
	if _, err := tx.Exec("UPDATE users SET email = $1 WHERE id = $2", email, id); err != nil { // want `tx.Exec cannot be cancelled when the caller gives up; use tx\.ExecContext\(ctx, \.\.\.\)`
		return err
	}
	var n int
	if err := tx.QueryRow("SELECT count(*) FROM users").Scan(&n); err != nil { // want `tx.QueryRow cannot be cancelled when the caller gives up; use tx\.QueryRowContext\(ctx, \.\.\.\)`
		return err
	}
	rows, err := tx.Query("SELECT id FROM users") // want `tx.Query cannot be cancelled when the caller gives up; use tx\.QueryContext\(ctx, \.\.\.\)`
	if err == nil {
		rows.Close()
	}
	st, err := tx.Prepare("UPDATE users SET seen = now()") // want `tx.Prepare cannot be cancelled when the caller gives up; use tx\.PrepareContext\(ctx, \.\.\.\)`
	if err == nil {
		st.Close()
	}
	txStmt := tx.Stmt(r.byEmailStm) // want `tx.Stmt cannot be cancelled when the caller gives up; use tx.StmtContext\(ctx, ...\)`
	defer txStmt.Close()
	return tx.Commit()
}

// A repository embedding *sql.DB.
type OrderRepo struct{ *sql.DB }

func (r OrderRepo) Count(ctx context.Context) (n int, err error) {
	err = r.QueryRow("SELECT count(*) FROM orders").Scan(&n) // want `r.QueryRow cannot be cancelled when the caller gives up; use r\.QueryRowContext\(ctx, \.\.\.\)`
	return n, err
}

// ---- Left alone ----

// The context-taking forms.
func (r *UserRepo) FindGood(ctx context.Context, id int64) (*User, error) {
	u := &User{ID: id}
	if err := r.db.QueryRowContext(ctx, "SELECT email FROM users WHERE id = $1", id).Scan(&u.Email); err != nil {
		return nil, err
	}
	tx, err := r.db.BeginTx(ctx, nil)
	if err != nil {
		return nil, err
	}
	defer tx.Rollback()
	if _, err := tx.ExecContext(ctx, "UPDATE users SET seen = now() WHERE id = $1", id); err != nil {
		return nil, err
	}
	conn, err := r.db.Conn(ctx)
	if err != nil {
		return nil, err
	}
	defer conn.Close()
	if err := conn.PingContext(ctx); err != nil {
		return nil, err
	}
	return u, tx.Commit()
}

// Calls with no context form: Commit, Rollback, Close, Scan, Stats.
func (r *UserRepo) Plain(ctx context.Context, tx *sql.Tx, rows *sql.Rows) error {
	_ = r.db.Stats()
	r.db.SetMaxOpenConns(10)
	if err := rows.Close(); err != nil {
		return tx.Rollback()
	}
	return tx.Commit()
}

// Off the request path: migrations at start-up.
func Migrate(db *sql.DB) error {
	if err := db.Ping(); err != nil {
		return err
	}
	_, err := db.Exec("CREATE TABLE IF NOT EXISTS users (id bigserial, email text)")
	return err
}
