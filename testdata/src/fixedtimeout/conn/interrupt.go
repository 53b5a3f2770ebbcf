package conn

import (
	"context"
	"net"
	"net/http"
	"time"
)

// A connection that is interrupted once the caller's context is done: the
// fixed deadline only bounds a stall, the caller's deadline still ends the
// read.
type wire struct {
	nc      net.Conn
	watcher *watcher
}

type watcher struct{ stop chan struct{} }

func (w *watcher) Watch(ctx context.Context, abort func()) {
	select {
	case <-ctx.Done():
		abort()
	case <-w.stop:
	}
}

func (w *wire) ReadAfterFunc(ctx context.Context, b []byte) (int, error) {
	stop := context.AfterFunc(ctx, func() { w.nc.SetReadDeadline(time.Unix(1, 0)) })
	defer stop()
	w.nc.SetReadDeadline(time.Now().Add(5 * time.Second))
	return w.nc.Read(b)
}

func (w *wire) ReadWatched(ctx context.Context, b []byte) (int, error) {
	go w.watcher.Watch(ctx, func() { w.nc.Close() })
	w.nc.SetReadDeadline(time.Now().Add(5 * time.Second))
	return w.nc.Read(b)
}

// A goroutine given the context but not the connection interrupts nothing.
func (w *wire) ReadAudited(ctx context.Context, b []byte, audit func(context.Context)) (int, error) {
	go audit(ctx)
	w.nc.SetReadDeadline(time.Now().Add(5 * time.Second)) // want `5s read deadline on w.nc ignores the caller's deadline; use ctx.Deadline\(\) when it is sooner`
	return w.nc.Read(b)
}

// A request's context taken into a local and watched inline interrupts the
// connection as well: the pauses between sends end with the caller.
func (w *wire) SendWatched(req *http.Request, b []byte, sends int) error {
	ctx := req.Context()
	done := make(chan struct{})
	defer close(done)
	go func() {
		select {
		case <-ctx.Done():
			w.nc.SetDeadline(time.Unix(1, 0))
		case <-done:
		}
	}()
	for i := 0; i < sends; i++ {
		if _, err := w.nc.Write(b); err != nil {
			return err
		}
		time.Sleep(50 * time.Millisecond)
	}
	return nil
}

func (w *wire) SendUnwatched(req *http.Request, b []byte, sends int) error {
	for i := 0; i < sends; i++ {
		if _, err := w.nc.Write(b); err != nil {
			return err
		}
		time.Sleep(50 * time.Millisecond) // want `50ms sleep in a loop that never checks req.Context\(\)`
	}
	return nil
}

// A helper that starts the watcher itself, given the context and the
// connection, interrupts the connection as well.
func closeOnDone(ctx context.Context, c net.Conn) (stop func()) {
	done := ctx.Done()
	if done == nil {
		return func() {}
	}
	stopped := make(chan struct{})
	go func() {
		select {
		case <-done:
			c.Close()
		case <-stopped:
		}
	}()
	return func() { close(stopped) }
}

func (w *wire) ReadHelped(ctx context.Context, b []byte) (int, error) {
	w.nc.SetReadDeadline(time.Now().Add(250 * time.Millisecond))
	defer closeOnDone(ctx, w.nc)()
	return w.nc.Read(b)
}

// A helper given the connection that only logs about it does not.
func note(ctx context.Context, c net.Conn) { _ = c.LocalAddr() }

func (w *wire) ReadNoted(ctx context.Context, b []byte) (int, error) {
	w.nc.SetReadDeadline(time.Now().Add(250 * time.Millisecond)) // want `250ms read deadline on w.nc ignores the caller's deadline; use ctx.Deadline\(\) when it is sooner`
	note(ctx, w.nc)
	return w.nc.Read(b)
}
