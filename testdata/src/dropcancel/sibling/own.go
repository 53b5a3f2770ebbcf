package sibling

import (
	"context"
	"log/slog"
	"net/http"
	"time"

	"github.com/uptrace/opentelemetry-go-extra/otelzap"
)

// The analysed code's own client, with both forms.
type Inventory struct{ addr string }

type Item struct{ SKU string }

func (c *Inventory) Reserve(sku string, n int) error {
	return c.ReserveContext(context.Background(), sku, n)
}

func (c *Inventory) ReserveContext(ctx context.Context, sku string, n int) error { return ctx.Err() }

func (c *Inventory) Lookup(skus ...string) ([]Item, error) { return nil, nil }

func (c *Inventory) LookupContext(ctx context.Context, skus ...string) ([]Item, error) {
	return nil, ctx.Err()
}

// Release has a context form with an extra timeout: not a sibling.
func (c *Inventory) Release(sku string) error { return nil }

func (c *Inventory) ReleaseContext(ctx context.Context, sku string, timeout time.Duration) error {
	return nil
}

// Package-level pairs.
func Resize(img []byte, w, h int) ([]byte, error) { return img, nil }

func ResizeContext(ctx context.Context, img []byte, w, h int) ([]byte, error) { return img, ctx.Err() }

type Checkout struct{ inv *Inventory }

func (co *Checkout) Place(ctx context.Context, sku string) error {
	if err := co.inv.Reserve(sku, 1); err != nil { // want `co.inv.Reserve cannot be cancelled when the caller gives up; use co.inv.ReserveContext\(ctx, ...\)`
		return err
	}
	items, err := co.inv.Lookup(sku) // want `co.inv.Lookup cannot be cancelled when the caller gives up; use co\.inv\.LookupContext\(ctx, \.\.\.\)`
	_ = items
	return err
}

func Thumb(ctx context.Context, img []byte) ([]byte, error) {
	return Resize(img, 64, 64) // want `Resize cannot be cancelled when the caller gives up; use ResizeContext\(ctx, ...\)`
}

// A context variant that drops its own context is the mistake itself.
func (c *Inventory) ReserveAllContext(ctx context.Context, skus []string) error {
	for _, s := range skus {
		if err := c.Reserve(s, 1); err != nil { // want `c.Reserve cannot be cancelled when the caller gives up; use c.ReserveContext\(ctx, ...\)`
			return err
		}
	}
	return nil
}

// Through an interface that offers both forms.
type Reserver interface {
	Reserve(sku string, n int) error
	ReserveContext(ctx context.Context, sku string, n int) error
}

func Hold(ctx context.Context, r Reserver, sku string) error {
	return r.Reserve(sku, 2) // want `r.Reserve cannot be cancelled when the caller gives up; use r.ReserveContext\(ctx, ...\)`
}

// A generic client.
type Cache[K comparable, V any] struct{ m map[K]V }

func (c *Cache[K, V]) Fetch(k K) (V, error) { return c.m[k], nil }

func (c *Cache[K, V]) FetchContext(ctx context.Context, k K) (V, error) { return c.m[k], ctx.Err() }

func Price(ctx context.Context, c *Cache[string, float64], sku string) (float64, error) {
	return c.Fetch(sku) // want `c.Fetch cannot be cancelled when the caller gives up; use c.FetchContext\(ctx, ...\)`
}

func Load[T any](id string) (T, error) {
	var zero T
	return zero, nil
}

func LoadContext[T any](ctx context.Context, id string) (T, error) {
	var zero T
	return zero, ctx.Err()
}

func Get(ctx context.Context, id string) (Item, error) {
	return Load[Item](id) // want `Load\[Item\] cannot be cancelled when the caller gives up; use LoadContext\(ctx, ...\)`
}

