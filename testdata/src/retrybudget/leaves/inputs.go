package leaves

import (
	"context"
	"errors"
	"io"
	"iter"
	"net/http"
	"strings"

	"google.golang.org/grpc"
)

// Not retries: loops that work through their input, where the call that
// fails works on this round's input and the next round takes new input.

type Chunk struct {
	Digest string
	Data   []byte
}

type Blobs interface {
	Stat(ctx context.Context, digest string) (int64, error)
	Append(data []byte) error
}

// A stream's message loop: each round handles the message received at the
// end of the last one, and the stream's end (io.EOF) leaves it. The lookup
// whose success ends the upload early is made for each message's digest.
func Upload(stream grpc.ServerStream, b Blobs, first Chunk) error {
	msg := first
	for {
		if _, err := b.Stat(stream.Context(), msg.Digest); err == nil {
			return nil // already there
		}
		if err := b.Append(msg.Data); err != nil {
			return err
		}
		if err := stream.SendMsg(len(msg.Data)); err != nil {
			return err
		}
		if err := stream.RecvMsg(&msg); err != nil {
			if err == io.EOF {
				return nil
			}
			return err
		}
	}
}

type Conn struct{ id int }

type Pool struct{ idle []*Conn }

func (p *Pool) popIdle() (*Conn, error) {
	if len(p.idle) == 0 {
		return nil, nil
	}
	cn := p.idle[len(p.idle)-1]
	p.idle = p.idle[:len(p.idle)-1]
	return cn, nil
}

func (p *Pool) vet(cn *Conn) error { return nil }

// A scan of the pool's idle connections for one that passes a check: each
// round pops another, and an empty pool (nil) ends it. Nothing here takes
// the context; nothing is retried either.
func (p *Pool) Get(ctx context.Context) (*Conn, error) {
	for attempts := 0; attempts < 10; attempts++ {
		cn, err := p.popIdle()
		if err != nil {
			return nil, err
		}
		if cn == nil {
			break
		}
		if err := p.vet(cn); err != nil {
			continue
		}
		return cn, nil
	}
	return &Conn{}, nil
}

type Client struct{ http *http.Client }

func (c *Client) build(ctx context.Context, url string) (*http.Request, error) {
	return http.NewRequestWithContext(ctx, http.MethodGet, url, nil)
}

// A request built afresh for each attempt is the same request retried:
// its build failing is an error, not the end of any input.
func (c *Client) Fetch(ctx context.Context, url string) (*http.Response, error) {
	for { // want `retry loop has no attempt limit and never checks ctx, so it can retry forever after the caller's deadline; check ctx\.Err\(\) before each attempt$`
		req, err := c.build(ctx, url)
		if err != nil {
			return nil, err
		}
		if req == nil {
			return nil, errors.New("no request")
		}
		resp, err := c.http.Do(req)
		if err != nil {
			continue
		}
		return resp, nil
	}
}

type Encoder struct{}

func newFastEncoder(w io.Writer) (*Encoder, error) { return &Encoder{}, nil }
func newEncoder(w io.Writer) (*Encoder, error)     { return &Encoder{}, nil }

// The first encoding the client accepts whose encoder can be built: each
// round tries another alternative, chosen by the switch on the token.
func Negotiate(w http.ResponseWriter, r *http.Request) *Encoder {
	for token := range strings.SplitSeq(r.Header.Get("Accept-Encoding"), ",") {
		switch strings.TrimSpace(token) {
		case "fast":
			if enc, err := newFastEncoder(w); err == nil {
				return enc
			}
		case "plain":
			if enc, err := newEncoder(w); err == nil {
				return enc
			}
		}
	}
	return nil
}

// A check on the token before the call, not around it, leaves the call to
// run every round: the same call repeated, not an alternative.
func NegotiateAny(w http.ResponseWriter, r *http.Request, tokens iter.Seq[string]) *Encoder {
	for token := range tokens { // want `retry loop has no attempt limit and never checks r\.Context\(\), so it can retry forever after the caller's deadline; check r\.Context\(\)\.Err\(\) before each attempt$`
		if token == "" {
			continue
		}
		if enc, err := newFastEncoder(w); err == nil {
			return enc
		}
	}
	return nil
}
