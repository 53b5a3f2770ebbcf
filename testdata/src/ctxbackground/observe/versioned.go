package observe

import "context"

// A context read only for a version the caller names: a caller that
// passes version 0 reads the local copy, and its root loses nothing.

type Schema struct {
	remote *Store
	local  map[string]string
}

func (s *Schema) ClassWithVersion(ctx context.Context, name string, version uint64) (string, error) {
	if version > 0 {
		return "", s.remote.Get(ctx, name)
	}
	return s.local[name], nil
}

// Class reads the local copy.
func (s *Schema) Class(name string) string {
	c, _ := s.ClassWithVersion(context.TODO(), name, 0)
	return c
}

// Pinned waits for version 1 on a fresh root.
func (s *Schema) Pinned(name string) string { // want Pinned:"roots context.TODO\\(\\) at versioned.go:28"
	c, _ := s.ClassWithVersion(context.TODO(), name, 1)
	return c
}

// The same guard on a name the caller may leave empty, written the other
// way round.
func (s *Schema) ClassNamed(ctx context.Context, remote string) string {
	if "" != remote {
		_ = s.remote.Get(ctx, remote)
	}
	return s.local[remote]
}

func (s *Schema) Local() string { return s.ClassNamed(context.Background(), "") }

// A guard the function overwrites before the test is no guard.
func (s *Schema) ClassAfter(ctx context.Context, version int) error {
	version++
	if version > 0 {
		return s.remote.Get(ctx, "x")
	}
	return nil
}

func (s *Schema) After() error { return s.ClassAfter(context.Background(), 0) } // want After:"roots context.Background\\(\\) at versioned.go:52"

func Describe(ctx context.Context, s *Schema) string {
	_ = s.After()     // want `After starts a fresh context`
	_ = s.Local()     // nothing observes its root
	_ = s.Pinned("a") // want `Pinned starts a fresh context \(context.TODO\(\) at versioned.go:28\)`
	return s.Class("b")
}
