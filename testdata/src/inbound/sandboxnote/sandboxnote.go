// Package sandboxnote runs queries in a sandbox. It is easy to use in
// tests too: a mention after the first sentence is no mark of test support.
package sandboxnote

import "context"

func probe() {}

func (s *Service) Query(ctx context.Context) {
	probe() // want `inbound ctx$`
}

type Service struct{}
