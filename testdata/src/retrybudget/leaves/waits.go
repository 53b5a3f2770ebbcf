package leaves

import (
	"context"
	"errors"
	"time"
)

// sleep stands for another module's wait given a context (gax.Sleep): the
// walk cannot see inside it, its name and its context say it returns when
// the context is done.
var sleep func(ctx context.Context, d time.Duration) error

var errBusy = errors.New("busy")

type router struct{ last string }

// cooldown waits out a rerouted endpoint's cooldown, or returns the wait's
// error: a check of the context it is given.
func (r *router) cooldown(ctx context.Context) (bool, error) {
	if r.last == "" {
		return false, nil
	}
	if err := sleep(ctx, time.Second); err != nil {
		return true, err
	}
	return true, nil
}

// Each attempt waits out its cooldown first, through a helper that returns
// when ctx is done.
func (r *router) Send(ctx context.Context, s Store, rec Record) error {
	for {
		if _, err := r.cooldown(ctx); err != nil {
			return err
		}
		if _, err := s.Insert(ctx, rec); !errors.Is(err, errBusy) {
			return err
		}
		r.last = rec.Name
	}
}

// sleeper is a function type of waits: a retrier is given one (the real one
// sleeps on the context, a test's returns at once).
type sleeper func(ctx context.Context, d time.Duration) error

func Invoke(ctx context.Context, s Store, rec Record, sp sleeper) error {
	for {
		_, err := s.Insert(ctx, rec)
		if err == nil {
			return nil
		}
		if err = sp(ctx, time.Second); err != nil {
			return err
		}
	}
}

// A helper that waits without the context does not bound the loop.
func (r *router) pause() { time.Sleep(time.Second) }

func (r *router) SendPaused(ctx context.Context, s Store, rec Record) error {
	for { // want `retry loop`
		r.pause()
		if _, err := s.Insert(ctx, rec); err == nil {
			return nil
		}
	}
}
