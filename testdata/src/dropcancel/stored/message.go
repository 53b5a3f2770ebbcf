package stored

import (
	"context"
	"database/sql"
)

// A struct handed in by value is a copy made for the call: the context in
// it is the one its caller sent down.
type lookup struct {
	ctx context.Context
	id  string
}

type cursor struct {
	*lookup
}

func (s *Server) find(db *sql.DB, q lookup) func(ctx context.Context) error {
	return func(ctx context.Context) error {
		return db.QueryRowContext(q.ctx, "SELECT 1 FROM items WHERE id = $1", q.id).Err()
	}
}

// One reached through a pointer the struct holds is shared state.
func (s *Server) next(db *sql.DB, c cursor) func(ctx context.Context) error {
	return func(ctx context.Context) error {
		return db.QueryRowContext(c.ctx, "SELECT 1 FROM items WHERE id = $1", c.id).Err() // want `passing the stored context c.ctx ignores the cancellation of ctx; pass ctx`
	}
}

// The stored context stands in for a nil one, tested through a flag: the
// caller gave no context to lose.
func (s *Server) Leave(ctx context.Context) error {
	immediate := ctx == nil
	if immediate {
		ctx = s.ctx
	}
	return s.db.PingContext(ctx)
}
