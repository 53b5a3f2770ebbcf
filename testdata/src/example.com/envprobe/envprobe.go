// Package envprobe detects where the process runs, once for the whole
// process, and keeps the answer.
package envprobe

import (
	"context"
	"net/http"
	"sync"
)

var (
	onCloudOnce sync.Once
	onCloud     bool
)

// OnCloud reports whether the process runs on the cloud.
func OnCloud() bool { return OnCloudWithContext(context.Background()) }

// OnCloudWithContext asks the metadata server the first time it is called
// and keeps the answer: later calls return it at once, whatever context.
func OnCloudWithContext(ctx context.Context) bool {
	onCloudOnce.Do(func() {
		onCloud = probe(ctx)
	})
	return onCloud
}

func probe(ctx context.Context) bool {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, "http://metadata.internal", nil)
	if err != nil {
		return false
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		return false
	}
	resp.Body.Close()
	return true
}

// Client connects on first use: each client waits on its own first
// request's probe.
type Client struct {
	once  sync.Once
	ready bool
}

func (c *Client) Ready() bool { return c.ReadyContext(context.Background()) }

func (c *Client) ReadyContext(ctx context.Context) bool {
	c.once.Do(func() {
		c.ready = probe(ctx)
	})
	return c.ready
}
