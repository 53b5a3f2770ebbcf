package observe

import (
	"context"
	"errors"
	"sync"
	"time"
)

// A component whose lifetime is a root of its own, started from a
// request-path method: the root outlives the call on purpose.
type Conns struct {
	ctx    context.Context
	cancel context.CancelFunc
	dials  *dial
	store  *Store
}

type dial struct {
	ctx    context.Context
	cancel context.CancelFunc
}

type Remote struct {
	ctx   context.Context
	store *Store
}

// Stored in fields: the pool's lifetime.
func (p *Conns) Start(ctx context.Context) error {
	p.ctx, p.cancel = context.WithCancel(context.Background())
	return p.store.Get(ctx, "start")
}

// Stored beside its cancel function in a struct literal: whoever holds the
// dial ends it, not this caller.
func (p *Conns) Dial(ctx context.Context) error {
	dctx, cancel := context.WithCancel(context.Background())
	d := &dial{ctx: dctx, cancel: cancel}
	go p.store.Get(d.ctx, "dial")
	return p.store.Get(ctx, "wait")
}

// Only the cancel function is kept: the pool ends the work, not the caller.
func (p *Conns) Watch(ctx context.Context) error {
	wctx, cancel := context.WithCancel(context.Background())
	p.cancel = cancel
	return p.store.Get(wctx, "watch")
}

// Returned inside the value a constructor builds.
func NewRemote(ctx context.Context, s *Store) (*Remote, error) {
	if err := s.Get(ctx, "probe"); err != nil {
		return nil, err
	}
	return &Remote{ctx: context.Background(), store: s}, nil
}

// A root used for the caller's own work and nothing kept: still lost.
func (p *Conns) Fetch(ctx context.Context) error {
	fctx, cancel := context.WithCancel(context.Background()) // want `context.Background\(\) starts a fresh context where ctx is in scope`
	defer cancel()
	return p.store.Get(fctx, "fetch")
}

// Kept in a local struct without its cancel function and passed to work:
// a request-scoped value, still lost.
func (p *Conns) Options(ctx context.Context) error {
	d := &dial{ctx: context.Background()} // want `context.Background\(\) starts a fresh context where ctx is in scope`
	return p.store.Get(d.ctx, "options")
}

// A helper that restarts the pool's lifetime: its callers lose nothing.
func (p *Conns) restart() {
	rctx, cancel := context.WithCancel(context.Background())
	p.cancel = cancel
	go p.store.Get(rctx, "loop")
	_ = p.store.Get(rctx, "warm")
}

func (p *Conns) Reset(ctx context.Context) error {
	p.restart()
	return p.store.Get(ctx, "reset")
}

// A helper that roots work it waits for: its callers lose their deadline.
func (p *Conns) refill() {
	_ = p.store.Get(context.Background(), "refill")
}

func (p *Conns) Refill(ctx context.Context) error {
	p.refill() // want `refill starts a fresh context`
	return p.store.Get(ctx, "refill")
}

// A connection: a component with a destructor. The root it is built with
// is its initial state, not work done for the caller.
type Session struct {
	txCtx context.Context
	store *Store
}

func (s *Session) Close() error { return nil }

func open(ctx context.Context, st *Store) (*Session, error) {
	if err := st.Get(ctx, "login"); err != nil {
		return nil, err
	}
	sess := &Session{txCtx: context.Background(), store: st}
	return sess, nil
}

// A clean-up that drains after the stored context is done, in a helper:
// its callers lose nothing.
type reader struct {
	ctx   context.Context
	store *Store
	in    chan string
}

func (r *reader) next() (string, error) {
	select {
	case v := <-r.in:
		return v, nil
	case <-r.ctx.Done():
		dctx, cancel := context.WithTimeout(context.Background(), time.Second)
		defer cancel()
		_ = r.store.Get(dctx, "drain")
		return "", r.ctx.Err()
	}
}

func Next(ctx context.Context, r *reader) (string, error) {
	if err := r.store.Get(ctx, "next"); err != nil {
		return "", err
	}
	return r.next()
}

// The same clean-up written in a request-path function, after a stored
// context's Err check.
func (r *reader) Flush(ctx context.Context) error {
	if r.ctx.Err() != nil {
		return r.store.Get(context.Background(), "flush")
	}
	return r.store.Get(ctx, "flush")
}

