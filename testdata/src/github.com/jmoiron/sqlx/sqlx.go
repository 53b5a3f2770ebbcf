// Package sqlx is a stand-in for github.com/jmoiron/sqlx.
// Its context forms send the request: roundTrip stands for the network,
// code the analysis cannot follow, so they observe the context.
package sqlx

import (
	"context"
	"database/sql"
)

type DB struct{ *sql.DB }

func Connect(driver, dsn string) (*DB, error) { return &DB{}, nil }

func (db *DB) Get(dest any, query string, args ...any) error { return nil }

func (db *DB) GetContext(ctx context.Context, dest any, query string, args ...any) error {
	return roundTrip(ctx)
}

func (db *DB) Select(dest any, query string, args ...any) error { return nil }

func (db *DB) SelectContext(ctx context.Context, dest any, query string, args ...any) error {
	return roundTrip(ctx)
}

func (db *DB) NamedExec(query string, arg any) (sql.Result, error) { return nil, nil }

func (db *DB) NamedExecContext(ctx context.Context, query string, arg any) (sql.Result, error) {
	return nil, roundTrip(ctx)
}

// Beginx has a context form with a different shape (BeginTxx(ctx, opts)).
func (db *DB) Beginx() (*Tx, error) { return &Tx{}, nil }

func (db *DB) BeginTxx(ctx context.Context, opts *sql.TxOptions) (*Tx, error) {
	return &Tx{}, nil
}

type Tx struct{ *sql.Tx }

// roundTrip is the network.
var roundTrip func(ctx context.Context) error
