// Package untypedcallee is a fuzz crasher kept as a test: a package whose
// types live in a file that is missing. A function without a context
// calls a method of an undeclared type, so the call's function has no
// type at all; ctxbackground's search for helpers that root a context
// dereferenced it.
package untypedcallee

import "context"

func (s *OrderService) refresh(sku string) error {
	return s.inv.Reserve(context.Background(), sku, 1)
}

func Handle(ctx context.Context, s *OrderService) error {
	return s.refresh("sku")
}
