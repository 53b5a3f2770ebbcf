// Package tester runs workflows for tests: test support by its import
// path, like testutil or dbtest.
package tester

import "context"

func probe() {}

func (w *Tester) Execute(ctx context.Context) {
	probe() // want `inbound ctx test`
}

type Tester struct{}
