// Package stored holds stored contexts (struct fields, package variables)
// used where the caller's context is in scope, and the shapes left alone.
package stored

import (
	"context"
	"database/sql"
	"net/http"
	"time"
)

var appCtx = context.Background()

type Server struct {
	ctx    context.Context
	cancel context.CancelFunc
	db     *sql.DB
	cfg    struct{ base context.Context }
}

func (s *Server) Get(ctx context.Context, id string) error {
	row := s.db.QueryRowContext(s.ctx, "SELECT 1 FROM items WHERE id = $1", id) // want `passing the stored context s.ctx ignores the cancellation of ctx; pass ctx`
	return row.Err()
}

func (s *Server) Put(ctx context.Context, id string) error {
	tctx, cancel := context.WithTimeout(s.ctx, time.Second) // want `deriving from the stored context s.ctx ignores the cancellation of ctx; derive from ctx`
	defer cancel()
	_, err := s.db.ExecContext(tctx, "INSERT INTO items VALUES ($1)", id)
	return err
}

func (s *Server) Nested(ctx context.Context) error {
	return s.db.PingContext(s.cfg.base) // want `passing the stored context s.cfg.base ignores the cancellation of ctx; pass ctx`
}

func (s *Server) Global(ctx context.Context) error {
	_, err := s.db.ExecContext(appCtx, "DELETE FROM sessions") // want `passing the stored context appCtx ignores the cancellation of ctx; pass ctx`
	return err
}

func (s *Server) Derived(ctx context.Context) error {
	vctx := context.WithValue(appCtx, "k", "v") // want `deriving from the stored context appCtx ignores the cancellation of ctx; derive from ctx`
	return s.db.PingContext(vctx)
}

// A handler: the inbound context is r.Context().
func (s *Server) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	req, _ := http.NewRequestWithContext(s.ctx, "GET", "http://backend/", nil) // want `passing the stored context s.ctx ignores the cancellation of r.Context\(\); pass r.Context\(\)`
	http.DefaultClient.Do(req)
	r2 := r.WithContext(s.ctx) // want `passing the stored context s.ctx ignores the cancellation of r.Context\(\); pass r\.Context\(\)`
	_ = r2
}

// Copied into a local variable first.
func (s *Server) Copy(ctx context.Context) error {
	c := s.ctx // want `passing the stored context s.ctx ignores the cancellation of ctx; pass ctx`
	return s.db.PingContext(c)
}

// Overwriting the inbound context.
func (s *Server) Overwrite(ctx context.Context) error {
	ctx = s.ctx // want `assigning the stored context s.ctx to ctx drops the caller's cancellation; keep ctx`
	return s.db.PingContext(ctx)
}

// A closure on the request path.
func (s *Server) Batch(ctx context.Context, ids []string) {
	for _, id := range ids {
		func() {
			s.db.ExecContext(s.ctx, "DELETE FROM items WHERE id = $1", id) // want `passing the stored context s.ctx ignores the cancellation of ctx; pass ctx`
		}()
	}
}

// A function value taking a context.
func (s *Server) Each(ctx context.Context, fn func(context.Context) error) error {
	return fn(s.ctx) // want `passing the stored context s.ctx ignores the cancellation of ctx; pass ctx`
}

// A blank inbound context: the method discarded the caller's context, and
// works on its own on purpose (an interface's signature made it take one).
func (s *Server) Blank(_ context.Context) error {
	return s.db.PingContext(s.ctx)
}

func (s *Server) BlankDerived(_ context.Context) error {
	ctx, cancel := context.WithTimeout(s.ctx, time.Second)
	defer cancel()
	return s.db.PingContext(ctx)
}

// A job carrying its own context, passed beside the caller's.
type Job struct {
	ctx context.Context
	id  string
}

func (s *Server) Run(ctx context.Context, job *Job) error {
	_, err := s.db.ExecContext(job.ctx, "UPDATE jobs SET state = 'run' WHERE id = $1", job.id) // want `passing the stored context job.ctx ignores the cancellation of ctx; pass ctx`
	return err
}

// ---- Left alone ----

// Off the request path: the server's own lifetime.
func (s *Server) loop() {
	for {
		if err := s.db.PingContext(s.ctx); err != nil {
			return
		}
	}
}

func NewServer(ctx context.Context, db *sql.DB) *Server {
	s := &Server{db: db}
	s.ctx, s.cancel = context.WithCancel(ctx)
	s.db.PingContext(s.ctx) // the function set up s.ctx itself
	go s.loop()
	return s
}

func Start(ctx context.Context, db *sql.DB) *Server {
	s := &Server{ctx: ctx, db: db}
	db.PingContext(s.ctx)
	return s
}