// A cancel request sent only once the query failed because a context was
// done: clean-up after the caller gave up.
func (r *reader) Query(ctx context.Context) error {
	err := r.store.Get(ctx, "query")
	if errors.Is(err, context.Canceled) || errors.Is(err, context.DeadlineExceeded) {
		_ = r.store.Get(context.Background(), "cancel")
	}
	return err
}

// Any other failure: the root does the caller's work.
func (r *reader) Retry(ctx context.Context) error {
	err := r.store.Get(ctx, "query")
	if err != nil && !errors.Is(err, context.Canceled) {
		return r.store.Get(context.Background(), "again") // want `context.Background\(\) starts a fresh context where ctx is in scope`
	}
	return err
}

// A stream built on a root of its own by its constructor: the stream's
// lifetime.
type stream struct{ ctx context.Context }

func (s *stream) Close() error { return nil }

func newStream(ctx context.Context, st *Store) *stream {
	_ = st.Get(ctx, "open")
	return &stream{ctx: ctx}
}

func (r *reader) Subscribe(ctx context.Context) (*stream, error) {
	s := newStream(context.Background(), r.store)
	return s, r.store.Get(ctx, "subscribe")
}

// A constructor that returns a component by an interface with a
// destructor: the same lifetime.
type conn interface {
	Get(ctx context.Context, key string) error
	Close() error
}

type storeConn struct{ *Store }

func (storeConn) Close() error { return nil }

func newConn(ctx context.Context, st *Store) (conn, error) {
	return storeConn{st}, st.Get(ctx, "dial")
}

func (r *reader) Dial(ctx context.Context) (conn, error) {
	c, err := newConn(context.Background(), r.store)
	if err != nil {
		return nil, err
	}
	return c, c.Get(ctx, "hello")
}

// A constructor of something without a destructor (a request, a job) does
// the caller's work with the root: reported.
type job struct{ ctx context.Context }

func newJob(ctx context.Context) *job { return &job{ctx: ctx} }

func (r *reader) Enqueue(ctx context.Context, run func(*job) error) error {
	return run(newJob(context.Background())) // want `context.Background\(\) starts a fresh context where ctx is in scope, so the caller's deadline and cancellation are lost; use ctx`
}

// A constructor that tears down what it half built when set-up fails: the
// destructor's root is no lost deadline of its callers.
func build(st *Store, fail bool) (*stream, error) {
	s := &stream{}
	if fail {
		_ = s.Shutdown(context.Background())
		return nil, errors.New("set-up failed")
	}
	return s, nil
}

func (s *stream) Shutdown(ctx context.Context) error { return ctx.Err() }

func (r *reader) Build(ctx context.Context) (*stream, error) {
	if err := r.store.Get(ctx, "build"); err != nil {
		return nil, err
	}
	return build(r.store, false)
}

// A shared client made lazily on first use and kept: built on a root of
// its own, not on the first caller's context.
type keys struct{ ids []string }

func fetchKeys(ctx context.Context, st *Store) (*keys, error) {
	return &keys{}, st.Get(ctx, "keys")
}

type verifier struct {
	keys  *keys
	store *Store
}

func (v *verifier) Verify(ctx context.Context) error {
	if v.keys == nil {
		var err error
		v.keys, err = fetchKeys(context.Background(), v.store)
		if err != nil {
			return err
		}
	}
	return v.store.Get(ctx, "verify")
}

// The same call whose result is used for this request only: lost.
func (v *verifier) Peek(ctx context.Context) error {
	k, err := fetchKeys(context.Background(), v.store) // want `context.Background\(\) starts a fresh context where ctx is in scope, so the caller's deadline and cancellation are lost; use ctx`
	_ = k
	return err
}

// A renewal loop's own context, read only by the goroutine that runs it.
func (r *reader) Renew(ctx context.Context) (stop func(), err error) {
	if err := r.store.Get(ctx, "claim"); err != nil {
		return nil, err
	}
	rctx, cancel := context.WithCancel(context.Background())
	go func() {
		for rctx.Err() == nil {
			_ = r.store.Get(rctx, "renew")
		}
	}()
	return cancel, nil
}

// Link is a connection a dial returns; Links keeps them per address.
type Link struct{ ctx context.Context }

func openLink(ctx context.Context, s *Store) (*Link, error) {
	if err := s.Get(ctx, "open"); err != nil {
		return nil, err
	}
	return &Link{ctx: ctx}, nil
}

type Links struct {
	byAddr map[string]*Link
	store  *Store
}