// A closure on the request path.
func (co *Checkout) PlaceAll(ctx context.Context, skus []string) error {
	each := func(s string) error {
		return co.inv.Reserve(s, 1) // want `co.inv.Reserve cannot be cancelled when the caller gives up; use co\.inv\.ReserveContext\(ctx, \.\.\.\)`
	}
	for _, s := range skus {
		if err := each(s); err != nil {
			return err
		}
	}
	return nil
}

// ---- Left alone ----

// The plain form delegating to its own variant: no inbound context, and
// the root is ctxbackground's.
func (c *Inventory) ReserveOne(sku string) error {
	return c.ReserveContext(context.Background(), sku, 1)
}

func (co *Checkout) PlaceGood(ctx context.Context, sku string) error {
	if err := co.inv.ReserveContext(ctx, sku, 1); err != nil {
		return err
	}
	_, err := ResizeContext(ctx, nil, 1, 1)
	return err
}

// A context form with other parameters is not a sibling.
func (co *Checkout) Cancel(ctx context.Context, sku string) error {
	return co.inv.Release(sku)
}

// Logging: the context variants carry values, not cancellation.
type Logger struct{ *slog.Logger }

func (l Logger) Infof(format string, args ...any)                             {}
func (l Logger) InfofContext(ctx context.Context, format string, args ...any) {}

func (co *Checkout) Logged(ctx context.Context, log *slog.Logger, zl *otelzap.Logger, l Logger, sku string) {
	slog.Info("placing order", "sku", sku)
	log.Warn("low stock", "sku", sku)
	log.Error("failed", "sku", sku)
	l.Debug("wrapper", "sku", sku)
	l.Infof("sku %s", sku)
	zl.Info("placing order")
	_ = zl.Sync()
}

// Off the request path and in goroutines.
func Warm(inv *Inventory) { inv.Reserve("warm", 0) }

func (co *Checkout) Later(ctx context.Context, sku string) {
	go co.inv.Reserve(sku, 1)
	go func() { _, _ = co.inv.Lookup(sku) }()
}

// A job runner whose context form builds on the plain one and then wires
// the context in, as exec.CommandContext does with exec.Command: the
// variant's own implementation, left alone.
type Job struct {
	name string
	ctx  context.Context
}

func NewJob(name string) *Job { return &Job{name: name, ctx: context.Background()} }

func NewJobContext(ctx context.Context, name string) *Job {
	j := NewJob(name)
	j.ctx = ctx
	return j
}

// The same shape that never uses its context drops it.
func NewJobWithContext(ctx context.Context, name string) *Job {
	return NewJob(name) // want `NewJob cannot be cancelled when the caller gives up; use NewJobContext\(ctx, ...\)`
}

// A sibling with other results is another operation: HTTPClientContext
// puts the client in a context for a library that looks it up there, it
// is not a cancellable HTTPClient. Left alone.
type Provider struct{ client *http.Client }

func (p *Provider) HTTPClient() *http.Client { return p.client }

func (p *Provider) HTTPClientContext(ctx context.Context) context.Context {
	return context.WithValue(ctx, providerKey{}, p.client)
}

type providerKey struct{}

func (p *Provider) Exchange(ctx context.Context, url string) (*http.Response, error) {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, url, nil)
	if err != nil {
		return nil, err
	}
	return p.HTTPClient().Do(req)
}

// A context form that may now fail is the same operation: Acquire() and
// AcquireContext(ctx) error.
type Slots struct{ ch chan struct{} }

func (s *Slots) Acquire() { s.ch <- struct{}{} }

func (s *Slots) AcquireContext(ctx context.Context) error {
	select {
	case s.ch <- struct{}{}:
		return nil
	case <-ctx.Done():
		return ctx.Err()
	}
}

func (s *Slots) Run(ctx context.Context, f func()) {
	s.Acquire() // want `s.Acquire cannot be cancelled when the caller gives up; use s.AcquireContext\(ctx\)`
	defer func() { <-s.ch }()
	f()
}
