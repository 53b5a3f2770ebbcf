package a

import "context"

type stats struct{ r replicas }

type serverStats struct{ r replicas }

func (s *stats) forServer(name string) *serverStats {
	_ = s.r.Push(context.Background(), len(name))
	return &serverStats{r: s.r}
}

func (s *serverStats) failure() {
	_ = s.r.Push(context.Background(), 0)
}

// A rooting helper called on another's result starts where that one does:
// one finding at that position, not two.
func Lookup(ctx context.Context, s *stats) {
	s.forServer("a").failure() // want `^forServer starts a fresh context`
}

// Apart, they are two findings.
func LookupApart(ctx context.Context, s *stats) {
	st := s.forServer("b") // want `^forServer starts a fresh context`
	st.failure()           // want `^failure starts a fresh context`
}
