// Package pgserver serves a wire protocol without contexts: main starts
// it, and each query it runs gets a root of its own. No context exists
// above that root, so the store functions it reaches have no caller's
// deadline to lose.
package pgserver

import (
	"context"

	"example.com/program/store"
)

type Server struct{ queries chan string }

// Start is called by main only. The server package calls a Start of the
// same signature through an interface of its own, but one this type cannot
// implement: it has no Leader.
func (s *Server) Start() error {
	go s.accept()
	return nil
}

func (s *Server) accept() {
	for q := range s.queries {
		go func() { s.handle(q) }()
	}
}

func (s *Server) handle(q string) {
	store.Query(context.Background(), q)
	store.Lookup(context.Background(), q)
}

// Serve is a library entry without a context that nothing in the module
// calls: callers out of view may have one, so the root it makes settles
// nothing.
func Serve(q string) {
	store.Lookup(context.Background(), q)
}
