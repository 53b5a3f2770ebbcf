package selects

import (
	"context"
	"errors"
	"time"
)

func authorize(ctx context.Context) error { return ctx.Err() }

func validate() error { return nil }

// Recheck serves a stream and re-authorises it every minute: the timer
// case leaves only if the check fails and otherwise waits again, a
// periodic wait, judged as the loop's. The loop ends on the stream's own
// termination signal, so it is left alone.
func Recheck(ctx context.Context, reqs <-chan string, terminated <-chan struct{}) error {
	for {
		select {
		case <-terminated:
			return errors.New("terminated")
		case <-time.After(time.Minute):
			if err := authorize(ctx); err != nil {
				return err
			}
		case r, ok := <-reqs:
			if !ok {
				return nil
			}
			_ = r
		}
	}
}

// RecheckForever has no stop of its own and never checks ctx: the
// periodic wait runs on after the caller has gone.
func RecheckForever(ctx context.Context, reqs <-chan string) error {
	for {
		select {
		case <-time.After(time.Minute): // want `1m0s wait on time\.After in a loop that never checks ctx ignores the caller's deadline and cancellation; wait in a select on ctx\.Done\(\) and a timer`
			if err := validate(); err != nil {
				return err
			}
		case r := <-reqs:
			_ = r
		}
	}
}

// Deadline gives up after a fixed five seconds whatever happens: a
// timeout that ignores the caller's deadline.
func Deadline(ctx context.Context, reqs <-chan string) (string, error) {
	for {
		select {
		case <-time.After(5 * time.Second): // want `select waits 5s on time\.After with no case on ctx\.Done\(\), so it ignores the caller's deadline; add a case <-ctx\.Done\(\)`
			return "", errors.New("timed out")
		case r := <-reqs:
			if r != "" {
				return r, nil
			}
		}
	}
}
