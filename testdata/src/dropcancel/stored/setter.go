package stored

import (
	"context"
	"database/sql"
	"net/http"
)

// A generated API client takes the caller's context through a builder
// setter and attaches it to each request it sends: the stored context is
// the caller's own, handed in for the calls to come.
type API struct {
	ctx    context.Context
	client *http.Client
}

func (a *API) WithContext(ctx context.Context) *API {
	a.ctx = ctx
	return a
}

func (a *API) Do(req *http.Request) (*http.Response, error) {
	if a.ctx != nil {
		req = req.WithContext(a.ctx)
	}
	return a.client.Do(req)
}

// A context a constructor keeps is a lifetime: using it in place of the
// request's loses the request's cancellation.
type Getter struct {
	ctx    context.Context
	client *http.Client
}

func NewGetter(ctx context.Context) *Getter { return &Getter{ctx: ctx, client: http.DefaultClient} }

func (g *Getter) Do(req *http.Request) (*http.Response, error) {
	req = req.WithContext(g.ctx) // want `passing the stored context g.ctx ignores the cancellation of req.Context\(\); pass req.Context\(\)`
	return g.client.Do(req)
}

// A handler's per-request state keeps the request's own context: the field
// and the parameter hold the same request's context.
type pageQuery struct {
	ctx  context.Context
	db   *sql.DB
	from int
}

func (q *pageQuery) fetch(ctx context.Context) error {
	if err := ctx.Err(); err != nil {
		return err
	}
	return q.db.QueryRowContext(q.ctx, "SELECT body FROM pages WHERE n = $1", q.from).Err()
}

func ServePage(w http.ResponseWriter, r *http.Request) {
	q := &pageQuery{ctx: r.Context(), db: pageDB}
	if err := q.fetch(r.Context()); err != nil {
		http.Error(w, err.Error(), http.StatusBadGateway)
	}
}

// The same state built elsewhere from a context of its own is no longer
// the request's.
type scanQuery struct {
	ctx context.Context
	db  *sql.DB
}

func (q *scanQuery) fetch(ctx context.Context) error {
	if err := ctx.Err(); err != nil {
		return err
	}
	return q.db.PingContext(q.ctx) // want `passing the stored context q.ctx ignores the cancellation of ctx; pass ctx`
}

func ServeScan(w http.ResponseWriter, r *http.Request) {
	q := &scanQuery{ctx: r.Context(), db: pageDB}
	_ = q.fetch(r.Context())
}

func newScan(ctx context.Context, db *sql.DB) *scanQuery {
	return &scanQuery{ctx: ctx, db: db}
}

var pageDB *sql.DB

// A streaming handler's per-stream state, filled from the stream's own
// context, holds the caller's context too.
type pageStream interface {
	Context() context.Context
	SendMsg(m any) error
	RecvMsg(m any) error
	SetHeader(md map[string][]string) error
}

type streamState struct {
	ctx context.Context
	db  *sql.DB
}

func (st *streamState) ping(ctx context.Context) error {
	if err := ctx.Err(); err != nil {
		return err
	}
	return st.db.PingContext(st.ctx)
}

func ServeStream(stream pageStream) error {
	st := &streamState{ctx: stream.Context(), db: pageDB}
	return st.ping(stream.Context())
}
