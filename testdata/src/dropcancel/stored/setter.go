package stored

import (
	"context"
	"net/http"
)

// A generated API client takes the caller's context through a builder
// setter and attaches it to each request it sends: the stored context is
// the caller's own, handed in for the calls to come.
type API struct {
	ctx    context.Context
	client *http.Client
}

func (a *API) WithContext(ctx context.Context) *API {
	a.ctx = ctx
	return a
}

func (a *API) Do(req *http.Request) (*http.Response, error) {
	if a.ctx != nil {
		req = req.WithContext(a.ctx)
	}
	return a.client.Do(req)
}

// A context a constructor keeps is a lifetime: using it in place of the
// request's loses the request's cancellation.
type Getter struct {
	ctx    context.Context
	client *http.Client
}

func NewGetter(ctx context.Context) *Getter { return &Getter{ctx: ctx, client: http.DefaultClient} }

func (g *Getter) Do(req *http.Request) (*http.Response, error) {
	req = req.WithContext(g.ctx) // want `passing the stored context g.ctx ignores the cancellation of req.Context\(\); pass req.Context\(\)`
	return g.client.Do(req)
}
