// Package group runs functions together and cancels the rest when one
// fails, as golang.org/x/sync/errgroup does.
package group

import "context"

type Group struct {
	cancel context.CancelFunc
	errs   chan error
	n      int
}

// WithContext returns a group and a context derived from ctx that the
// group cancels when one of its functions fails.
func WithContext(ctx context.Context) (*Group, context.Context) {
	ctx, cancel := context.WithCancel(ctx)
	return &Group{cancel: cancel, errs: make(chan error, 8)}, ctx
}

func (g *Group) Go(f func() error) {
	g.n++
	go func() { g.errs <- f() }()
}

func (g *Group) Wait() error {
	var first error
	for range g.n {
		if err := <-g.errs; err != nil && first == nil {
			first = err
			g.cancel()
		}
	}
	g.cancel()
	return first
}
