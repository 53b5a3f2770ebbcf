package later

import (
	"context"
	"errors"
	"net/http"
	"runtime/pprof"
	"sync"
	"time"
)

// An engine loop whose context only ever comes from the fresh root of the
// goroutine that runs it has no caller's deadline.
type engine struct{}

func (e *engine) start() {
	go func() {
		bg := context.Background()
		for {
			e.step(bg)
		}
	}()
}

func (e *engine) step(ctx context.Context) {
	probe() // no inbound context: only ever handed a fresh root
	e.flush(ctx)
}

func (e *engine) flush(ctx context.Context) {
	probe() // no inbound context: its caller's is rooted
}

type key struct{}

func runMain() {
	ctx := context.WithValue(context.Background(), key{}, "v")
	go publish(ctx)
}

func publish(ctx context.Context) {
	probe() // no inbound context: a root given only values
}

// A component's lifetime, or main's time limit, can be cancelled: there
// is something to honour.
type pool struct{ cancel context.CancelFunc }

func newPool() *pool {
	ctx, cancel := context.WithCancel(context.Background())
	p := &pool{cancel: cancel}
	go p.connect(ctx)
	return p
}

func (p *pool) connect(ctx context.Context) {
	probe() // want `inbound ctx$`
}

func runLimited() {
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	limited(ctx)
}

func limited(ctx context.Context) {
	probe() // want `inbound ctx$`
}

// A cancel only deferred fires once the refresher returns, after the
// refresh it calls has returned: the refresh gets no signal, as if handed
// the root itself.
type refresher struct{ tick chan struct{} }

func (r *refresher) loop() {
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	for range r.tick {
		r.refreshOnce(ctx)
	}
}

func (r *refresher) refreshOnce(ctx context.Context) {
	probe() // no inbound context: its caller's cancel is only deferred
}

// A helper that returns such a context hands out one already cancelled:
// not a fresh root.
func spentCtx() context.Context {
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	return ctx
}

func (r *refresher) spent() {
	r.refreshSpent(spentCtx())
}

func (r *refresher) refreshSpent(ctx context.Context) {
	probe() // want `inbound ctx$`
}

// Handed to a goroutine, the same cancel ends it when the launcher returns.
func (r *refresher) fanOut() {
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	go r.refreshAsync(ctx)
	<-r.tick
}

func (r *refresher) refreshAsync(ctx context.Context) {
	probe() // want `inbound ctx$`
}

// A cancel also called on the way (here by a watcher) is a signal.
func (r *refresher) watched() {
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	go func() {
		<-r.tick
		cancel()
	}()
	r.refreshWatched(ctx)
}

func (r *refresher) refreshWatched(ctx context.Context) {
	probe() // want `inbound ctx$`
}

// One caller with a real context is enough to keep it on the path.
func both(ctx context.Context) {
	probe() // want `inbound ctx$`
}

func Serve(ctx context.Context) {
	both(ctx)
	both(context.Background())
}

// Exported functions may have callers elsewhere.
func Exported(ctx context.Context) {
	probe() // want `inbound ctx$`
}

func callsExported() { Exported(context.Background()) }

// A function used as a value may be called with anything.
func asValue(ctx context.Context) {
	probe() // want `inbound ctx$`
}

var hook = asValue

func callsAsValue() { asValue(context.Background()) }

// A function only ever started by a go statement is detached work.
type downloader struct{}

func (d *downloader) Start(ctx context.Context) {
	go d.loop(ctx)
}

func (d *downloader) loop(ctx context.Context) {
	probe() // want `inbound ctx detached`
}

// The same, started from the body of a go statement's literal.
func (d *downloader) Watch(ctx context.Context, done func()) {
	go func() {
		defer done()
		d.watch(ctx)
	}()
}

func (d *downloader) watch(ctx context.Context) {
	probe() // want `inbound ctx detached`
}

// Called in place as well as in a goroutine: on the request path.
func (d *downloader) Sync(ctx context.Context) {
	go func() { d.sync(ctx) }()
	d.sync(ctx)
}

