package observe

import (
	"container/list"
	"context"
)

type filer struct {
	hooks []func(*link) error
	queue *list.List // drained by a goroutine of the filer's
}

func (l *link) list(ctx context.Context, dir string) error { return ctx.Err() }

// withLink runs fn on a link before it returns.
func (f *filer) withLink(fn func(*link) error) error {
	return fn(&link{})
}

// onLink keeps fn to run for every link dialled later.
func (f *filer) onLink(fn func(*link) error) {
	f.hooks = append(f.hooks, fn)
}

// enqueue hands fn to the queue: it runs later, in another goroutine.
func (f *filer) enqueue(fn func(*link) error) {
	f.queue.PushBack(fn)
}

// withLinks runs fn on each link through withLink, in place.
func (f *filer) withLinks(n int, fn func(*link) error) error {
	for range n {
		if err := f.withLink(func(l *link) error { return fn(l) }); err != nil {
			return err
		}
	}
	return nil
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

// refreshDir's callback is queued, not run here.
func (f *filer) refreshDir(dir string) {
	f.enqueue(func(l *link) error {
		return l.list(context.Background(), dir)
	})
}

// listAll's callback runs in place through two helpers.
func (f *filer) listAll(dir string) error {
	return f.withLinks(2, func(l *link) error {
		return l.list(context.TODO(), dir)
	})
}

func (f *filer) Browse(ctx context.Context, dir string) error {
	f.watchDir(dir)
	f.refreshDir(dir)
	if err := f.listAll(dir); err != nil { // want `listAll starts a fresh context \(context.TODO\(\) at inplace.go:65\)`
		return err
	}
	return f.listDir(dir) // want `listDir starts a fresh context \(context.Background\(\) at inplace.go:44\), so the caller's deadline and cancellation stop at this call; give it a context.Context parameter and pass ctx`
}
