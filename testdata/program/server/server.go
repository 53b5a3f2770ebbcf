// Package server serves the store.
package server

import (
	"context"
	"net/http"

	"example.com/program/internal/jobs"
	"example.com/program/store"
	"example.com/program/worker"
)

// loader is the server's own view of the store, filled by main.
type loader interface {
	Load(ctx context.Context, key string) error
}

// node is a consensus member the server restarts: not the wire server,
// whose Start has the same signature but which has no Leader.
type node interface {
	Start() error
	Leader() string
}

type Server struct {
	Store  loader
	Pruner pruner
	Node   node
}

func (s *Server) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	store.Get(r.Context(), r.URL.Path)
	s.Store.Load(r.Context(), r.URL.Path)
	jobs.Rebuild(context.Background()) // the one finding of the rebuild
	jobs.Compact(r.Context())
	s.Pruner.Prune(r.Context(), r.URL.Path)
	worker.NewExport(r.Context()).Write()
	if s.Node.Leader() == "" {
		s.Node.Start()
	}
}

// pruner's Prune has another signature than the store's: a request that
// prunes through it never reaches (*store.Store).Prune.
type pruner interface {
	Prune(ctx context.Context, key string) error
}
