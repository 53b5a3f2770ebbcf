// Package callback holds subscribers whose callback passes the stored
// context it was registered with: when the registrar hands that very field
// back as the callback's context, the two are one value and nothing is
// lost. Everywhere else the stored context is reported.
package callback

import (
	"context"

	"dropcancel/callback/bus"
)

type store struct{}

func (store) Save(ctx context.Context, msg string) error { return ctx.Err() }

// consumer registers onMessage with its own lifetime, which bus.Consume
// hands back to it.
type consumer struct {
	ctx   context.Context
	other context.Context
	db    store
	msgs  chan string
}

func (s *consumer) Start() {
	bus.Consume(s.ctx, s.msgs, s.onMessage)
}

func (s *consumer) onMessage(ctx context.Context, msg string) bool {
	return s.db.Save(s.ctx, msg) == nil
}

// bounded registers with ConsumeEach, whose callback gets a child with a
// timeout: the stored context drops that timeout.
type bounded struct {
	ctx  context.Context
	db   store
	msgs chan string
}

func (s *bounded) Start() {
	bus.ConsumeEach(s.ctx, s.msgs, s.onMessage)
}

func (s *bounded) onMessage(ctx context.Context, msg string) bool {
	return s.db.Save(s.ctx, msg) == nil // want `passing the stored context s.ctx ignores the cancellation of ctx; pass ctx`
}

// direct's callback is also called with a context of the caller's choice.
type direct struct {
	ctx  context.Context
	db   store
	msgs chan string
}

func (s *direct) Start() {
	bus.Consume(s.ctx, s.msgs, s.onMessage)
}

func (s *direct) Replay(ctx context.Context, msg string) {
	s.onMessage(ctx, msg)
}

func (s *direct) onMessage(ctx context.Context, msg string) bool {
	return s.db.Save(s.ctx, msg) == nil // want `passing the stored context s.ctx ignores the cancellation of ctx; pass ctx`
}

// crossed registers with one field and passes the other.
func (s *consumer) StartOther() {
	bus.Consume(s.ctx, s.msgs, s.onOther)
}

func (s *consumer) onOther(ctx context.Context, msg string) bool {
	return s.db.Save(s.other, msg) == nil // want `passing the stored context s.other ignores the cancellation of ctx; pass ctx`
}

// uploader's helper is only ever called with the receiver's own stored
// context, written out or through a local: the parameter is that field.
type uploader struct {
	ctx context.Context
	db  store
}

func (u *uploader) Write(msg string) error {
	if err := u.upload(u.ctx, msg); err != nil {
		return err
	}
	ctx := u.ctx
	return u.upload(ctx, msg+"!")
}

func (u *uploader) upload(ctx context.Context, msg string) error {
	return u.db.Save(u.ctx, msg)
}

// mixed's helper is called once with a context of its caller's choosing.
type mixed struct {
	ctx context.Context
	db  store
}

func (m *mixed) Write(msg string) error { return m.send(m.ctx, msg) }

func (m *mixed) WriteCtx(ctx context.Context, msg string) error { return m.send(ctx, msg) }

func (m *mixed) send(ctx context.Context, msg string) error {
	return m.db.Save(m.ctx, msg) // want `passing the stored context m.ctx ignores the cancellation of ctx; pass ctx`
}
