// Package values implements package attr's interfaces. A call through
// attr.Value here is judged by what the implementations this package can
// see agree on; an interface of another module is never judged by this
// module's implementations.
package values

import (
	"context"

	"ctxuse/attr"
	"example.com/corp/audit"
)

type kind string

func (k kind) String() string { return string(k) }

type Str struct{ s string }

func (Str) Type(_ context.Context) attr.Type { return kind("string") } // want Type:"ignores \\[0\\]"

type List struct{ elems []attr.Value }

// Type asks its elements through the interface: a recursive agreement.
func (l List) Type(ctx context.Context) attr.Type { // want Type:"ignores \\[0\\]"
	if len(l.elems) > 0 {
		return kind("list of " + l.elems[0].Type(ctx).String())
	}
	return kind("list")
}

// Describe reaches only attr.Value.Type, whose implementations here all
// ignore their context.
func Describe(ctx context.Context, v attr.Value) string { // want Describe:"ignores \\[0\\]"
	return v.Type(ctx).String()
}

type memory struct{ s string }

func (m memory) Load(_ context.Context) (string, error) { return m.s, nil } // want Load:"ignores \\[0\\]"

type remote struct{ ch chan string }

func (r remote) Load(ctx context.Context) (string, error) { // want Load:"checks \\[0\\]"
	select {
	case s := <-r.ch:
		return s, nil
	case <-ctx.Done():
		return "", ctx.Err()
	}
}

// Fetch reaches attr.Source.Load, whose implementations disagree: it
// observes.
func Fetch(ctx context.Context, s attr.Source) (string, error) {
	return s.Load(ctx)
}

type quiet struct{}

func (quiet) Write(_ context.Context, _ string, _ map[string]string) {} // want Write:"ignores \\[0\\]"

// Emit reaches audit.Sink, an interface of another module: quiet, the one
// implementation here, says nothing of the others, so it observes.
func Emit(ctx context.Context, s audit.Sink) {
	s.Write(ctx, "event", nil)
}

var _ audit.Sink = quiet{}

// Send reaches attr.Conn.Send, whose real implementation is attr's
// unexported conn: it observes, whatever attr's exported mock does.
func Send(ctx context.Context, c attr.Conn) error {
	return c.Send(ctx)
}
