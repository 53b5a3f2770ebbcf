// Package sdk is a client that predates the context package and declares
// its own Context interface with the same methods.
package sdk

import "time"

type Context interface {
	Deadline() (deadline time.Time, ok bool)
	Done() <-chan struct{}
	Err() error
	Value(key any) any
}

type Client struct{}

type Input struct{ ID string }

func (c *Client) Describe(in *Input) (string, error) { return "", nil }

func (c *Client) DescribeWithContext(ctx Context, in *Input) (string, error) { return "", nil }