func (d *downloader) sync(ctx context.Context) {
	probe() // want `inbound ctx$`
}

// Work launched with the caller's context, and what the launched function
// calls with its own: detached all the way down.
type offers struct{}

func (o *offers) Start(ctx context.Context) {
	go o.loop(ctx)
}

func (o *offers) loop(ctx context.Context) {
	probe() // want `inbound ctx detached`
	o.dial(ctx)
	o.redial(ctx)
}

func (o *offers) dial(ctx context.Context) {
	probe() // want `inbound ctx detached`
}

// Called from launched work and in place: on the request path.
func (o *offers) Redial(ctx context.Context) {
	o.redial(ctx)
}

func (o *offers) redial(ctx context.Context) {
	probe() // want `inbound ctx$`
}

// Run in a goroutine with a kept context only to be waited for: the
// caller's work.
type collector struct{ ctx context.Context }

func (c *collector) Collect() error {
	res := make(chan error, 1)
	go func() { res <- c.fetch(c.ctx) }()
	return <-res
}

func (c *collector) fetch(ctx context.Context) error {
	probe() // want `inbound ctx$`
	return nil
}

// Launched with the request's own context, and run inline instead only
// under a flag (for tests): the same detached work.
var testMode bool

type responseCache struct{}

func (c *responseCache) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	ctx := r.Context()
	if testMode {
		c.put(ctx, "k")
	} else {
		go c.put(ctx, "k")
	}
	go c.evict(r.Context())
}

func (c *responseCache) put(ctx context.Context, key string) {
	probe() // want `inbound ctx detached`
}

func (c *responseCache) evict(ctx context.Context) {
	probe() // want `inbound ctx detached`
}

// Run inline under a flag, and otherwise after other work: not a twin.
func (c *responseCache) Refresh(ctx context.Context) {
	if testMode {
		c.fill(ctx)
	} else {
		go c.put(ctx, "k")
	}
}

func (c *responseCache) fill(ctx context.Context) {
	probe() // want `inbound ctx$`
}

// Code after a guard that returns unless the context is done runs only
// once it is done: a clean-up.
func cleanUp(ctx context.Context, err error) error {
	if !errors.Is(ctx.Err(), context.Canceled) {
		return err
	}
	probe() // want `inbound ctx detached`
	return nil
}

func stillRunning(ctx context.Context) error {
	if ctx.Err() == nil {
		return nil
	}
	probe() // want `inbound ctx detached`
	return ctx.Err()
}

func onError(ctx context.Context, err error) error {
	if err == nil {
		return nil
	}
	probe() // want `inbound ctx$`
	return err
}

// A parameter the function reassigns (ctx = with(ctx)) still brings what
// its caller passed first: exec's callers give it a caller's context.
func Exec(ctx context.Context) { exec(ctx) }

func exec(ctx context.Context) {
	ctx = context.WithValue(ctx, key{}, 1)
	bind(ctx)
}

func bind(ctx context.Context) {
	probe() // want `inbound ctx$`
}

// A client's own request, built without a context, handed to a helper
// that sends it: no caller's deadline is in it.
func Post(url string) error {
	req, err := http.NewRequest(http.MethodPost, url, nil)
	if err != nil {
		return err
	}
	return post(req)
}

func post(req *http.Request) error {
	probe() // off the request path: nothing reported
	return nil
}

// The same helper shape handed an inbound request keeps its context.
func ServeForward(w http.ResponseWriter, r *http.Request) { forward(r) }

func forward(r *http.Request) {
	probe() // want `inbound r.Context\(\)$`
}

// The request comes from a helper that builds it without a context.
func newPost(url string) *http.Request {
	req, err := http.NewRequest(http.MethodPost, url, nil)
	if err != nil {
		return nil
	}
	return req
}

func Send(url string) error { return send(newPost(url)) }

func send(req *http.Request) error {
	probe() // off the request path: nothing reported
	return nil
}

// A helper that may also hand back the caller's request keeps it.
func pick(r *http.Request, url string) *http.Request {
	if r != nil {
		return r
	}
	return newPost(url)
}

