// Package dbtest is test support by its import path: a fake's code is
// test code.
package dbtest

import "context"

func probe() {}

func (f *Fake) Query(ctx context.Context) {
	probe() // want `inbound ctx test`
}

type Fake struct{}
