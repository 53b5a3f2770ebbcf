package stdlib

import (
	"context"
	"net/http"
	"net/http/httputil"
)

// A token that writes itself into a request's header.
type token struct{ kind, value string }

func (t *token) SetAuthHeader(r *http.Request) { r.Header.Set("Authorization", t.kind+" "+t.value) }

// sign fills in a query signature, through the token.
func sign(r *http.Request, t *token) {
	t.SetAuthHeader(r)
	r.URL.RawQuery = "sig=" + r.Header.Get("Authorization")
}

// A request built only to format a header is never sent.
func AuthHeader(ctx context.Context, t *token) (string, error) {
	req, err := http.NewRequest("GET", "http://localhost", nil)
	if err != nil {
		return "", err
	}
	t.SetAuthHeader(req)
	return req.Header.Get("Authorization"), nil
}

// A presigned URL: the request is signed and read back, never sent.
func SignedURL(ctx context.Context, t *token, base string) (string, error) {
	req, err := http.NewRequest("PUT", base, nil)
	if err != nil {
		return "", err
	}
	sign(req, t)
	return req.URL.String(), nil
}

// Signed the same way and then sent: the caller's cancellation is lost.
func (p *PricingClient) SignedSend(ctx context.Context, t *token) (*http.Response, error) {
	req, err := http.NewRequest("PUT", p.base, nil) // want `http.NewRequest builds a request that cannot be cancelled when the caller gives up; use http.NewRequestWithContext\(ctx, ...\)`
	if err != nil {
		return nil, err
	}
	sign(req, t)
	return p.hc.Do(req)
}

// A request built only to ask which proxy applies and to dump it for a
// debug log is never sent: each of them reads it in memory.
func ProxyFor(ctx context.Context, target string) (string, error) {
	req, err := http.NewRequest("GET", target, nil)
	if err != nil {
		return "", err
	}
	proxy, err := http.ProxyFromEnvironment(req)
	if err != nil || proxy == nil {
		return "", err
	}
	out, err := httputil.DumpRequestOut(req, false)
	if err != nil {
		return "", err
	}
	in, err := httputil.DumpRequest(req, false)
	return proxy.String() + string(out) + string(in), err
}
