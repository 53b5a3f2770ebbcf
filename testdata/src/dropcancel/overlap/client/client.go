// Package client is a library whose plain methods root a fresh context and
// call their context-taking siblings.
package client

import "context"

type Client struct{}

func (c *Client) FetchContext(ctx context.Context, key string) (string, error) {
	return key, ctx.Err()
}

// Fetch has a sibling: calling it on a request path is dropcancel's.
func (c *Client) Fetch(key string) (string, error) {
	return c.FetchContext(context.Background(), key)
}

// Warm has none: calling it on a request path is ctxbackground's.
func (c *Client) Warm() error {
	_, err := c.FetchContext(context.Background(), "warm")
	return err
}
