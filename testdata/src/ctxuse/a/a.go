// Package a states what ctxuse learns about each function, one shape per
// function, as facts.
package a

import (
	"context"
	"log/slog"
	"net/http"
	"sync"
	"time"

	"github.com/containerd/log"
	"go.opentelemetry.io/otel/trace"
)

type key struct{}

// Observers: every way a context reaches cancellation.

func Done(ctx context.Context) { <-ctx.Done() }

func Err(ctx context.Context) error { return ctx.Err() } // want Err:"checks \\[0\\]"

func Deadline(ctx context.Context) { ctx.Deadline() }

func Forwards(ctx context.Context, c *http.Client, r *http.Request) { // want Forwards:"attaches \\[2\\]"
	c.Do(r.WithContext(ctx))
}

func Derived(ctx context.Context) {
	ctx, cancel := context.WithTimeout(ctx, time.Second)
	defer cancel()
	Done(ctx)
}

func Stored(ctx context.Context) *holder { return &holder{ctx: ctx} }

type holder struct{ ctx context.Context }

func Unknown(ctx context.Context, f func(context.Context)) { f(ctx) } // want Unknown:"hands 0 to argument 0 of 1"

// Value readers and ignorers.

func Ignores(ctx context.Context) {} // want Ignores:"ignores \\[0\\]"

func Blank(_ context.Context, n int) int { return n } // want Blank:"ignores \\[0\\]"

func Values(ctx context.Context) string { // want Values:"ignores \\[0\\]"
	s, _ := ctx.Value(key{}).(string)
	return s
}

func Logs(ctx context.Context) { // want Logs:"ignores \\[0\\]"
	slog.InfoContext(ctx, "hello")
}

type Logger interface{ Printf(ctx context.Context, format string, args ...any) } // want Printf:"ignores \\[0\\]"

func LogsThrough(l Logger, ctx context.Context) { // want LogsThrough:"ignores \\[1\\]"
	l.Printf(ctx, "hello")
}

func ThroughIgnorer(ctx context.Context) { // want ThroughIgnorer:"ignores \\[0\\]"
	Values(ctx)
	Logs(ctx)
}

func Detaches(ctx context.Context) { // want Detaches:"ignores \\[0\\]"
	Done(context.WithoutCancel(ctx))
}

func NilCheck(ctx context.Context) bool { return ctx != nil } // want NilCheck:"ignores \\[0\\]"

func Recursive(ctx context.Context, n int) int { // want Recursive:"ignores \\[0\\]"
	if n == 0 {
		return 0
	}
	return Recursive(ctx, n-1)
}

// Checkers.

func Alive(ctx context.Context) bool { return ctx.Err() == nil } // want Alive:"checks \\[0\\]"

func Sleep(ctx context.Context, d time.Duration) error { // want Sleep:"checks \\[0\\]"
	select {
	case <-ctx.Done():
		return ctx.Err()
	case <-time.After(d):
		return nil
	}
}

func Guard(ctx context.Context) error { // want Guard:"checks \\[0\\]"
	if err := ctx.Err(); err != nil {
		return err
	}
	return nil
}

func ThroughChecker(ctx context.Context) bool { return Alive(ctx) } // want ThroughChecker:"checks \\[0\\]"

// WaitsOnly observes but reports nothing: it is no check.
func WaitsOnly(ctx context.Context) { <-ctx.Done() }

// Launchers.

func SafeGo(f func()) { // want SafeGo:"launches \\[0\\]"
	go func() {
		defer func() { recover() }()
		f()
	}()
}

func GoDirect(f func()) { go f() } // want GoDirect:"launches \\[0\\]"

func ThroughLauncher(name string, f func()) { SafeGo(f) } // want ThroughLauncher:"launches \\[1\\]"

func Waits(fs ...func()) {
	var wg sync.WaitGroup
	for _, f := range fs {
		wg.Add(1)
		go func() { defer wg.Done(); f() }()
	}
	wg.Wait()
}

func Runs(f func()) { f() } // want Runs:"calls \\[0\\]"

// Attachers.

