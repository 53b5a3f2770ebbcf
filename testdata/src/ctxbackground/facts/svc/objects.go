package svc

import (
	"context"

	"ctxbackground/facts/objects"
	"ctxbackground/facts/objects/lsm"
)

// A helper whose root only its interface parameter's method can observe:
// the argument's concrete type decides at each call.
type Shard struct {
	local  *lsm.Local
	remote *lsm.Remote
	any    objects.Bucket
}

func (s *Shard) Read(ctx context.Context, keys []string) error {
	if _, err := objects.ByKeys(s.local, keys); err != nil { // a local read that only annotates a log from ctx: nothing lost
		return err
	}
	if _, err := objects.ByKeys(s.remote, keys); err != nil { // want `ByKeys starts a fresh context \(context.TODO\(\) at objects.go:21, through byKeys\)`
		return err
	}
	if _, err := readVia(s.local, keys); err != nil { // passed on through readVia's own parameter: still local
		return err
	}
	if _, err := readVia(s.remote, keys); err != nil { // the remote ByKeys' root again: one finding
		return err
	}
	if err := objects.Copy(s.local, s.local, "k"); err != nil { // want `Copy starts a fresh context`
		return err
	}
	return objects.Fetch(s.local, "k") // want `Fetch starts a fresh context`
}

// A bucket of unknown kind may observe it.
func (s *Shard) ReadAny(ctx context.Context, keys []string) error {
	_, err := objects.ByKeys(s.any, keys) // want `ByKeys starts a fresh context`
	return err
}

func readVia(b objects.Bucket, keys []string) ([][]byte, error) {
	return objects.ByKeys(b, keys)
}

// Through a helper of the package, named by it.
func (s *Shard) ReadVia(ctx context.Context, keys []string) error {
	_, err := readVia(s.remote, keys) // want `readVia starts a fresh context \(context.TODO\(\) at objects.go:21, through objects.ByKeys\)`
	return err
}
