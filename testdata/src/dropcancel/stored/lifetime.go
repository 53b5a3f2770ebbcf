package stored

import (
	"context"
	"os/exec"
	"sync"
	"time"
)

// A transport built with the caller's connect context and the client's own
// lifetime: the stored context is the lifetime of what it builds.
type transport struct{}

func newTransport(connectCtx, lifetime context.Context) *transport {
	<-connectCtx.Done()
	<-lifetime.Done()
	return &transport{}
}

type clientConn struct{ ctx context.Context }

func (cc *clientConn) connect(ctx context.Context) *transport {
	connectCtx, cancel := context.WithTimeout(ctx, time.Second)
	defer cancel()
	return newTransport(connectCtx, cc.ctx)
}

// A context handed back by something given the caller's: still the caller's.
type rpcInfo struct{ Context context.Context }

type rpcConfig struct{ Context context.Context }

func selectConfig(info rpcInfo) *rpcConfig { return &rpcConfig{Context: info.Context} }

func wait(ctx context.Context) { <-ctx.Done() }

func (cc *clientConn) newStream(ctx context.Context) {
	cfg := selectConfig(rpcInfo{Context: ctx})
	ctx = cfg.Context
	wait(ctx)
}

// A stored context handed to a value reader loses nothing.
func record(ctx context.Context, n int) {}

func (cc *clientConn) stats(ctx context.Context) {
	record(cc.ctx, 1)
	wait(cc.ctx) // want `passing the stored context cc.ctx ignores the cancellation of ctx; pass ctx`
}

func (cc *clientConn) newStream2(ctx context.Context) {
	info := rpcInfo{Context: ctx}
	cfg := selectConfig(info)
	if cfg.Context != nil {
		ctx = cfg.Context
	}
	wait(ctx)
}

// A lease derived from the client's lifetime and handed back with its own
// cancel function: it is the lease's lifetime, which must outlive acquire.
type lease struct {
	ctx    context.Context
	cancel context.CancelFunc
}

func (cc *clientConn) acquire(ctx context.Context) *lease {
	wait(ctx)
	lctx, cancel := context.WithCancel(cc.ctx)
	return &lease{ctx: lctx, cancel: cancel}
}

// The same derivation used for the call's own work is the caller's lost
// cancellation.
func (cc *clientConn) renew(ctx context.Context) {
	lctx, cancel := context.WithCancel(cc.ctx) // want `deriving from the stored context cc.ctx ignores the cancellation of ctx; derive from ctx`
	defer cancel()
	wait(lctx)
}

// A result kept in a field is not the stored context's new home: the work
// that computes it still runs on the stored context.
type hookSet struct{ names []string }

type resource struct{ hooks *hookSet }

func marshalHooks(ctx context.Context) *hookSet {
	<-ctx.Done()
	return &hookSet{}
}

func (cc *clientConn) prepare(ctx context.Context) *resource {
	wait(ctx)
	res := &resource{}
	res.hooks = marshalHooks(cc.ctx) // want `passing the stored context cc.ctx ignores the cancellation of ctx; pass ctx`
	return res
}

// A request-scoped wrapper that embeds a context is a context; a handler
// built around one for each request passes that context on.
type appContext struct {
	context.Context
	user string
}

type catalogHandler struct {
	*appContext
}

func (h *catalogHandler) list(ctx context.Context) {
	wait(h.appContext)
}

// A context field that is not embedded is kept state, receiver or not.
type keeper struct {
	app *appContext
}

func (k *keeper) list(ctx context.Context) {
	wait(k.app) // want `passing the stored context k.app ignores the cancellation of ctx; pass ctx`
}

// A process started to outlive the call (its output read by goroutines,
// waited for elsewhere) runs on the reader's own lifetime; one run to
// completion here is the call's work.
type subprocess struct {
	ctx context.Context
	out chan []byte
}

func (s *subprocess) connect(ctx context.Context) error {
	wait(ctx)
	cmd := exec.CommandContext(s.ctx, "tail", "-f", "log")
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		return err
	}
	if err := cmd.Start(); err != nil {
		return err
	}
	go func() {
		buf := make([]byte, 512)
		n, _ := stdout.Read(buf)
		s.out <- buf[:n]
		_ = cmd.Wait()
	}()
	return nil
}