func Send(ctx context.Context, c *http.Client, req *http.Request) (*http.Response, error) { // want Send:"attaches \\[2\\]"
	return c.Do(req.Clone(ctx))
}

func SendVia(ctx context.Context, req *http.Request) { Send(ctx, http.DefaultClient, req) } // want SendVia:"attaches \\[1\\]"

func SendsAsIs(req *http.Request) { http.DefaultClient.Do(req) }

// An interface whose implementations here all ignore the context ignores
// it: a package-level logger reached through an interface.
type Logging interface {
	Printf(ctx context.Context, format string, args ...any) // want Printf:"ignores \\[0\\]"
}

type stdLogger struct{}

func (stdLogger) Printf(ctx context.Context, format string, args ...any) {} // want Printf:"ignores \\[0\\]"

var Log Logging = stdLogger{}

func ThroughLogging(ctx context.Context) { Log.Printf(ctx, "x") } // want ThroughLogging:"ignores \\[0\\]"

// An interface with one implementation that observes says nothing.
type Store interface{ Get(ctx context.Context) }

type store struct{}

func (store) Get(ctx context.Context) { <-ctx.Done() }

// A metrics callback held in a function value reads values only.
var metricCallback func(ctx context.Context, n int)

func getMetricCallback() func(context.Context, int) { return metricCallback }

func Counts(ctx context.Context) { // want Counts:"ignores \\[0\\]"
	if cb := getMetricCallback(); cb != nil {
		cb(ctx, 1)
	}
}

// Any other function value may observe.
func Calls(ctx context.Context, hook func(context.Context)) { hook(ctx) } // want Calls:"hands 0 to argument 0 of 1"

// A wrapper that implements the interface it forwards to: the recursion
// through the interface observes nothing.
type atomicLogging struct{ l Logging }

func (a *atomicLogging) Printf(ctx context.Context, format string, args ...any) { // want Printf:"ignores \\[0\\]"
	a.l.Printf(ctx, format, args...)
}

// A context returned with values added, and nothing else.
func WithUser(ctx context.Context, user string) context.Context { // want WithUser:"^adds values to \\[0\\]"
	return context.WithValue(ctx, key{}, user)
}

func WithBoth(ctx context.Context, user string) context.Context { // want WithBoth:"^adds values to \\[0\\]"
	return WithUser(context.WithValue(ctx, key{}, 1), user)
}

// Set again only to itself with values added, and returned beside an
// error, it still adds values only.
func WithServer(ctx context.Context, url string) (context.Context, error) { // want WithServer:"^adds values to \\[0\\]"
	if url == "" {
		return ctx, http.ErrMissingFile
	}
	ctx = WithUser(ctx, "svc")
	ctx, err := WithServer2(ctx, url)
	return context.WithValue(ctx, key{}, url), err
}

func WithServer2(ctx context.Context, url string) (context.Context, error) { // want WithServer2:"^adds values to \\[0\\]"
	return WithUser(ctx, url), nil
}

// A tracer's Start, of a values-only package, adds a span: a parameter set
// again from it, or a new local set once from it, still adds values only.
func WithSpan(ctx context.Context, t trace.Tracer) (context.Context, func()) { // want WithSpan:"^adds values to \\[0\\]"
	var span trace.Span
	ctx, span = t.Start(ctx, "span")
	return ctx, span.End
}

func WithChildSpan(ctx context.Context, t trace.Tracer) context.Context { // want WithChildSpan:"^adds values to \\[0\\]"
	sctx, span := t.Start(ctx, "child")
	return trace.ContextWithSpan(sctx, span)
}

// A local set again may hold anything by then.
func WithMovedSpan(ctx context.Context, t trace.Tracer) context.Context {
	sctx, _ := t.Start(ctx, "moved")
	sctx, _ = context.WithTimeout(sctx, time.Second)
	return sctx
}

// Set in a closure, when is not known.
func WithLater(ctx context.Context) context.Context {
	set := func() { ctx = context.Background() }
	set()
	return ctx
}

// One that can also return a new deadline adds more than values.
func WithLimit(ctx context.Context, d time.Duration) context.Context {
	if d > 0 {
		ctx, _ = context.WithTimeout(ctx, d)
	}
	return ctx
}

