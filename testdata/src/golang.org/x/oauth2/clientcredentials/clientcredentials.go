// Package clientcredentials is a stand-in with the shape of
// golang.org/x/oauth2/clientcredentials: its client refreshes tokens with
// the context it was made with.
package clientcredentials

import (
	"context"
	"net/http"
)

type Config struct{ TokenURL string }

func (c *Config) Client(ctx context.Context) *http.Client {
	return &http.Client{Transport: &tokenTransport{ctx: ctx, conf: c}}
}

// tokenTransport fetches a token with ctx before each request.
type tokenTransport struct {
	ctx  context.Context
	conf *Config
}

func (t *tokenTransport) RoundTrip(req *http.Request) (*http.Response, error) {
	return http.DefaultTransport.RoundTrip(req.WithContext(t.ctx))
}
