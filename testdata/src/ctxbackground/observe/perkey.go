package observe

import (
	"context"
	"sync"
)

// Shared clients made once per key and kept in a map: a miss builds the
// key's client for every later caller, as a nil field's first use does,
// and a helper that roots its own context is part of that set-up too.

type tlsSettings struct{ store *Store }

// config fetches a certificate on a root of its own.
func (t *tlsSettings) config() *Link {
	_ = t.store.Get(context.Background(), "cert")
	return &Link{}
}

type peerClient struct{ tls *Link }

type Peers struct {
	mu      sync.Mutex
	clients map[string]*peerClient
	tls     *tlsSettings
	store   *Store
	last    *Link
}

func (p *Peers) Client(ctx context.Context, addr string) (*peerClient, error) {
	p.mu.Lock()
	defer p.mu.Unlock()
	c, ok := p.clients[addr]
	if !ok {
		if err := p.store.Get(context.Background(), "resolve"); err != nil {
			return nil, err
		}
		c = &peerClient{tls: p.tls.config()}
		p.clients[addr] = c
	}
	return c, p.store.Get(ctx, "ping")
}

// The same helper under a nil test of the field it sets.
func (p *Peers) First(ctx context.Context) error {
	if p.last == nil {
		p.last = p.tls.config()
	}
	return p.store.Get(ctx, "first")
}

// A miss whose body keeps nothing in the map is no set-up: each caller
// pays for it.
func (p *Peers) Probe(ctx context.Context, addr string) error {
	if _, ok := p.clients[addr]; !ok {
		_ = p.tls.config() // want `config starts a fresh context \(context.Background\(\) at perkey.go:16\), so the caller's deadline and cancellation stop at this call`
		return p.store.Get(context.Background(), "probe") // want `context.Background\(\) starts a fresh context where ctx is in scope`
	}
	return nil
}