// RollbackAsync reads its context only in a goroutine it does not wait for.
func RollbackAsync(ctx context.Context) { // want RollbackAsync:"detaches \\[0\\]"
	go func() { _ = Err(ctx) }()
}

// ThroughDetacher hands its context only to one that detaches it.
func ThroughDetacher(n int, ctx context.Context) { // want ThroughDetacher:"detaches \\[1\\]"
	RollbackAsync(ctx)
}

// RollbackLaunched reads its context only in a literal it hands to a
// launcher, directly or through a local: in a goroutine it does not wait
// for.
func RollbackLaunched(ctx context.Context) { // want RollbackLaunched:"detaches \\[0\\]"
	SafeGo(func() { _ = Err(ctx) })
	undo := func() { _ = Err(ctx) }
	GoDirect(undo)
}

// RollbackCalled also calls the local it launches: not only detached.
func RollbackCalled(ctx context.Context) {
	undo := func() { _ = Err(ctx) }
	SafeGo(undo)
	undo()
}

// RollbackWait waits for its goroutine, and also reads ctx itself: neither
// detaches.
func RollbackWait(ctx context.Context) {
	var wg sync.WaitGroup
	wg.Add(1)
	go func() { defer wg.Done(); _ = Err(ctx) }()
	wg.Wait()
}

func RollbackThenCheck(ctx context.Context) error { // want RollbackThenCheck:"checks \\[0\\]"
	RollbackAsync(ctx)
	return ctx.Err()
}

// A retry state that holds the context it was built with.
type Retry struct{ ctx context.Context }

func (r *Retry) Ongoing() bool { return r.ctx.Err() == nil } // want Ongoing:"^checks stored$"

func (r *Retry) Later() { go func() { <-r.ctx.Done() }() } // a goroutine's read is not the method's

func (r *Retry) Name() string { return "retry" }

// Two implementations of b's Caller: one ignores its context, the other
// only reads a value from it.
type LocalCaller struct{}

func (LocalCaller) Call(ctx context.Context, method string) error { return nil } // want Call:"ignores \\[0\\]"

type ValueCaller struct{}

func (ValueCaller) Call(ctx context.Context, method string) error { // want Call:"ignores \\[0\\]"
	_ = ctx.Value("addr")
	return nil
}

// A logger reached through a values-only package's variable reads values.
func LogsViaVar(ctx context.Context) { // want LogsViaVar:"ignores \\[0\\]"
	log.G(ctx).Warnf("retrying")
}

// A function parameter called only once the context is done is a
// clean-up run after the caller has gone; one called in place is not.
func RunUntil(ctx context.Context, run func(), stop func()) { // want RunUntil:"after done \\[2\\]"
	go run()
	<-ctx.Done()
	select {
	case <-ctx.Done():
		stop()
	}
}

func StopAfter(ctx context.Context, stop func()) { // want StopAfter:"after done \\[1\\]"
	RunUntil(ctx, func() {}, stop)
}

func StopNow(ctx context.Context, stop func()) error { // want StopNow:"checks \\[0\\]"
	stop()
	return ctx.Err()
}

// A function parameter only kept, for others to call later, is a
// callback registration; one also called here is not.
type bus struct {
	subs    []func()
	onClose func()
}

func (b *bus) Subscribe(fn func()) { // want Subscribe:"stores \\[0\\]"
	b.subs = append(b.subs, fn)
}

func (b *bus) OnClose(fn func()) { // want OnClose:"stores \\[0\\]"
	b.onClose = fn
}

func (b *bus) Watch(fn func()) { // want Watch:"stores \\[0\\]"
	b.Subscribe(fn)
}

// A function parameter sent on a channel is queued for whoever receives
// it: a work queue's Enqueue runs nothing in place.
type workQueue struct{ jobs chan func() }

func (q *workQueue) Enqueue(fn func()) { // want Enqueue:"stores \\[0\\]"
	q.jobs <- fn
}

// Funcs are event hooks built around a filter, as a controller's
// predicates are: the filter runs at each event, after the builder has
// returned.
type Funcs[T any] struct {
	Create func(e T) bool
	Update func(old, e T) bool
}

