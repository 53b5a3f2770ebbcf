// Package a holds the shapes ctxbackground reports and those it leaves
// alone, in ordinary service code.
package a

import (
	"context"
	"database/sql"
	"net/http"
	"time"

	"github.com/gin-gonic/gin"
	"github.com/labstack/echo/v4"
	"google.golang.org/grpc"
)

type Store struct{ db *sql.DB }

func (s *Store) Load(ctx context.Context, id string) (string, error) {
	row := s.db.QueryRowContext(ctx, "SELECT name FROM items WHERE id = $1", id)
	var name string
	return name, row.Scan(&name)
}

type Server struct {
	store *Store
	conn  *grpc.ClientConn
}

// A root passed straight to a callee.
func (s *Server) Get(ctx context.Context, id string) (string, error) {
	return s.store.Load(context.Background(), id) // want `context.Background\(\) starts a fresh context where ctx is in scope, so the caller's deadline and cancellation are lost; use ctx`
}

// context.TODO is the same mistake.
func (s *Server) Put(ctx context.Context, id string) error {
	_, err := s.store.Load(context.TODO(), id) // want `context.TODO\(\) starts a fresh context where ctx is in scope, so the caller's deadline and cancellation are lost; use ctx`
	return err
}

// A root assigned to a variable and used later.
func (s *Server) List(ctx context.Context) error {
	bg := context.Background() // want `context.Background\(\) starts a fresh context where ctx is in scope, so the caller's deadline and cancellation are lost; use ctx`
	_, err := s.store.Load(bg, "all")
	return err
}

// One variable given a root in two places is one mistake: the variable
// should hold the caller's context.
func (s *Server) Tagged(ctx context.Context, tag *string) error {
	aux := context.Background() // want `context.Background\(\) starts a fresh context where ctx is in scope, so the caller's deadline and cancellation are lost; use ctx`
	if tag != nil {
		aux = context.WithValue(context.Background(), tagKey{}, *tag)
	}
	_, err := s.store.Load(aux, "tagged")
	return err
}

type tagKey struct{}

// var form.
func (s *Server) Count(ctx context.Context) error {
	var c = context.TODO() // want `context.TODO\(\) starts a fresh context where ctx is in scope, so the caller's deadline and cancellation are lost; use ctx`
	_, err := s.store.Load(c, "count")
	return err
}

// Overwriting the inbound context.
func (s *Server) Delete(ctx context.Context, id string) error {
	ctx = context.TODO() // want `assigning context.TODO\(\) to ctx overwrites the caller's context, so its deadline and cancellation are lost; keep ctx`
	_, err := s.store.Load(ctx, id)
	return err
}

// A root as the parent of a cancel-only derivation still loses the deadline.
func (s *Server) Watch(ctx context.Context) error {
	wctx, cancel := context.WithCancel(context.Background()) // want `context.Background\(\) starts a fresh context where ctx is in scope, so the caller's deadline and cancellation are lost; use ctx`
	defer cancel()
	_, err := s.store.Load(wctx, "w")
	return err
}

// An HTTP handler: the request's context is the inbound one.
func (s *Server) ServeItem(w http.ResponseWriter, r *http.Request) {
	name, _ := s.store.Load(context.Background(), r.URL.Query().Get("id")) // want `context.Background\(\) starts a fresh context where r.Context\(\) is in scope, so the caller's deadline and cancellation are lost; use r.Context\(\)`
	w.Write([]byte(name))
}

// A handler literal stands on a request path wherever it is written.
var handler = http.HandlerFunc(func(w http.ResponseWriter, req *http.Request) {
	_ = use(context.TODO()) // want `context.TODO\(\) starts a fresh context where req.Context\(\) is in scope, so the caller's deadline and cancellation are lost; use req.Context\(\)`
})

func routes(mux *http.ServeMux, s *Server) {
	mux.HandleFunc("/x", func(w http.ResponseWriter, r *http.Request) {
		s.store.Load(context.Background(), "x") // want `where r.Context\(\) is in scope`
	})
}

// A closure nested in a request-path function captures its context.
func (s *Server) Batch(ctx context.Context, ids []string) {
	each := func(id string) {
		s.store.Load(context.Background(), id) // want `where ctx is in scope`
	}
	for _, id := range ids {
		each(id)
	}
}

// A gRPC server stream carries the context.
func (s *Server) Stream(req string, stream grpc.ServerStream) error {
	return s.conn.Invoke(context.Background(), "/svc/Method", req, nil) // want `where stream.Context\(\) is in scope`
}

// A blank context parameter is still the caller's context.
func (s *Server) Ping(_ context.Context) error {
	_, err := s.store.Load(context.Background(), "ping") // want `context.Background\(\) starts a fresh context although the caller's context is a parameter, so its deadline and cancellation are lost; name that parameter and use it`
	return err
}

// A struct embedding context.Context is a context.
type RequestScope struct {
	context.Context
	User string
}

func (s *Server) Scoped(rs RequestScope) error {
	_, err := s.store.Load(context.TODO(), rs.User) // want `where rs is in scope`
	return err
}

// Framework contexts.
func (s *Server) GinHandler(c *gin.Context) {
	s.store.Load(context.Background(), "gin") // want `where c.Request.Context\(\) is in scope`
}

func (s *Server) EchoHandler(c echo.Context) error {
	_, err := s.store.Load(context.Background(), "echo") // want `where c.Request\(\).Context\(\) is in scope`
	return err
}

