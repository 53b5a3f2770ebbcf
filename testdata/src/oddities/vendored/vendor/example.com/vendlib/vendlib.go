// Package vendlib is a vendored copy of a third-party library: its own
// shapes are not the user's to fix, and are not analysed as roots.
package vendlib

import (
	"context"
	"net/http"
	"time"
)

type Client struct{ hc *http.Client }

// Warm roots a fresh context and passes it on: ctxbackground's helper rule
// would follow it if the library were the user's own code.
func Warm() error { return ping(context.Background()) }

func ping(ctx context.Context) error { return ctx.Err() }

// Fetch has a context sibling: a call to it drops the caller's context.
func (c *Client) Fetch(url string) (*http.Response, error) { return c.hc.Get(url) }

func (c *Client) FetchContext(ctx context.Context, url string) (*http.Response, error) {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, url, nil)
	if err != nil {
		return nil, err
	}
	return c.hc.Do(req)
}

// Poll is bad code in the library itself; analysing the user's package
// does not report it.
func Poll(ctx context.Context, ready func() bool) {
	for !ready() {
		time.Sleep(time.Second)
	}
}
