// Package errgroup is a stand-in with the shape of golang.org/x/sync's:
// a group of goroutines whose context is cancelled when one fails.
package errgroup

import "context"

type Group struct{ cancel func() }

func WithContext(ctx context.Context) (*Group, context.Context) {
	ctx, cancel := context.WithCancel(ctx)
	return &Group{cancel: cancel}, ctx
}

func (g *Group) Go(f func() error) { go f() }

func (g *Group) Wait() error { return nil }
