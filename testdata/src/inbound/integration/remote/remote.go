// Package remote is integration-test support by its import path (an
// integration directory): its clients' code is test code.
package remote

import "context"

func probe() {}

type Runtime struct{}

func (r *Runtime) RunPod(ctx context.Context) {
	probe() // want `inbound ctx test`
}