// Detached work: the server's context outlives the request on purpose.
func (s *Server) Enqueue(ctx context.Context, id string) {
	go s.db.ExecContext(s.ctx, "INSERT INTO queue VALUES ($1)", id)
	go func() {
		s.db.ExecContext(s.ctx, "INSERT INTO queue VALUES ($1)", id)
	}()
}

// Deliberately detached from the stored context, and lifetime hooks.
func (s *Server) Detach(ctx context.Context) {
	bg := context.WithoutCancel(s.ctx)
	_ = bg
	stop := context.AfterFunc(s.ctx, func() {})
	defer stop()
}

// Watching the server's shutdown is not passing it on.
func (s *Server) Wait(ctx context.Context) error {
	select {
	case <-s.ctx.Done():
		return s.ctx.Err()
	case <-ctx.Done():
		return ctx.Err()
	}
}

// A context reached through the inbound value itself.
type Request struct {
	context.Context
	Ctx context.Context
	ID  string
}

func (s *Server) Handle(req Request) error {
	if err := s.db.PingContext(req.Ctx); err != nil {
		return err
	}
	return s.db.PingContext(req.Context)
}

// Using the inbound context.
func (s *Server) Good(ctx context.Context) error {
	tctx, cancel := context.WithTimeout(ctx, time.Second)
	defer cancel()
	return s.db.PingContext(tctx)
}

// A stored context in a local variable that is never passed on.
func (s *Server) Peek(ctx context.Context) bool {
	c := s.ctx
	return c.Err() != nil
}

// A stored non-context field.
func (s *Server) Cancel(ctx context.Context) {
	s.cancel()
}

// Tests live in _test.go files.

// A context type of the package's own, with its parent stored in it.
type traced struct {
	context.Context
	span string
}

// spanOf walks ctx's own chain of parents: the stored contexts it reads
// are ctx's ancestors, reached through ctx itself.
func spanOf(ctx context.Context) string {
	for {
		switch c := ctx.(type) {
		case *traced:
			if c.span != "" {
				return c.span
			}
			ctx = c.Context
		default:
			return ""
		}
	}
}

// parentOf does the same through a type assertion.
func parentOf(ctx context.Context) context.Context {
	if t, ok := ctx.(*traced); ok {
		ctx = t.Context
	}
	return ctx
}

// A view of another context is not a view of the inbound one.
func (s *Server) Other(ctx context.Context, other context.Context) {
	if t, ok := other.(*traced); ok {
		ctx = t.Context // want `assigning the stored context t.Context to ctx drops the caller's cancellation; keep ctx`
	}
	_ = ctx
}

// The comment says why the caller's context is not used: the handle
// outlives this call, whose context may carry a short timeout.
type handle struct{ ctx context.Context }

func newHandle(ctx context.Context) *handle { return &handle{ctx: ctx} }

func (s *Server) OpenHandle(apiCtx context.Context) *handle {
	_ = s.db.PingContext(apiCtx)
	// We don't use the passed in apiCtx here, as it could be tied to a timeout.
	h := newHandle(s.ctx)
	return h
}

// The same code without the comment is reported.
func (s *Server) OpenHandleQuietly(apiCtx context.Context) *handle {
	_ = s.db.PingContext(apiCtx)
	h := newHandle(s.ctx) // want `passing the stored context s.ctx ignores the cancellation of apiCtx; pass apiCtx`
	return h
}

// The comment says why the stored context is used: the caller's is
// cancelled before the result is done with it.
func (s *Server) Lazy(ctx context.Context) (*sql.Rows, error) {
	// Query on the server's s.ctx because the request ctx gets cancelled
	// early, and the rows are read after the handler returns.
	return s.db.QueryContext(s.ctx, "SELECT id FROM items")
}

func (s *Server) Undocumented(ctx context.Context) (*sql.Rows, error) {
	// Query the items.
	return s.db.QueryContext(s.ctx, "SELECT id FROM items") // want `passing the stored context s.ctx ignores the cancellation of ctx; pass ctx`
}

// The comment says what the caller's context would do to the work: end it
// half way.
func (s *Server) Update(ctx context.Context) error {
	// Use the service context here to avoid the parent context being ended
	// during the update.
	_, err := s.db.ExecContext(s.ctx, "UPDATE heads SET seen = 1")
	return err
}

// Ping checks the database on the server's own context, which carries what
// the driver needs; the context argument is ignored.
func (s *Server) Ping(ctx context.Context) error {
	return s.db.PingContext(s.ctx)
}

// PingAgain checks the database on the server's own context, as Ping does.
func (s *Server) PingAgain(ctx context.Context) error {
	return s.db.PingContext(s.ctx) // want `passing the stored context s.ctx ignores the cancellation of ctx; pass ctx`
}