func (s *subprocess) once(ctx context.Context) error {
	return exec.CommandContext(s.ctx, "true").Run() // want `passing the stored context s.ctx ignores the cancellation of ctx; pass ctx`
}

// A constructor that dials with the caller's context and returns a
// handler built by another constructor on the client's engine lifetime:
// the handler outlives the call, so the stored context is its lifetime.
type handler struct{ ctx context.Context }

func newHandler(lifetime context.Context) *handler {
	<-lifetime.Done()
	return &handler{ctx: lifetime}
}

type subscriptions struct {
	engineCtx context.Context
	byKey     map[string]*handler
}

func (s *subscriptions) newConnHandler(reqCtx context.Context) *handler {
	wait(reqCtx)
	return newHandler(s.engineCtx)
}

// Kept in a field: the same.
func (s *subscriptions) add(reqCtx context.Context, key string) {
	wait(reqCtx)
	s.byKey[key] = newHandler(s.engineCtx)
}

// A constructor's result used at once, or returned by a function that is
// not a constructor, is the call's work.
func (s *subscriptions) handle(reqCtx context.Context) *handler {
	wait(reqCtx)
	return newHandler(s.engineCtx) // want `passing the stored context s.engineCtx ignores the cancellation of reqCtx; pass reqCtx`
}

// An engine whose Open keeps the context it is given, as the lifetime of
// the retry loop it starts (its cancel in a field): the stored context is
// that lifetime, on purpose. A call that only uses the context is still
// reported.
type engine struct{ cancelRetry context.CancelFunc }

func (e *engine) Open(ctx context.Context) {
	rctx, cancel := context.WithCancel(ctx)
	e.cancelRetry = cancel
	go e.retry(rctx)
}

func (e *engine) retry(ctx context.Context) { <-ctx.Done() }

func (e *engine) Poke(ctx context.Context) error { return ctx.Err() }

type tabletState struct {
	batchCtx context.Context
	eng      *engine
}

func (ts *tabletState) Change(ctx context.Context) error {
	ts.eng.Open(ts.batchCtx)
	return ts.eng.Poke(ts.batchCtx) // want `passing the stored context ts.batchCtx ignores the cancellation of ctx; pass ctx`
}

// A shared dial started on the client's lifetime and left running while the
// caller waits on its own context: the dial is the client's work, and a
// caller that gives up must not tear it down for the next one.
type dialer struct{ ctx context.Context }

func (d *dialer) finish(ctx context.Context, done chan struct{}) {
	wait(ctx)
	close(done)
}

func (d *dialer) offer(ctx context.Context) error {
	dialCtx := d.ctx
	dialCtx, cancel := context.WithCancel(dialCtx)
	defer cancel()
	done := make(chan struct{})
	go d.finish(dialCtx, done)
	select {
	case <-done:
		return nil
	case <-ctx.Done():
		return ctx.Err()
	}
}

// Work the function waits for is its own, and so is work on a child of the
// copied context.
func (d *dialer) offerWaited(ctx context.Context) {
	wait(ctx)
	dialCtx := d.ctx // want `passing the stored context d.ctx ignores the cancellation of ctx; pass ctx`
	var wg sync.WaitGroup
	wg.Add(1)
	go func() {
		defer wg.Done()
		wait(dialCtx)
	}()
	wg.Wait()
}

func (d *dialer) offerChild(ctx context.Context) {
	wait(ctx)
	dialCtx := d.ctx // want `passing the stored context d.ctx ignores the cancellation of ctx; pass ctx`
	child, cancel := context.WithTimeout(dialCtx, time.Second)
	defer cancel()
	wait(child)
}

// Asking why the component's lifetime ended is a read of its state, not
// work run on it instead of the caller's context.
type streams struct{ ctx context.Context }

func (s *streams) Accept(ctx context.Context) error {
	if err := context.Cause(s.ctx); err != nil {
		return err
	}
	wait(ctx)
	return nil
}
