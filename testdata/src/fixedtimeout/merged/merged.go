// Package merged holds fixed timeouts on fresh roots whose cancel runs once
// the caller's context is done: its deadline still ends the work, so they
// are left alone. Without that, the fixed timeout is reported.
package merged

import (
	"context"
	"time"
)

func work(ctx context.Context) error {
	<-ctx.Done()
	return ctx.Err()
}

// Bounded caps the work at five seconds and ends it with ctx too.
func Bounded(ctx context.Context) error {
	c, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	defer context.AfterFunc(ctx, cancel)()
	return work(c)
}

// Unbound has only the fixed timeout.
func Unbound(ctx context.Context) error {
	c, cancel := context.WithTimeout(context.Background(), 5*time.Second) // want `5s timeout on a fresh context ignores the caller's deadline; derive it from ctx \(from context\.WithoutCancel\(ctx\) if the work must finish after the caller gives up\)`
	defer cancel()
	return work(c)
}
