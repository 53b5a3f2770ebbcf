package sibling

import "context"

// A connection whose WithContext returns a copy that runs every statement
// under the context it was given, as ORMs' connections do.
type BoundStore interface {
	Exec(q string) error
	ExecContext(ctx context.Context, q string) error
}

type BoundConn struct{ Store BoundStore }

func (c *BoundConn) WithContext(ctx context.Context) *BoundConn { return c }

func (c *BoundConn) Ping() error { return nil }

func (c *BoundConn) PingContext(ctx context.Context) error { return ctx.Err() }

type Migrator struct{ conn *BoundConn }

// Migrate runs on a connection bound to the caller's context: its
// statements carry it.
func (m *Migrator) Migrate(ctx context.Context) error {
	c := m.conn.WithContext(ctx)
	if err := c.Store.Exec("create table t"); err != nil {
		return err
	}
	if err := m.conn.WithContext(ctx).Store.Exec("insert"); err != nil {
		return err
	}
	return c.Ping()
}

// MigrateUnbound runs on the stored connection itself, or on one that is
// only sometimes bound: the caller's context is lost.
func (m *Migrator) MigrateUnbound(ctx context.Context, fresh bool) error {
	if err := m.conn.Store.Exec("create table t"); err != nil { // want `m.conn.Store.Exec cannot be cancelled when the caller gives up; use m\.conn\.Store\.ExecContext\(ctx, \.\.\.\)`
		return err
	}
	c := m.conn.WithContext(ctx)
	if fresh {
		c = &BoundConn{}
	}
	return c.Ping() // want `c.Ping cannot be cancelled when the caller gives up; use c\.PingContext\(ctx\)`
}
