// Package attr declares interfaces whose implementations live in another
// package of the module (values): seen from here, nothing implements them,
// so their methods get no fact of their own.
package attr

import "context"

// Type describes a value's type.
type Type interface {
	String() string
}

// Value is implemented by package values' types; every Type method there
// is a getter that never reads its context.
type Value interface {
	Type(ctx context.Context) Type
}

// Source is implemented in package values by one type that reads its
// context and one that does not: they do not agree.
type Source interface {
	Load(ctx context.Context) (string, error)
}

// Conn is implemented here twice: by an exported mock that ignores its
// context and by the real, unexported connection that observes it. They
// do not agree, and another package, which sees only the mock, must not
// judge by it.
type Conn interface {
	Send(ctx context.Context) error
}

type MockConn struct{}

func (MockConn) Send(_ context.Context) error { return nil } // want Send:"ignores \\[0\\]"

type conn struct{ ch chan struct{} }

func (c conn) Send(ctx context.Context) error { // want Send:"checks \\[0\\]"
	select {
	case c.ch <- struct{}{}:
		return nil
	case <-ctx.Done():
		return ctx.Err()
	}
}

// NewConn returns the real connection.
func NewConn() Conn { return conn{ch: make(chan struct{})} }
