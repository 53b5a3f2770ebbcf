package stdlib

import (
	"context"
	"net/http"
)

// A request built once and kept as a template is given the context of
// each scrape when it is sent.
type scraper struct {
	req    *http.Request
	client *http.Client
}

func (s *scraper) Scrape(ctx context.Context, url string) (*http.Response, error) {
	if s.req == nil {
		req, err := http.NewRequest(http.MethodGet, url, nil)
		if err != nil {
			return nil, err
		}
		s.req = req
	}
	return s.client.Do(s.req.WithContext(ctx))
}

// send attaches the context before it sends: a request handed to it keeps
// the signal.
func send(ctx context.Context, c *http.Client, req *http.Request) (*http.Response, error) {
	return c.Do(req.WithContext(ctx))
}

func (s *scraper) Fetch(ctx context.Context, url string) (*http.Response, error) {
	req, err := http.NewRequest(http.MethodGet, url, nil)
	if err != nil {
		return nil, err
	}
	return send(ctx, s.client, req)
}
