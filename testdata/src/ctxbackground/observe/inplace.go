package observe

import "context"

type filer struct{ hooks []func(*link) error }

func (l *link) list(ctx context.Context, dir string) error { return ctx.Err() }

// withLink runs fn on a link before it returns.
func (f *filer) withLink(fn func(*link) error) error {
	return fn(&link{})
}

// onLink keeps fn to run for every link dialled later.
func (f *filer) onLink(fn func(*link) error) {
	f.hooks = append(f.hooks, fn)
}

// listDir roots the listing inside the callback withLink runs in place:
// the root is listDir's own.
func (f *filer) listDir(dir string) error {
	return f.withLink(func(l *link) error {
		return l.list(context.Background(), dir)
	})
}

// watchDir's callback runs later, for links dialled by others.
func (f *filer) watchDir(dir string) {
	f.onLink(func(l *link) error {
		return l.list(context.Background(), dir)
	})
}

func (f *filer) Browse(ctx context.Context, dir string) error {
	f.watchDir(dir)
	return f.listDir(dir) // want `listDir starts a fresh context \(context.Background\(\) at inplace.go:23\), so the caller's deadline and cancellation stop at this call; give it a context.Context parameter and pass ctx`
}