// A connection dialled on its own root and kept in a map field, through a
// local: the shared connection's lifetime.
func (l *Links) Get(ctx context.Context, addr string) (*Link, error) {
	link, err := openLink(context.Background(), l.store)
	if err != nil {
		return nil, err
	}
	l.byAddr[addr] = link
	return link, l.store.Get(ctx, "use")
}

// One dialled on its own root and only used here is not kept.
func (l *Links) Probe(ctx context.Context, addr string) error {
	link, err := openLink(context.Background(), l.store) // want `context.Background\(\) starts a fresh context where ctx is in scope, so the caller's deadline and cancellation are lost; use ctx`
	_ = link
	return err
}

// Stream is read until its closer runs, which ends the context it reads on.
type Stream struct{ closer func() error }

// A root whose cancel only the returned stream's closer calls is the
// stream's lifetime.
func (l *Links) Open(ctx context.Context) (*Stream, error) {
	sctx, cancel := context.WithCancel(context.Background())
	if err := l.store.Get(sctx, "open"); err != nil {
		cancel()
		return nil, err
	}
	return &Stream{closer: func() error {
		cancel()
		return nil
	}}, l.store.Get(ctx, "opened")
}

// One cancelled when the function returns is not.
func (l *Links) Peek(ctx context.Context) error {
	pctx, cancel := context.WithCancel(context.Background()) // want `context.Background\(\) starts a fresh context where ctx is in scope, so the caller's deadline and cancellation are lost; use ctx`
	defer cancel()
	return l.store.Get(pctx, "peek")
}

// Watcher's discovery runs on a context whose cancel it keeps.
type Watcher struct {
	link   *Link
	cancel context.CancelFunc
}

// watcherFor returns a watcher whose link is opened on a root of its own:
// the watcher's lifetime, kept in the literal it returns.
func watcherFor(s *Store) *Watcher {
	wctx, cancel := context.WithCancel(context.Background())
	link, _ := openLink(wctx, s)
	return &Watcher{link: link, cancel: cancel}
}

// The same, with the link opened inside the literal.
func watcherInline(s *Store) *Watcher {
	wctx, cancel := context.WithCancel(context.Background())
	return &Watcher{link: mustLink(openLink(wctx, s)), cancel: cancel}
}

func mustLink(l *Link, err error) *Link { return l }

func (l *Links) Watch(ctx context.Context) error {
	_ = watcherFor(l.store)
	_ = watcherInline(l.store)
	return l.store.Get(ctx, "watch")
}

// A constructor that returns what another constructor builds on a fresh
// root: the root is the lifetime of the value it returns, which outlives
// the call (a subscription's connection handler).
type connHandler struct{ ctx context.Context }

func newConnHandler(ctx context.Context, st *Store) *connHandler {
	_ = st.Get(ctx, "handshake")
	return &connHandler{ctx: ctx}
}

func (r *reader) newSubscription(ctx context.Context) *connHandler {
	_ = r.store.Get(ctx, "dial")
	return newConnHandler(context.Background(), r.store)
}

// The same call returned by a function that is not a constructor is the
// call's work.
func (r *reader) Handle(ctx context.Context) *connHandler {
	return newConnHandler(context.Background(), r.store) // want `context.Background\(\) starts a fresh context where ctx is in scope`
}

// A shared client built on first use, under a nil test of the field that
// keeps it: its set-up is done once for every caller, and the first
// caller's context would end it.
type Backups struct {
	mu     sync.Mutex
	client *Link
	store  *Store
	last   *Link
}

func (b *Backups) conn() (*Link, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	if b.client == nil {
		link, err := openLink(context.Background(), b.store)
		if err != nil {
			return nil, err
		}
		if err := b.store.Get(context.Background(), "bucket"); err != nil {
			return nil, err
		}
		b.client = link
	}
	return b.client, nil
}

func (b *Backups) Upload(ctx context.Context) error {
	link, err := b.conn()
	if err != nil {
		return err
	}
	_ = link
	return b.store.Get(ctx, "upload")
}

// A nil test whose body keeps something else is no first-use set-up.
func (b *Backups) Peek(ctx context.Context) error {
	if b.client == nil {
		if err := b.store.Get(context.Background(), "probe"); err != nil { // want `context.Background\(\) starts a fresh context where ctx is in scope`
			return err
		}
		b.last = &Link{}
	}
	return nil
}