func ServePick(w http.ResponseWriter, r *http.Request) { relay(pick(r, "/x")) }

func relay(req *http.Request) {
	probe() // want `inbound req.Context\(\)$`
}

// A service's run and tick functions, handed over as values and never
// called here, run with the lifetime of whatever runs the service.
type service struct{ run, tick func(context.Context) error }

func newService(run, tick func(context.Context) error) *service { return &service{run, tick} }

type ticker struct{}

func (t *ticker) New() *service { return newService(t.running, t.iteration) }

func (t *ticker) running(ctx context.Context) error {
	probe() // no inbound context: a lifetime
	return nil
}

func (t *ticker) iteration(ctx context.Context) error {
	probe() // no inbound context: a lifetime
	return nil
}

// One that also takes a request is a handler: on its request's path.
func (t *ticker) handle(ctx context.Context, name string) error {
	probe() // want `inbound ctx$`
	return nil
}

var handlers = map[string]func(context.Context, string) error{"x": (&ticker{}).handle}

// A context a value keeps may be a request's own: a per-operation
// manager stores its caller's (SetContext(ctx)) and hands it on, so work
// handed a kept context stays on the path; a package-level one does not.
type opManager struct {
	ctx   context.Context
	every time.Duration
}

var processCtx = context.Background()

func (m *opManager) Wait() {
	m.durable(m.ctx)
	ctx, cancel := context.WithTimeout(m.ctx, m.every)
	defer cancel()
	m.persisted(ctx)
	m.report(processCtx)
}

func (m *opManager) durable(ctx context.Context) {
	probe() // want `inbound ctx$`
}

func (m *opManager) persisted(ctx context.Context) {
	probe() // want `inbound ctx$`
}

func (m *opManager) report(ctx context.Context) {
	probe() // no inbound context: a package-level context
}

// Another value's stored context may be a request's own (a queued
// request carrying its sender's context): it keeps the path.
type job struct{ ctx context.Context }

func (m *opManager) serve(j *job) { m.apply(j.ctx) }

func (m *opManager) apply(ctx context.Context) {
	probe() // want `inbound ctx$`
}

var _ = (&opManager{}).serve

// A clean-up handed to a function that calls it only once a context is
// done runs after the caller has gone: detached work.
func serveUntil(ctx context.Context, run func() error, shutdown func()) error {
	exit := make(chan error, 1)
	go func() { exit <- run() }()
	select {
	case <-ctx.Done():
		shutdown()
		return <-exit
	case err := <-exit:
		return err
	}
}

func ServeHTTP(ctx context.Context, run func() error) error {
	shutdown := func() {
		probe() // want `inbound ctx detached`
	}
	return serveUntil(ctx, run, shutdown)
}

func ServeInline(ctx context.Context, run func() error) error {
	return serveUntil(ctx, run, func() {
		probe() // want `inbound ctx detached`
	})
}

// One that calls it in place keeps it on the caller's path.
func withCleanup(ctx context.Context, cleanup func()) error {
	defer cleanup()
	return ctx.Err()
}

func ServeCleanup(ctx context.Context) error {
	return withCleanup(ctx, func() {
		probe() // want `inbound ctx$`
	})
}

// Workers the launching function waits for: what they call stays on the
// caller's path (the launched body itself is judged as before).
type workers struct{}

func (w *workers) Run(ctx context.Context, jobs []int) {
	var wg sync.WaitGroup
	for range jobs {
		wg.Add(1)
		go w.work(ctx, &wg)
	}
	wg.Wait()
}

func (w *workers) work(ctx context.Context, wg *sync.WaitGroup) {
	defer wg.Done()
	w.step(ctx)
}

func (w *workers) step(ctx context.Context) {
	probe() // want `inbound ctx$`
}

// A handler that finishes its work detached from the request hands its
// helper a context without a deadline or a cancel signal: the helper has
// none to lose, as with a fresh root.
func Upload(w http.ResponseWriter, r *http.Request) {
	detached := context.WithoutCancel(r.Context())
	cacheRemote(detached)
	commitRemote(r.Context())
}

