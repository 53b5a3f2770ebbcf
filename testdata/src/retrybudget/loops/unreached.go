package loops

import (
	"context"
	"errors"
	"time"
)

type pinger interface{ Ping(ctx context.Context) error }

// The loop's only ctx.Done() case sits after a continue on an error: the
// retry path that error takes never reaches it.
func Unreached(ctx context.Context, p pinger) error {
	for { // want `retry loop has no attempt limit and never checks ctx, so it can retry forever after the caller's deadline; check ctx.Err\(\) before each attempt, and wait with select on ctx.Done\(\)`
		err := p.Ping(ctx)
		if err == nil {
			return nil
		}
		if errors.Is(err, errBusy) {
			time.Sleep(time.Second)
			continue
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(time.Second):
		}
	}
}

var errBusy = errors.New("busy")

// A check before the continue is reached.
func Reached(ctx context.Context, p pinger) error {
	for {
		if err := p.Ping(ctx); err != nil {
			if errors.Is(err, context.Canceled) || ctx.Err() != nil {
				return err
			}
			time.Sleep(time.Second)
			continue
		}
		return nil
	}
}

type feed interface {
	Fetch(ctx context.Context) (string, error)
}

var errStale = errors.New("stale")

// An immediate retry of a stale read skips the check, but a context error
// never takes that path: it reaches ctx.Err() first, before the retry on
// the feed's own per-read deadline.
func NextFresh(ctx context.Context, f feed) (string, error) {
	for {
		m, err := f.Fetch(ctx)
		if errors.Is(err, errStale) {
			continue
		} else if ctxErr := ctx.Err(); ctxErr != nil {
			return "", ctxErr
		} else if errors.Is(err, context.DeadlineExceeded) {
			continue
		} else if err != nil {
			return "", err
		}
		return m, nil
	}
}

// With the deadline retried beside the stale read, the check comes too
// late for it.
func NextLate(ctx context.Context, f feed) (string, error) {
	for { // want `retry loop retries on context.DeadlineExceeded without checking ctx, so it keeps retrying after the caller's deadline; check ctx\.Err\(\) before each attempt and stop when it is done`
		m, err := f.Fetch(ctx)
		if errors.Is(err, errStale) || errors.Is(err, context.DeadlineExceeded) {
			continue
		}
		if ctx.Err() != nil {
			return "", ctx.Err()
		}
		if err != nil {
			return "", err
		}
		return m, nil
	}
}

type pingFeed interface {
	feed
	Ping(ctx context.Context) error
}

// The same loop polling a keep-alive ticker in a select with a default:
// the poll does not wait, so the loop still retries at once and the
// context error comes round to the check.
func NextKeptAlive(ctx context.Context, f pingFeed, keepAlive *time.Ticker) (string, error) {
	for {
		select {
		case <-keepAlive.C:
			if err := f.Ping(ctx); err != nil {
				return "", err
			}
		default:
		}
		m, err := f.Fetch(ctx)
		if errors.Is(err, errStale) {
			continue
		} else if ctxErr := ctx.Err(); ctxErr != nil {
			return "", ctxErr
		} else if errors.Is(err, context.DeadlineExceeded) {
			continue
		} else if err != nil {
			return "", err
		}
		return m, nil
	}
}
