package leaves

import (
	"context"
	"time"
)

type Authority interface {
	Begin(ctx context.Context, domain string) (string, error)
	Prove(ctx context.Context, token string) error
	WaitValid(ctx context.Context, token string) error
}

// Each pass starts with Begin(ctx) and returns on any of its errors: the
// attempts after it retry every error, a context error included, but that
// error comes back round to Begin, which fails with it and leaves.
func Authorize(ctx context.Context, a Authority, domain string) error {
	for {
		token, err := a.Begin(ctx, domain)
		if err != nil {
			return err
		}
		if err := a.Prove(ctx, token); err != nil {
			continue
		}
		return nil
	}
}

// A gate behind a continue is skipped by the pass it would end.
func AuthorizeSkipping(ctx context.Context, a Authority, domain string) error {
	for { // want `retry loop has no attempt limit and never checks ctx, so it can retry forever after the caller's deadline; check ctx\.Err\(\) before each attempt$`
		if err := a.Prove(ctx, domain); err != nil {
			continue
		}
		if _, err := a.Begin(ctx, domain); err != nil {
			return err
		}
		return nil
	}
}

// A gate does not make a wait between attempts cancellable.
func AuthorizeWaiting(ctx context.Context, a Authority, domain string) error {
	for { // want `retry loop has no attempt limit and never checks ctx, so it can retry forever after the caller's deadline; check ctx\.Err\(\) before each attempt, and wait with select on ctx\.Done\(\)$`
		token, err := a.Begin(ctx, domain)
		if err != nil {
			return err
		}
		if err := a.Prove(ctx, token); err != nil {
			time.Sleep(time.Second)
			continue
		}
		return nil
	}
}

// A wait given the context ends when the context does: the gate still
// ends the loop one pass later.
func AuthorizeAndWait(ctx context.Context, a Authority, domain string) (err error) {
	for {
		var token string
		if token, err = a.Begin(ctx, domain); err != nil {
			return err
		}
		if a.WaitValid(ctx, token) == nil {
			return nil
		}
	}
}
