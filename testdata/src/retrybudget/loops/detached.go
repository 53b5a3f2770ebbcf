package loops

import (
	"context"
	"errors"
	"time"
)

type claimStore interface {
	Release(ctx context.Context, key string) error
}

var errClaimed = errors.New("busy")

// After the record is published the claim must be released even if the
// caller has gone: the loop runs on a context detached on purpose, so it
// has no caller's budget to consult.
func PublishRecord(ctx context.Context, c claimStore, key string) error {
	commit := context.WithoutCancel(ctx)
	for attempt := 0; attempt < 5; attempt++ {
		if err := c.Release(commit, key); !errors.Is(err, errClaimed) {
			return err
		}
		time.Sleep(2 * time.Second)
	}
	return errClaimed
}

// A bound of its own on the detached clean-up changes nothing.
func CleanupClaim(ctx context.Context, c claimStore, key string) error {
	cleanup, cancel := context.WithTimeout(context.WithoutCancel(ctx), time.Minute)
	defer cancel()
	var err error
	for i := 0; i < 3; i++ {
		if err = c.Release(cleanup, key); err == nil {
			return nil
		}
		time.Sleep(time.Second)
	}
	return err
}

// One attempt on the caller's context makes it the caller's loop again.
func ReleaseClaims(ctx context.Context, c claimStore, key string) error {
	commit := context.WithoutCancel(ctx)
	for i := 0; i < 3; i++ { // want `retry loop sleeps and retries after the caller's deadline`
		if err := c.Release(commit, key); err == nil {
			return c.Release(ctx, key)
		}
		time.Sleep(time.Second)
	}
	return errClaimed
}