func cacheRemote(ctx context.Context) {
	probe() // no inbound context: only ever handed a detached context
}

func commitRemote(ctx context.Context) {
	probe() // want `inbound ctx$`
}

// A literal run at once (here by a go statement) gets its context from
// the arguments it is called with: an acceptor's per-connection goroutine
// handed a root with a value added has no caller's deadline to pass on.
type acceptor struct{ conns chan int }

func (l *acceptor) serve() {
	for c := range l.conns {
		ctx := context.WithValue(context.Background(), key{}, c)
		go func(ctx context.Context, c int) {
			probe() // no inbound context: the literal is handed a root
			if c > 0 {
				go l.handleConn(ctx, c)
				return
			}
			l.handleConn(ctx, c)
		}(ctx, c)
	}
}

func (l *acceptor) handleConn(ctx context.Context, c int) {
	probe() // no inbound context: its only callers hand on a root
}

// A literal handed its caller's context passes that on: run in place,
// the callee is on the caller's path; launched, it is detached work.
func (l *acceptor) serveCtx(ctx context.Context) {
	for c := range l.conns {
		func(ctx context.Context) {
			probe() // want `inbound ctx$`
			l.handleCtxConn(ctx, c)
		}(ctx)
		go func(ctx context.Context) {
			l.handleLaunched(ctx, c)
		}(ctx)
	}
}

func (l *acceptor) handleCtxConn(ctx context.Context, c int) {
	probe() // want `inbound ctx$`
}

func (l *acceptor) handleLaunched(ctx context.Context, c int) {
	probe() // want `inbound ctx detached$`
}

// A handler that answers at once and processes the event in goroutines it
// does not wait for, each handed a copy of the request with the request's
// own context (and those handing on another such copy): the processing is
// detached, whoever's request it was given.
type sink struct{ wg *sync.WaitGroup }

func (s *sink) HandleEvent(w http.ResponseWriter, request *http.Request) {
	s.wg.Add(2)
	go func() {
		defer s.wg.Done()
		local := request.Clone(request.Context())
		s.process(local)
	}()
	go func() {
		defer s.wg.Done()
		s.processGroup(request.Clone(request.Context()))
	}()
	w.WriteHeader(http.StatusAccepted)
}

func (s *sink) processGroup(request *http.Request) {
	group := request.Clone(request.Context())
	go func() {
		local := group.WithContext(group.Context())
		s.process(local)
	}()
}

func (s *sink) process(request *http.Request) {
	probe() // want `inbound request.Context\(\) detached$`
}

// A copy given another context is not the caller's request.
func (s *sink) HandleOther(w http.ResponseWriter, request *http.Request) {
	go s.processOther(request.Clone(context.TODO()))
}

func (s *sink) processOther(request *http.Request) {
	probe() // want `inbound request.Context\(\)$`
}

// A literal that a callee runs with one of its context arguments holds
// that argument: the standard library's pprof.Do adds only labels, and a
// subscription of the package hands its own context to every message.
type flusher struct{ msgs chan int }

func (f *flusher) flush() {
	pprof.Do(context.Background(), pprof.Labels("job", "flush"), func(ctx context.Context) {
		probe() // no inbound context: pprof.Do hands on a root
		f.write(ctx)
	})
	pprof.Do(context.Background(), pprof.Labels("job", "flush"), func(context.Context) {
		probe() // unnamed, and still the root's
	})
	f.consume(context.Background(), func(ctx context.Context, m int) {
		probe() // no inbound context: consume hands on a root
	})
}

func (f *flusher) write(ctx context.Context) {
	probe() // no inbound context: its only caller hands on a root
}

func (f *flusher) consume(ctx context.Context, handle func(context.Context, int)) {
	for m := range f.msgs {
		handle(ctx, m)
	}
}

// Given the caller's context, the literal has it.
func (f *flusher) flushCtx(ctx context.Context) {
	pprof.Do(ctx, pprof.Labels("job", "flush"), func(ctx context.Context) {
		probe() // want `inbound ctx$`
	})
}