func NewFuncs[T any](filter func(T) bool) Funcs[T] { // want NewFuncs:"wraps \\[0\\]"
	return Funcs[T]{
		Create: func(e T) bool { return filter(e) },
		Update: func(old, e T) bool { return filter(e) },
	}
}

func NewHook(filter func() bool) *Funcs[int] { // want NewHook:"wraps \\[0\\]"
	return &Funcs[int]{Create: func(int) bool { return filter() }}
}

func Wrap(filter func() bool) func() bool { // want Wrap:"wraps \\[0\\]"
	return func() bool { return !filter() }
}

// Filtered runs its filter before it returns: it keeps nothing.
func Filtered(filter func() bool) bool {
	f := func() bool { return filter() }
	return f()
}

func (b *bus) SubscribeNow(fn func()) { // want SubscribeNow:"calls \\[0\\]"
	b.subs = append(b.subs, fn)
	fn()
}

// L is an alias kept for brevity (var G = GetLogger): a call through it is
// a call of Values. A variable assigned again may hold anything.
var L = Values // want L:"ignores \\[0\\]"

var Swappable = Values

func SwapForTests(f func(context.Context) string) { Swappable = f } // want SwapForTests:"stores \\[0\\]"

// PrimaryContext asks Primary again until it answers or ctx is done.
func Primary() string { return "" }

func PrimaryContext(ctx context.Context) string { // want PrimaryContext:"polls its plain form"
	for {
		if p := Primary(); p != "" {
			return p
		}
		select {
		case <-ctx.Done():
			return ""
		case <-time.After(time.Millisecond):
		}
	}
}

// Hijackers: taking over the connection of the writer a handler is given.

type Upgrader struct{}

func (u *Upgrader) Upgrade(w http.ResponseWriter, r *http.Request) error { // want Upgrade:"hijacks \\[0\\]"
	hj, ok := w.(http.Hijacker)
	if !ok {
		return nil
	}
	conn, _, err := hj.Hijack()
	if err == nil {
		conn.Close()
	}
	return err
}

func Take(w http.ResponseWriter) { // want Take:"hijacks \\[0\\]"
	rc := http.NewResponseController(w)
	rc.Hijack()
}

func UpgradeVia(u *Upgrader, r *http.Request, w http.ResponseWriter) { u.Upgrade(w, r) } // want UpgradeVia:"hijacks \\[2\\]"

// Writing to the writer, or hijacking another one, takes nothing over.
func Respond(w http.ResponseWriter, other http.Hijacker) {
	w.WriteHeader(http.StatusOK)
	other.Hijack()
}

// Engine.Open keeps its context as the lifetime of the retry loop it
// starts (the derivation's cancel in a field); OpenVia hands it to Open.
// A constructor that only returns the context in a value keeps nothing of
// the caller's beyond what the caller holds.
type Engine struct {
	cancelRetry context.CancelFunc
	ctx         context.Context
}

func (e *Engine) Open(ctx context.Context) { // want Open:"keeps \\[0\\]"
	rctx, cancel := context.WithCancel(ctx)
	e.cancelRetry = cancel
	go func() { _ = Err(rctx) }()
	_ = Err(ctx)
}

func OpenVia(e *Engine, ctx context.Context) { // want OpenVia:"keeps \\[1\\]"
	e.Open(ctx)
}

func NewEngine(ctx context.Context) *Engine {
	_ = Err(ctx)
	return &Engine{ctx: ctx}
}

// Request helpers that only fill a request in, and one that sends it.
func SetAuth(r *http.Request, tok string) { r.Header.Set("Authorization", "Bearer "+tok) } // want SetAuth:"inspects \\[0\\]"

func Presign(r *http.Request) string { // want Presign:"inspects \\[0\\]"
	SetAuth(r, "t")
	r.URL.RawQuery = "sig=1"
	return r.URL.String()
}

func SignAndSend(c *http.Client, r *http.Request) { // no fact: it sends r
	SetAuth(r, "t")
	c.Do(r)
}
