// Package ctxtypelib exports its context type: other packages may build it
// around their own callers' contexts, whatever this package does.
package ctxtypelib

import "context"

func probe() {}

type Call struct {
	context.Context
}

func Default() *Call { return &Call{Context: context.Background()} }

func Handle(c *Call) {
	probe() // want `inbound c$`
}
