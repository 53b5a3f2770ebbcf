// Package store reads orders from a database.
package store

import (
	"context"
	"database/sql"
	"time"
)

// Orders is the order repository.
type Orders struct {
	DB *sql.DB
}

// Status reads an order's status; it carries the caller's context.
func (o *Orders) Status(ctx context.Context, id string) (string, error) {
	var status string
	err := o.DB.QueryRowContext(ctx, "SELECT status FROM orders WHERE id = $1", id).Scan(&status)
	return status, err
}

// Count is called from request handlers but starts its own context, so
// the handler's deadline stops at its door.
func (o *Orders) Count() (int, error) {
	var n int
	err := o.DB.QueryRowContext(context.Background(), "SELECT count(*) FROM orders").Scan(&n)
	return n, err
}

// Lookup bounds the query with a fixed five seconds, whatever is left of
// the caller's budget.
func (o *Orders) Lookup(ctx context.Context, id string) (string, error) {
	qctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	return o.Status(qctx, id)
}

// Customer reads a customer without a way to cancel the query.
func (o *Orders) Customer(ctx context.Context, id string) (string, error) {
	var name string
	err := o.DB.QueryRow("SELECT name FROM customers WHERE id = $1", id).Scan(&name)
	return name, err
}
