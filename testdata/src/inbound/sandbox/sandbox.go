// Package sandbox provides a fake query service implementation for tests:
// its doc comment, not its import path, says it is test support.
package sandbox

import "context"

func probe() {}

func (f *Service) Query(ctx context.Context) {
	probe() // want `inbound ctx test`
}

type Service struct{}
