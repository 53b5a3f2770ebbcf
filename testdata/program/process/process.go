// Package process holds the process's lifetime: a root made once, handed
// out to the components that run for as long as the process does.
package process

import "context"

type scopeKey struct{}

type Process struct {
	ctx    context.Context
	cancel context.CancelFunc
}

func New() *Process {
	ctx, cancel := context.WithCancel(context.Background())
	return &Process{ctx: ctx, cancel: cancel}
}

// Context hands out the process's lifetime, with a value added.
func (p *Process) Context() context.Context {
	return context.WithValue(p.ctx, scopeKey{}, "process")
}

func (p *Process) Shutdown() { p.cancel() }
