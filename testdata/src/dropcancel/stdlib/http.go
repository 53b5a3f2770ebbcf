// Package stdlib holds the standard-library calls dropcancel reports on a
// request path, in ordinary service code, and their leave-alone twins.
package stdlib

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"strings"
)

type Quote struct{ Price float64 }

type PricingClient struct {
	base string
	hc   *http.Client
}

// The package helpers build their own request from the background context.
func (p *PricingClient) Quote(ctx context.Context, sku string) (*Quote, error) {
	resp, err := http.Get(p.base + "/quote/" + sku) // want `http.Get cannot be cancelled when the caller gives up; build the request with http.NewRequestWithContext\(ctx, http.MethodGet, url, nil\) and send it with a client`
	if err != nil {
		return nil, err
	}
	defer resp.Body.Close()
	var q Quote
	return &q, json.NewDecoder(resp.Body).Decode(&q)
}

func (p *PricingClient) Exists(ctx context.Context, sku string) bool {
	resp, err := http.Head(p.base + "/quote/" + sku) // want `http.Head cannot be cancelled when the caller gives up; build the request with http.NewRequestWithContext\(ctx, http.MethodHead, url, nil\) and send it with a client`
	if err != nil {
		return false
	}
	resp.Body.Close()
	return resp.StatusCode == http.StatusOK
}

