// Package runnerlib runs callbacks on contexts of its own, for the runner
// package next to it: what it does crosses the package boundary as facts.
package runnerlib

import (
	"context"
	"time"
)

// Client is a connection to a cluster.
type Client struct{}

// WithClient connects and runs action with a one-minute window of its own
// and the client, as a command-line tool's helper does.
func WithClient(action func(ctx context.Context, c *Client) error) error {
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	return action(ctx, &Client{})
}

// WithCaller runs action on the context it is given.
func WithCaller(ctx context.Context, action func(ctx context.Context, c *Client) error) error {
	return action(ctx, &Client{})
}
