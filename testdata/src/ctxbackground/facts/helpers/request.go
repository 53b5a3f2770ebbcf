package helpers

import (
	"context"
	"net/http"
)

// Request wraps an outgoing HTTP request until it is built with a context.
type Request struct{ *http.Request }

// Copy deep-copies the request: http.Request.Clone demands a context, and
// a placeholder does no work; Build gives the copy its real one.
func (r *Request) Copy() *Request {
	rc := *r
	rc.Request = rc.Request.Clone(context.TODO())
	return &rc
}

// Build gives the request its context.
func (r *Request) Build(ctx context.Context) *http.Request { return r.Request.WithContext(ctx) }

// KeySet refreshes keys in the background for as long as it lives.
type KeySet struct{ ctx context.Context }

func NewKeySet(ctx context.Context, url string) *KeySet { return &KeySet{ctx: ctx} }

// Provider makes its key set on first use and keeps it: the key set
// outlives any one request on purpose.
type Provider struct{ keys *KeySet }

func (p *Provider) Keys() *KeySet {
	if p.keys == nil {
		ctx := context.Background()
		p.keys = NewKeySet(ctx, "https://example.com/keys")
	}
	return p.keys
}

var defaultKeys *KeySet

// DefaultKeys does the same with a package variable.
func DefaultKeys() *KeySet {
	if defaultKeys == nil {
		defaultKeys = NewKeySet(context.Background(), "https://example.com/keys")
	}
	return defaultKeys
}

// FetchKeys builds one and uses it at once: the caller's deadline is lost.
func FetchKeys() int { // want FetchKeys:"roots context.Background\\(\\) at request.go:51"
	ks := NewKeySet(context.Background(), "https://example.com/keys")
	return len(ks.ctx.Value("k").(string))
}

// Conn closes gracefully under a context, or at once under a cancelled one.
type Conn struct{}

func (c *Conn) Close(ctx context.Context) error { return ctx.Err() }

// Die closes at once: a context cancelled before use asks for no grace,
// so the caller's deadline has nothing to add.
func (c *Conn) Die() {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	c.Close(ctx)
}

// Shut closes under a fresh context: a destructor must finish whatever
// its caller's state, as a direct Close(context.Background()) does.
func (c *Conn) Shut() {
	ctx, cancel := context.WithCancel(context.Background())
	c.Close(ctx)
	cancel()
}