func (p *PricingClient) Publish(ctx context.Context, body io.Reader) error {
	resp, err := http.Post(p.base+"/prices", "application/json", body) // want `http.Post cannot be cancelled when the caller gives up; build the request with http.NewRequestWithContext\(ctx, http.MethodPost, url, body\), set its Content-Type and send it with a client`
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

func (p *PricingClient) Login(ctx context.Context, user, pass string) error {
	_, err := http.PostForm(p.base+"/login", url.Values{"user": {user}, "pass": {pass}}) // want `http.PostForm cannot be cancelled when the caller gives up; build the request with http\.NewRequestWithContext\(ctx, http\.MethodPost, url, body\), set its Content-Type and send it with a client`
	return err
}

// The same methods on a client.
func (p *PricingClient) History(ctx context.Context, sku string) error {
	resp, err := p.hc.Get(p.base + "/history/" + sku) // want `p.hc.Get cannot be cancelled when the caller gives up; build the request with http.NewRequestWithContext\(ctx, http.MethodGet, url, nil\) and send it with p.hc.Do`
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

func (p *PricingClient) Ping(ctx context.Context) error {
	_, err := http.DefaultClient.Head(p.base) // want `http.DefaultClient.Head cannot be cancelled when the caller gives up; build the request with http\.NewRequestWithContext\(ctx, http\.MethodHead, url, nil\) and send it with http\.DefaultClient\.Do`
	return err
}

func (p *PricingClient) Upload(ctx context.Context, data string) error {
	_, err := p.hc.Post(p.base, "text/plain", strings.NewReader(data)) // want `p.hc.Post cannot be cancelled when the caller gives up; build the request with http\.NewRequestWithContext\(ctx, http\.MethodPost, url, body\), set its Content-Type and send it with p\.hc\.Do`
	return err
}

func (p *PricingClient) Subscribe(ctx context.Context, form url.Values) error {
	var c http.Client
	_, err := c.PostForm(p.base, form) // want `c.PostForm cannot be cancelled when the caller gives up; build the request with http\.NewRequestWithContext\(ctx, http\.MethodPost, url, body\), set its Content-Type and send it with c\.Do`
	return err
}

// A handler: the inbound context is r.Context().
func (p *PricingClient) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	resp, err := http.Get(p.base + r.URL.Path) // want `http.Get cannot be cancelled when the caller gives up; build the request with http.NewRequestWithContext\(r.Context\(\), http.MethodGet, url, nil\) and send it with a client`
	if err != nil {
		http.Error(w, err.Error(), http.StatusBadGateway)
		return
	}
	defer resp.Body.Close()
	io.Copy(w, resp.Body)
}

// http.NewRequest builds a request with the background context.
func (p *PricingClient) Fetch(ctx context.Context, sku string) (*http.Response, error) {
	req, err := http.NewRequest(http.MethodGet, p.base+"/quote/"+sku, nil) // want `http.NewRequest builds a request that cannot be cancelled when the caller gives up; use http.NewRequestWithContext\(ctx, ...\)`
	if err != nil {
		return nil, err
	}
	req.Header.Set("Accept", "application/json")
	return p.hc.Do(req)
}

// Returned to the caller without a context.
func (p *PricingClient) build(ctx context.Context, path string) (*http.Request, error) {
	return http.NewRequest("GET", p.base+path, nil) // want `http.NewRequest builds a request that cannot be cancelled when the caller gives up; use http.NewRequestWithContext\(ctx, ...\)`
}

// The context is attached only after the request was sent.
func (p *PricingClient) Late(ctx context.Context) error {
	req, _ := http.NewRequest("GET", p.base, nil) // want `http.NewRequest builds a request that cannot be cancelled when the caller gives up; use http.NewRequestWithContext\(ctx, ...\)`
	if _, err := p.hc.Do(req); err != nil {
		retry := req.Clone(ctx)
		_, err = p.hc.Do(retry)
		return err
	}
	return nil
}

// A request passed straight to Do.
func (p *PricingClient) Direct(ctx context.Context) error {
	_, err := p.hc.Do(must(http.NewRequest("DELETE", p.base, nil))) // want `http.NewRequest builds a request that cannot be cancelled when the caller gives up; use http.NewRequestWithContext\(ctx, ...\)`
	return err
}

func must(r *http.Request, err error) *http.Request { return r }

// ---- Left alone ----

// The context is attached before the request is sent.
func (p *PricingClient) Attached(ctx context.Context) error {
	req, err := http.NewRequest(http.MethodGet, p.base, nil)
	if err != nil {
		return err
	}
	req = req.WithContext(ctx)
	_, err = p.hc.Do(req)
	return err
}

func (p *PricingClient) Cloned(w http.ResponseWriter, r *http.Request) {
	out, _ := http.NewRequest(r.Method, p.base+r.URL.Path, r.Body)
	out.Header = r.Header.Clone()
	resp, err := p.hc.Do(out.Clone(r.Context()))
	if err == nil {
		resp.Body.Close()
	}
}

func (p *PricingClient) AttachedInline(ctx context.Context) error {
	req, _ := http.NewRequest(http.MethodGet, p.base, nil)
	_, err := http.DefaultClient.Do(req.WithContext(ctx))
	return err
}

// Already carrying the context.
func (p *PricingClient) Good(ctx context.Context, sku string) error {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, p.base+"/quote/"+sku, nil)
	if err != nil {
		return err
	}
	resp, err := p.hc.Do(req)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

// Off the request path: start-up and helpers without an inbound context.
func NewPricingClient(base string) (*PricingClient, error) {
	resp, err := http.Get(base + "/healthz")
	if err != nil {
		return nil, err
	}
	resp.Body.Close()
	return &PricingClient{base: base, hc: http.DefaultClient}, nil
}

func warm(base string) {
	req, _ := http.NewRequest("GET", base, nil)
	http.DefaultClient.Do(req)
}

// Detached work in a goroutine.
func (p *PricingClient) Notify(ctx context.Context, event string) {
	go func() {
		resp, err := http.Post(p.base+"/events", "text/plain", strings.NewReader(event))
		if err == nil {
			resp.Body.Close()
		}
	}()
	go http.Get(p.base + "/ping")
}

// Calls with no context form at all.
func (p *PricingClient) Plain(ctx context.Context, w http.ResponseWriter) {
	fmt.Fprintf(w, "%s", p.base)
	http.Error(w, "x", 500)
	_, _ = url.Parse(p.base)
	http.Redirect(w, &http.Request{}, p.base, http.StatusFound)
}
