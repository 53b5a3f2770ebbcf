// Package synchooks runs notification hooks in a goroutine unless the
// operation is configured to wait for them, as a file server's
// post-upload actions do.
package synchooks

import (
	"context"
	"errors"
)

type Store struct{}

func (s *Store) Put(ctx context.Context, ev string) error { return ctx.Err() }

type notifier interface{ Handle(ev string) error }

// hookRunner runs the configured hook on a root of its own.
type hookRunner struct{ s *Store }

func (h *hookRunner) Handle(ev string) error { return h.s.Put(context.Background(), ev) } // want Handle:"roots context.Background\\(\\) at synchooks.go:20"

var waitFor = map[string]bool{}

// notify runs the hook in a goroutine, and waits for it only where the
// operation is configured so: the hook's root is the detached work's own.
func notify(h notifier, ev string) error {
	if waitFor[ev] {
		return h.Handle(ev)
	}
	go h.Handle(ev)
	return nil
}

// notifyAll waits for every hook: its root is the caller's lost deadline.
func notifyAll(h notifier, ev string) error {
	return h.Handle(ev)
}

// notifyOther launches a different call than the one it waits for.
func notifyOther(h notifier, ev string) error {
	go func() { _ = errors.New(ev) }()
	return h.Handle(ev)
}

// notifyMirror waits for one hook and launches another's: not the same
// work.
func notifyMirror(primary, mirror notifier, ev string) error {
	go mirror.Handle(ev)
	return primary.Handle(ev)
}

func Mirror(ctx context.Context, h, m *hookRunner) error {
	return notifyMirror(h, m, "mirror") // want `^notifyMirror starts a fresh context`
}

func Upload(ctx context.Context, h *hookRunner) error {
	if err := h.s.Put(ctx, "upload"); err != nil {
		return err
	}
	return notify(h, "upload")
}

func Delete(ctx context.Context, h *hookRunner) error {
	return notifyAll(h, "delete") // want `^notifyAll starts a fresh context`
}

func Rename(ctx context.Context, h *hookRunner) error {
	return notifyOther(h, "rename") // want `^notifyOther starts a fresh context`
}

// A cache waits for its refresh only while it has nothing to serve, and
// otherwise refreshes in the background: the refresh's root is its own.
type recordCache struct {
	s     *Store
	ready bool
}

func (c *recordCache) update() error { return c.s.Put(context.Background(), "record") }

func (c *recordCache) lookup() error {
	if !c.ready {
		return c.update()
	}
	go c.update()
	return nil
}

func Resolve(ctx context.Context, c *recordCache) error {
	return c.lookup()
}
