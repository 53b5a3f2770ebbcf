// Package broken does not type-check: the pass must not panic on it.
package broken

import (
	"context"
	"errors"
	"time"

	"github.com/cenkalti/backoff/v4"
)

func Handle(ctx context.Context) error {
	var err error
	for i := 0; i < undefinedMax; i++ {
		err = undefinedCall(ctx)
		if err == nil {
			return nil
		}
		if errors.Is(err, nosuch.ErrX) {
			continue
		}
		time.Sleep(undefinedDelay)
	}
	for {
		v, err := missing.Get(ctx)
		switch err {
		case nil:
			return v
		case context.DeadlineExceeded:
			continue
		}
		<-undefinedChan
	}
	for range undefinedSeq {
		if x := nope(); x != nil {
			break
		}
	}
	_ = backoff.Retry(undefinedOp, nil) // want `backoff.Retry retries after the caller.s deadline: its BackOff has no context; wrap it with backoff\.WithContext\(b, ctx\)`
	_ = backoff.Retry()
	_ = backoff.RetryWithData[int](func() (int, error) { return 0, nil })
	return err
}

func Loop(ctx context.Context) {
	for err := f(); err != nil; err = f() {
		time.Sleep(time.Second)
	}
	for i := 0; i < 3; i++ {
		resp, err := client.Do(req)
		if err != nil || resp.StatusCode >= 500 {
			continue
		}
		break
	}
}
