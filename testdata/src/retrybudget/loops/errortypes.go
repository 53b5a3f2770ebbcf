package loops

import (
	"context"
	"errors"
	"net/http"
	"net/url"
	"time"
)

// A server error the driver returns, with its SQLSTATE code.
type serverError struct{ Code string }

func (e *serverError) Error() string { return "server error " + e.Code }

type execer interface {
	ExecContext(ctx context.Context, query string) error
}

// Retried only on a deadlock the server reports (errors.As to the driver's
// own error type): a context error is not one, so it leaves the loop, and
// the one pause is short.
func migrate(ctx context.Context, db execer, stmt string) error {
	for attempt := 0; attempt < 3; attempt++ {
		err := db.ExecContext(ctx, stmt)
		if err == nil {
			return nil
		}
		var srvErr *serverError
		if errors.As(err, &srvErr) && srvErr.Code == "40P01" {
			time.Sleep(200 * time.Millisecond)
			continue
		}
		return err
	}
	return nil
}

// The same loop with a long pause still sleeps on after the caller left.
func migrateSlowly(ctx context.Context, db execer, stmt string) error {
	for attempt := 0; attempt < 3; attempt++ { // want `retry loop sleeps and retries after the caller's deadline; check ctx\.Err\(\) before each attempt, and wait with select on ctx\.Done\(\)`
		err := db.ExecContext(ctx, stmt)
		if err == nil {
			return nil
		}
		var srvErr *serverError
		if errors.As(err, &srvErr) && srvErr.Code == "40P01" {
			time.Sleep(2 * time.Second)
			continue
		}
		return err
	}
	return nil
}

// errors.As to an interface may find a context error (a timeout is a
// net.Error): the loop may retry it.
type timeoutError interface{ Timeout() bool }

func migrateOnTimeout(ctx context.Context, db execer, stmt string) error {
	for attempt := 0; attempt < 3; attempt++ { // want `retry loop sleeps and retries after the caller's deadline; check ctx\.Err\(\) before each attempt, and wait with select on ctx\.Done\(\)`
		err := db.ExecContext(ctx, stmt)
		if err == nil {
			return nil
		}
		var te timeoutError
		if errors.As(err, &te) && te.Timeout() {
			time.Sleep(200 * time.Millisecond)
			continue
		}
		return err
	}
	return nil
}

// *url.Error wraps the context's error when the request is cancelled: a
// loop that retries every transport error retries the cancellation too.
func fetchUntilServed(ctx context.Context, c *http.Client, req *http.Request) (*http.Response, error) {
	for { // want `retry loop has no attempt limit and never checks ctx, so it can retry forever after the caller's deadline; check ctx\.Err\(\) before each attempt, and wait with select on ctx\.Done\(\)`
		resp, err := c.Do(req.WithContext(ctx))
		var transportErr *url.Error
		if errors.As(err, &transportErr) {
			time.Sleep(100 * time.Millisecond)
			continue
		}
		return resp, err
	}
}

// A stream that reports its error through a getter, asked twice: the
// predicate sees the same error as the test before it. The loop goes
// round only on an API error that moves the conversation along, and each
// attempt is given ctx.
type replyStream struct{ err error }

func (s *replyStream) Err() error { return s.err }

type apiError struct{ Code string }

func (e *apiError) Error() string { return "api error " + e.Code }

type conversation struct {
	open  func(ctx context.Context, link string) *replyStream
	link  string
	moved bool
}

func (c *conversation) Stream(ctx context.Context) *replyStream {
	for {
		s := c.open(ctx, c.link)
		if s.Err() == nil {
			return s
		}
		if !c.recovers(s.Err()) {
			return s
		}
	}
}

func (c *conversation) recovers(err error) bool {
	var ae *apiError
	if !errors.As(err, &ae) || c.moved {
		return false
	}
	if ae.Code == "moved" {
		c.link, c.moved = "", true
		return true
	}
	return false
}

// The same stream retried on any error retries the cancellation as well.
func (c *conversation) StreamAnyway(ctx context.Context) *replyStream {
	for { // want `retry loop has no attempt limit and never checks ctx, so it can retry forever after the caller's deadline; check ctx\.Err\(\) before each attempt`
		s := c.open(ctx, c.link)
		if s.Err() == nil {
			return s
		}
		if !c.retryable(s.Err()) {
			return s
		}
	}
}

func (c *conversation) retryable(err error) bool { return err != nil }