// Generic functions with a context parameter.
func Fetch[T any](ctx context.Context, load func(context.Context) (T, error)) (T, error) {
	return load(context.Background()) // want `where ctx is in scope`
}

func use(ctx context.Context) error { return ctx.Err() }

// ---- Left alone ----

// Off the request path: no inbound context.
func NewServer(db *sql.DB) *Server { // want NewServer:"roots context.Background\\(\\) at a.go:153"
	s := &Server{store: &Store{db: db}}
	s.store.Load(context.Background(), "warmup")
	return s
}

var rootCtx = context.Background()

func init() {
	_ = use(context.TODO())
}

func main() {
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	_ = use(ctx)
}

// A parameter named ctx that is not a context.
func Describe(ctx string) error { // want Describe:"roots context.Background\\(\\) at a.go:171"
	return use(context.Background())
}

// Deliberately detached work in a go statement.
func (s *Server) Notify(ctx context.Context, id string) {
	go func() {
		s.store.Load(context.Background(), id)
	}()
	go s.store.Load(context.Background(), id)
}

// A root held in a variable that only detached work reads is detached
// too: an exit monitor's stop signal (derived, its cancel deferred), a
// context started with a go statement. Read by the request's own work
// as well, it is reported.
func (s *Server) Monitor(ctx context.Context, id string) {
	exitCtx, cancel := context.WithCancel(context.Background())
	defer cancel()
	watch(exitCtx)
	stopCtx, stop := context.WithCancel(context.Background())
	defer stop()
	monitorCtx := stopCtx // a copy is followed like a derivation
	watch(monitorCtx)
	bg := context.Background()
	go s.store.Load(bg, id)
	both := context.Background() // want `context.Background\(\) starts a fresh context where ctx is in scope`
	go s.store.Load(both, id)
	s.store.Load(both, id)
}

// watch reads its context only in a goroutine it does not wait for.
func watch(ctx context.Context) {
	go func() { <-ctx.Done() }()
}

// safeGo runs f in a goroutine that recovers its panics: a launcher.
func safeGo(f func()) {
	go func() {
		defer func() { recover() }()
		f()
	}()
}

// commitAll reads its context only in a literal it hands to the launcher,
// and returns without waiting: the commit goes on after its caller leaves.
func (s *Server) commitAll(ctx context.Context, ids []string) {
	commit := func() {
		for _, id := range ids {
			s.store.Load(ctx, id)
		}
	}
	safeGo(commit)
}

// A fresh root given to detached work, as a go statement's would be.
func (s *Server) Commit(ctx context.Context, ids []string) {
	s.commitAll(context.Background(), ids)
}

// A fixed timeout on a fresh root is fixedtimeout's finding, not ours.
func (s *Server) Slow(ctx context.Context) error {
	tctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	_, err := s.store.Load(tctx, "slow")
	return err
}

func (s *Server) SlowVar(ctx context.Context) error {
	base := context.Background()
	tctx, cancel := context.WithDeadline(base, time.Now().Add(time.Second))
	defer cancel()
	_, err := s.store.Load(tctx, "slow")
	return err
}

// The inbound context is used: nothing to report.
func (s *Server) Good(ctx context.Context, id string) error {
	tctx, cancel := context.WithTimeout(ctx, time.Second)
	defer cancel()
	_, err := s.store.Load(tctx, id)
	return err
}

// A closure with its own context parameter inside a function without one.
func Register(mux *http.ServeMux) { // want Register:"roots context.Background"
	run := func(ctx context.Context) error { return use(ctx) }
	_ = run
	_ = use(context.Background())
}

// A nil guard: there is no caller's context to lose.
func (s *Server) Enabled(ctx context.Context) bool {
	if ctx == nil {
		ctx = context.Background()
	}
	if nil == ctx {
		return use(context.TODO()) == nil
	}
	return use(ctx) == nil
}

// A root after a nil test that returns stands in for a missing context.
func (s *Server) Named(ctx context.Context) error {
	if ctx != nil {
		return use(ctx)
	}
	return use(context.Background())
}

// A hand-made context that keeps only the caller's values is deliberate.
type valuesOnly struct {
	context.Context
	values context.Context
}

func (v *valuesOnly) Value(key any) any { return v.values.Value(key) }

func Detach(ctx context.Context) context.Context {
	return &valuesOnly{Context: context.Background(), values: ctx}
}

// A struct that merely stores a context is not a context: the root is lost
// work all the same.
type job struct {
	ctx context.Context
	id  string
}

func (s *Server) Enqueue(ctx context.Context, id string) job {
	return job{ctx: context.Background(), id: id} // want `where ctx is in scope`
}

// Cleanup in a defer runs as the function ends, often because ctx is done:
// a fresh root there is deliberate (WithoutCancel(ctx) would keep values).
func (s *Server) Run(ctx context.Context) error {
	defer func() { _ = use(context.Background()) }()
	defer use(context.TODO())
	return use(ctx)
}

type shutdowner interface{ Shutdown(ctx context.Context) error }

// Once ctx is done, shutting down with it would not wait at all: a fresh
// root there is deliberate (the -detached option suggests keeping ctx's
// values with context.WithoutCancel).
func serveUntilDone(ctx context.Context, srv shutdowner) error {
	<-ctx.Done()
	return srv.Shutdown(context.Background())
}
