package a

import "context"

// Clean-up after a call given ctx failed runs because that call failed,
// perhaps because ctx itself is done: a fresh root lets the compensating
// work finish, so it is left alone, whether the root is made here or by a
// helper.
func (c *conn) Create(ctx context.Context, id int) error {
	if err := c.r.Push(ctx, id); err != nil {
		return err
	}
	if err := c.r.Push(ctx, id+1); err != nil {
		_ = c.r.Push(context.Background(), -id) // undo the first push
		return err
	}
	err := c.r.Push(ctx, id+2)
	if err != nil {
		c.refresh()
		return err
	}
	return nil
}

// Not clean-up: the root is the work the function answers with, the error
// did not come from a call given ctx, or the branch goes on with the
// request's work instead of leaving.
func (c *conn) Fallback(ctx context.Context, id int) error {
	if err := c.r.Push(ctx, id); err != nil {
		return c.r.Push(context.Background(), id) // want `context.Background\(\) starts a fresh context where ctx is in scope`
	}
	if err := validate(id); err != nil {
		_ = c.r.Push(context.TODO(), -id) // want `context.TODO\(\) starts a fresh context where ctx is in scope`
		return err
	}
	if err := c.r.Push(ctx, id+1); err != nil {
		_ = c.r.Push(context.TODO(), -id) // want `context.TODO\(\) starts a fresh context where ctx is in scope`
	}
	return nil
}

func validate(id int) error { return nil }

// A branch that may still succeed recovers from the failure and goes on
// with the request's work. A call given a callback that uses ctx fails
// with the caller's work too.
func (c *conn) Adopt(ctx context.Context, id int) error {
	if err := c.r.Push(ctx, id); err != nil {
		if c.r.Push(context.Background(), id) == nil { // want `context.Background\(\) starts a fresh context where ctx is in scope`
			return nil
		}
		return err
	}
	if err := c.each(func() error { return c.r.Push(ctx, id) }); err != nil {
		_ = c.r.Push(context.TODO(), -id)
		return err
	}
	return nil
}

func (c *conn) each(f func() error) error { return f() }

// The failure test may carry other conditions; a branch that answers with
// something other than an error is not known to be the way out of a
// failure (the shape fixedtimeout's clean-up bound shares, see
// ctxflow.FailureBranch).
func (c *conn) Replace(ctx context.Context, id int) (bool, error) {
	if err := c.r.Push(ctx, id); err != nil && id > 0 {
		_ = c.r.Push(context.Background(), -id)
		return false, err
	}
	return true, nil
}

func (c *conn) TryPush(ctx context.Context, id int) bool {
	if err := c.r.Push(ctx, id); err != nil {
		_ = c.r.Push(context.Background(), -id) // want `context.Background\(\) starts a fresh context where ctx is in scope`
		return false
	}
	return true
}
