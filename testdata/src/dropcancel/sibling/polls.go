package sibling

import (
	"context"

	"example.com/primary"
)

// A context form that polls the plain one until it answers asks a
// different question: the plain call is the one-shot answer, not the same
// request without a context.
func Route(ctx context.Context, s *primary.Store) string {
	if info := s.Primary(); info != nil {
		return info.Addr
	}
	info, _ := s.Fetch() // want `s.Fetch cannot be cancelled when the caller gives up; use s.FetchContext\(ctx\)`
	return info.Addr
}
