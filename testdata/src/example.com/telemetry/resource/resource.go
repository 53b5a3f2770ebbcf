// Package resource describes the process a telemetry exporter runs in. Its
// context forms show the two kinds of result a caller can get back: one
// that cannot say the context ended, and one that can.
package resource

import "context"

type Resource struct{ attrs map[string]string }

// Default is detected once, from the environment; the context only carries
// values to the detectors.
func Default() *Resource { return DefaultWithContext(context.Background()) }

func DefaultWithContext(ctx context.Context) *Resource { return &Resource{} }

// Discover asks a metadata server, and fails when the context ends.
func Discover() (*Resource, error) { return DiscoverWithContext(context.Background()) }

func DiscoverWithContext(ctx context.Context) (*Resource, error) { return &Resource{}, ctx.Err() }

// Watcher keeps the context it is given as its own lifetime.
type Watcher struct{ ctx context.Context }

func NewWatcherWithContext(ctx context.Context) *Watcher { return &Watcher{ctx: ctx} }

// Attribute reads a detected attribute. Its context form keeps the
// context parameter blank: the context is there for symmetry only.
func Attribute(key string) (string, error) { return AttributeContext(context.Background(), key) }

func AttributeContext(_ context.Context, key string) (string, error) { return "", nil }
