package derive

import (
	"context"
	"time"
)

// A session that bounds its own lifetime, opened from a request-path
// method: the timeout belongs to the session, not to this call.
type session struct {
	ctx    context.Context
	cancel context.CancelFunc
}

type Sessions struct {
	current *session
	inv     Inventory
}

// Stored in fields: the session's own bound.
func (s *Sessions) Open(ctx context.Context, sku string) error {
	sess := &session{}
	sess.ctx, sess.cancel = context.WithTimeout(context.Background(), 10*time.Minute)
	s.current = sess
	return s.inv.Reserve(ctx, sku, 1)
}

// Stored beside its cancel function in a struct literal that is kept.
func (s *Sessions) Renew(ctx context.Context, sku string) error {
	sctx, cancel := context.WithTimeout(context.Background(), 10*time.Minute)
	s.current = &session{ctx: sctx, cancel: cancel}
	return s.inv.Reserve(ctx, sku, 1)
}

// A timeout on a fresh root for the caller's own work: reported.
func (s *Sessions) Check(ctx context.Context, sku string) error {
	cctx, cancel := context.WithTimeout(context.Background(), time.Second) // want `1s timeout on a fresh context ignores the caller's deadline; derive it from ctx`
	defer cancel()
	return s.inv.Reserve(cctx, sku, 1)
}
