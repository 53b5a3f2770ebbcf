// Package generics holds type parameters where the passes look for
// contexts: constrained by context.Context, carried by generic types,
// instantiated explicitly and implicitly.
package generics

import (
	"context"
	"database/sql"
	"net/http"
	"time"
)

// A type parameter constrained by context.Context is the caller's context.
func Fetch[C context.Context](ctx C, url string) (*http.Response, error) {
	req, err := http.NewRequestWithContext(context.Background(), http.MethodGet, url, nil) // want `ctxbackground: context.Background\(\) starts a fresh context where ctx is in scope, so the caller's deadline and cancellation are lost; use ctx`
	if err != nil {
		return nil, err
	}
	return http.DefaultClient.Do(req)
}

// So is one constrained by an interface that embeds it.
type Traced interface {
	context.Context
	TraceID() string
}

func Log[T Traced](ctx T, db *sql.DB) error {
	_, err := db.Exec("INSERT INTO log VALUES (?)", ctx.TraceID()) // want `dropcancel: db.Exec cannot be cancelled when the caller gives up; use db.ExecContext\(ctx, ...\)`
	return err
}

// A constraint with a Context() method, like *http.Request's.
type Requester interface {
	Context() context.Context
}

func Serve[R Requester](r R) {
	for {
		time.Sleep(time.Second)
		if r.Context().Err() != nil {
			return
		}
	}
}

// A generic repository whose methods take the caller's context.
type Repo[K comparable, V any] struct {
	db    *sql.DB
	cache map[K]V
}

func (r *Repo[K, V]) Get(ctx context.Context, key K) (V, error) {
	if v, ok := r.cache[key]; ok {
		return v, nil
	}
	var zero V
	err := r.db.QueryRowContext(context.TODO(), "SELECT v FROM kv WHERE k = ?", key).Scan(&zero) // want `ctxbackground: context.TODO\(\) starts a fresh context where ctx is in scope, so the caller's deadline and cancellation are lost; use ctx`
	return zero, err
}

// Instantiated explicitly and implicitly, through a generic helper.
func Do[T any](ctx context.Context, f func(context.Context) (T, error)) (T, error) {
	return f(ctx)
}

func Handler(ctx context.Context, r *Repo[string, int]) (int, error) {
	n, err := Do[int](ctx, func(ctx context.Context) (int, error) { return r.Get(ctx, "a") })
	if err != nil {
		return 0, err
	}
	m, err := Do(context.Background(), func(c context.Context) (int, error) { return r.Get(c, "b") }) // want `ctxbackground: context.Background\(\) starts a fresh context where ctx is in scope, so the caller's deadline and cancellation are lost; use ctx`
	return n + m, err
}

// A generic function value and an instantiated method value.
func Values(ctx context.Context, r *Repo[string, int]) {
	get := r.Get
	_, _ = get(ctx, "x")
	do := Do[string]
	_, _ = do(context.TODO(), func(context.Context) (string, error) { return "", nil }) // want `ctxbackground: context.TODO\(\) starts a fresh context where ctx is in scope, so the caller's deadline and cancellation are lost; use ctx`
}

// A type parameter that is not a context, off the request path.
func Off[T any](t T) context.Context {
	return context.Background()
}

// Bounded by the caller's context: left alone.
func Wait[C context.Context](ctx C, d time.Duration) error {
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-t.C:
		return nil
	case <-ctx.Done():
		return ctx.Err()
	}
}