// A root wrapped by a helper that copies the caller's trace into it, then
// kept with its cancel: the watcher's lifetime.
type SpanWatcher struct {
	ctx    context.Context
	cancel context.CancelFunc
}

type spanKey struct{}

func copySpan(to, from context.Context) context.Context {
	return context.WithValue(to, spanKey{}, from.Value(spanKey{}))
}

func NewSpanWatcher(ctx context.Context) *SpanWatcher {
	w := &SpanWatcher{}
	spanCtx := copySpan(context.Background(), ctx)
	w.ctx, w.cancel = context.WithCancel(spanCtx)
	return w
}

// A share's operations run on its own context, which users replace with
// WithContext: the root a mount puts there is only its default.
type Share struct {
	ctx   context.Context
	store *Store
}

func (s *Share) WithContext(ctx context.Context) *Share {
	return &Share{ctx: ctx, store: s.store}
}

func (s *Share) Mount(name string) error { return s.store.Get(s.ctx, name) }

func MountShare(ctx context.Context, st *Store) (*Share, error) {
	if err := st.Get(ctx, "negotiate"); err != nil {
		return nil, err
	}
	return &Share{ctx: context.Background(), store: st}, nil
}

// A request of the same shape has no setter: its root is the work's.
type Request struct {
	ctx   context.Context
	store *Store
}

func (r *Request) Send(name string) error { return r.store.Get(r.ctx, name) }

func PrepareRequest(ctx context.Context, st *Store) (*Request, error) {
	if err := st.Get(ctx, "negotiate"); err != nil {
		return nil, err
	}
	return &Request{ctx: context.Background(), store: st}, nil // want `context.Background\(\) starts a fresh context where ctx is in scope`
}

// A constructor that hands back, through its named result, the cancel of a
// root whose Done it gives to others: a gate of the component's, opened
// when its informers have synced, not a request's.
type SyncGate struct {
	open context.CancelFunc
	wait <-chan struct{}
}

func NewSyncGate(ctx context.Context, s *Store) (g *SyncGate, err error) {
	gctx, cancel := context.WithCancel(context.Background())
	g = &SyncGate{open: cancel, wait: gctx.Done()}
	return g, s.Get(ctx, "gate")
}

// The same in a function that is not a constructor: the root is the call's.
func (l *Links) gate(ctx context.Context) (g *SyncGate, err error) {
	gctx, cancel := context.WithCancel(context.Background()) // want `context.Background\(\) starts a fresh context where ctx is in scope, so the caller's deadline and cancellation are lost; use ctx`
	g = &SyncGate{open: cancel, wait: gctx.Done()}
	return g, l.store.Get(ctx, "gate")
}

// A root derived again into its own variable, the cancel kept in a field,
// and read only by the goroutine it starts: the worker's lifetime.
type worker struct {
	stop  context.CancelFunc
	store *Store
}

func (w *worker) run(ctx context.Context) { _ = w.store.Get(ctx, "loop") }

func StartWorker(ctx context.Context, s *Store) (*worker, error) {
	w := &worker{store: s}
	if err := s.Get(ctx, "config"); err != nil {
		return nil, err
	}
	rctx := context.Background()
	rctx, w.stop = context.WithCancel(rctx)
	go w.run(rctx)
	return w, nil
}

// The same derivation with its cancel local and the work done here: the
// caller's deadline is lost.
func (w *worker) Once(ctx context.Context) error {
	rctx := context.Background() // want `context.Background\(\) starts a fresh context where ctx is in scope`
	rctx, cancel := context.WithCancel(rctx)
	defer cancel()
	return w.store.Get(rctx, "once")
}

// A constructor that returns, through a local, the value keeping a root
// with values added: the shard's lifetime.
type shard struct {
	ctx   context.Context
	store *Store
}

type tenantKey struct{}

func withTenant(ctx context.Context) context.Context {
	return context.WithValue(ctx, tenantKey{}, "all")
}

func newShard(s *Store) *shard {
	sctx := withTenant(context.Background())
	b := &shard{ctx: sctx, store: s}
	return b
}

func (sh *shard) flush() error { return sh.store.Get(sh.ctx, "flush") }

func (w *worker) Shard(ctx context.Context) error {
	return newShard(w.store).flush()
}

// The same from a function that is not a constructor: the value is the
// call's work.
func (w *worker) shardFor(ctx context.Context) *shard {
	b := &shard{ctx: context.Background(), store: w.store} // want `context.Background\(\) starts a fresh context where ctx is in scope`
	return b
}
