package observe

import (
	"context"
	"sync"
)

// A shell built on first use and kept for every later request: the
// root its set-up makes is the shell's own, however the request that
// happens to build it reaches the helper.
type Shell struct{ store *Store }

func (s *Shell) Close() error { return nil }

func openShell(s *Store) (*Shell, error) {
	if err := s.Get(context.Background(), "handshake"); err != nil {
		return nil, err
	}
	return &Shell{store: s}, nil
}

type Tool struct {
	mu    sync.Mutex
	sess  *Shell
	quota *Quota
	store *Store
}

// session memoises what openShell builds, so it roots nothing for its
// callers.
func (t *Tool) shell() (*Shell, error) {
	t.mu.Lock()
	defer t.mu.Unlock()
	if t.sess != nil {
		return t.sess, nil
	}
	s, err := openShell(t.store)
	if err != nil {
		return nil, err
	}
	t.sess = s
	return s, nil
}

func (t *Tool) Run(ctx context.Context) error {
	sess, err := t.shell()
	if err != nil {
		return err
	}
	return sess.store.Get(ctx, "run")
}

// A shell opened for this request alone loses its deadline.
func (t *Tool) Once(ctx context.Context) error {
	sess, err := openShell(t.store) // want `openShell starts a fresh context \(context.Background\(\) at memoised.go:16\), so the caller's deadline and cancellation stop at this call; give it a context.Context parameter and pass ctx`
	if err != nil {
		return err
	}
	return sess.store.Get(ctx, "once")
}

// Kept in a field straight from the request path, it is the tool's.
func (t *Tool) Reset(ctx context.Context) error {
	var err error
	t.sess, err = openShell(t.store)
	return err
}

// A lookup result cached in a field is still fetched for the request that
// misses the cache.
type Quota struct{ Limit int }

func loadQuota(s *Store) (*Quota, error) {
	return &Quota{}, s.Get(context.Background(), "quota")
}

func (t *Tool) Limit(ctx context.Context) (int, error) {
	q, err := loadQuota(t.store) // want `loadQuota starts a fresh context \(context.Background\(\) at memoised.go:\d+\), so the caller's deadline and cancellation stop at this call; give it a context.Context parameter and pass ctx`
	if err != nil {
		return 0, err
	}
	t.quota = q
	return q.Limit, nil
}
