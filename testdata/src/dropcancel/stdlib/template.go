package stdlib

import (
	"context"
	"net"
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

// A sender chosen by configuration is handed the context with the
// request, as the one it defaults to is.
type notifier struct {
	client *http.Client
	do     func(ctx context.Context, c *http.Client, req *http.Request) (*http.Response, error)
}

func (n *notifier) Notify(ctx context.Context, url string) error {
	req, err := http.NewRequest(http.MethodPost, url, nil)
	if err != nil {
		return err
	}
	_, err = n.do(ctx, n.client, req)
	return err
}

// A local socket does not wait on the network.
func agent(ctx context.Context, path string) (net.Conn, error) {
	return net.Dial("unix", path)
}

func remote(ctx context.Context, addr string) (net.Conn, error) {
	return net.Dial("tcp", addr) // want `net.Dial cannot be cancelled when the caller gives up; use \(&net\.Dialer\{\}\)\.DialContext\(ctx, \.\.\.\)`
}

// The same call in both branches of an if is one mistake; two different
// dials need their own fixes.
func dialBoth(ctx context.Context, addr string, tls bool) (net.Conn, error) {
	if tls {
		return net.Dial("tcp", addr) // want `net.Dial cannot be cancelled when the caller gives up; use \(&net\.Dialer\{\}\)\.DialContext\(ctx, \.\.\.\)`
	} else {
		return net.Dial("tcp", addr)
	}
}

// The code after an if whose branch always leaves is its else.
func dialEarly(ctx context.Context, addr string, tls bool) (net.Conn, error) {
	if tls {
		c, err := net.Dial("tcp", addr) // want `net.Dial cannot be cancelled when the caller gives up; use \(&net\.Dialer\{\}\)\.DialContext\(ctx, \.\.\.\)`
		return c, err
	}
	return net.Dial("tcp", addr)
}

func dialTwo(ctx context.Context, a, b string) {
	net.Dial("tcp", a) // want `net.Dial cannot be cancelled when the caller gives up; use \(&net\.Dialer\{\}\)\.DialContext\(ctx, \.\.\.\)`
	net.Dial("tcp", b) // want `net.Dial cannot be cancelled when the caller gives up; use \(&net\.Dialer\{\}\)\.DialContext\(ctx, \.\.\.\)`
}

// An else-if chain is one if: the same dial in its branches, one in the
// else-if's own condition, is one mistake.
func dialChain(ctx context.Context, addr string, tls, plain bool) (c net.Conn, err error) {
	if tls {
		if c, err = net.Dial("tcp", addr); err != nil { // want `net.Dial cannot be cancelled when the caller gives up; use \(&net\.Dialer\{\}\)\.DialContext\(ctx, \.\.\.\)`
			return nil, err
		}
	} else if c, err = net.Dial("tcp", addr); err != nil {
		return nil, err
	} else if plain {
		for range 2 {
			c, err = net.Dial("tcp", addr)
		}
	}
	return c, err
}

// The same function in each case of a switch, with other arguments, is
// one mistake: one dial is made, and one fix covers every case.
func dialSwitch(ctx context.Context, addr string, mode int) (c net.Conn, err error) {
	switch mode {
	case 0:
		c, err = net.Dial("tcp", addr) // want `net.Dial cannot be cancelled when the caller gives up; use \(&net\.Dialer\{\}\)\.DialContext\(ctx, \.\.\.\)`
	case 1:
		c, err = net.Dial("tcp4", addr)
	default:
		c, err = net.Dial("tcp6", addr)
	}
	return c, err
}

// The same dial in the condition of two ifs in sequence is two mistakes.
func dialSequence(ctx context.Context, addr string) (c net.Conn, err error) {
	if c, err = net.Dial("tcp", addr); err != nil { // want `net.Dial cannot be cancelled when the caller gives up; use \(&net\.Dialer\{\}\)\.DialContext\(ctx, \.\.\.\)`
		return nil, err
	}
	if c, err = net.Dial("tcp", addr); err != nil { // want `net.Dial cannot be cancelled when the caller gives up; use \(&net\.Dialer\{\}\)\.DialContext\(ctx, \.\.\.\)`
		return nil, err
	}
	return c, err
}
