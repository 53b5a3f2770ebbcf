// Package svc calls helpers from request handlers.
package svc

import (
	"context"
	"net/http"

	"ctxbackground/facts/helpers"
)

type Service struct{ cache *helpers.Cache }

// Warm, Reload and local all reach the root at helpers.go:16: one
// deadline lost at one root, one finding, the other calls its related
// places. Refresh reaches a root of its own.
func (s *Service) Handle(w http.ResponseWriter, r *http.Request) {
	helpers.Warm(s.cache)    // want `Warm starts a fresh context \(context.Background\(\) at helpers.go:16\), so the caller's deadline and cancellation stop at this call; Warm is exported, so add a WarmContext variant that takes a context.Context and call it with r.Context\(\)`
	s.cache.Refresh()        // want `Refresh starts a fresh context \(context.TODO\(\) at helpers.go:22\), so the caller's deadline and cancellation stop at this call; Refresh is exported, so add a RefreshContext variant that takes a context.Context and call it with r.Context\(\)`
	helpers.Reload(s.cache)  // Warm's root again
	helpers.Detach(s.cache)  // no root reaches a call synchronously
	_ = helpers.Make()       // returns a root: not passed on
	helpers.Flush(s.cache)   // dropcancel's: FlushContext exists
	local(s.cache)           // Warm's root again
}

// Alone, each of them is the finding, named by what this function calls.
func (s *Service) HandleReload(w http.ResponseWriter, r *http.Request) {
	helpers.Reload(s.cache) // want `Reload starts a fresh context \(context.Background\(\) at helpers.go:16, through warmAll\), so the caller's deadline and cancellation stop at this call; Reload is exported, so add a ReloadContext variant that takes a context.Context and call it with r.Context\(\)`
}

func (s *Service) HandleLocal(w http.ResponseWriter, r *http.Request) {
	local(s.cache) // want `local starts a fresh context \(context.Background\(\) at helpers.go:16, through helpers.Warm\), so the caller's deadline and cancellation stop at this call; give it a context.Context parameter and pass r.Context\(\)`
}

func (s *Service) Get(ctx context.Context) error {
	return local(s.cache) // want `pass ctx`
}

// A context parameter left unnamed has to be named before it can be passed.
func (s *Service) Put(_ context.Context) error {
	return local(s.cache) // want `give it a context.Context parameter and pass the caller's context, once the context parameter of this function has a name$`
}

// Long-lived state made on first use is not this request's work.
func (s *Service) Verify(ctx context.Context, p *helpers.Provider) {
	_ = p.Keys()
	_ = helpers.DefaultKeys()
	new(helpers.Conn).Die()
	new(helpers.Conn).Shut()
	_ = helpers.FetchKeys() // want `FetchKeys starts a fresh context \(context.Background\(\) at request.go:51\), so the caller's deadline and cancellation stop at this call; FetchKeys is exported, so add a FetchKeysContext variant that takes a context.Context and call it with ctx`
}

// A request copied with a placeholder context and built with ctx.
func (s *Service) Send(ctx context.Context, req *helpers.Request) (*http.Response, error) {
	return http.DefaultClient.Do(req.Copy().Build(ctx))
}

// Off the request path: calls to rooting helpers are fine here.
func Startup(c *helpers.Cache) error { // want Startup:"roots context.Background"
	return helpers.Warm(c)
}

func local(c *helpers.Cache) error { return helpers.Warm(c) }
