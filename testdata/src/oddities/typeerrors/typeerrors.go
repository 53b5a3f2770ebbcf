// Package typeerrors does not type-check. Drivers that run passes despite
// errors (gopls, golangci-lint) hand them expressions without types,
// objects without declarations and calls of nothing: the passes must not
// crash, and must report only what is certain.
package typeerrors

import (
	"context"
	"database/sql"
	"net/http"
	"time"
)

// Findings that do not depend on the broken parts stand.
func Handle(ctx context.Context, db *sql.DB, w http.ResponseWriter) {
	undefinedCall(context.Background()) // want `ctxbackground: context.Background\(\) starts a fresh context where ctx is in scope, so the caller's deadline and cancellation are lost; use ctx`
	var x UndefinedType = context.TODO() // want `ctxbackground: context.TODO\(\) starts a fresh context where ctx is in scope, so the caller's deadline and cancellation are lost; use ctx`
	_ = x
	_, _ = http.Get(undefinedURL) // want `dropcancel: http.Get cannot be cancelled when the caller gives up; build the request with http\.NewRequestWithContext\(ctx, http\.MethodGet, url, nil\) and send it with a client`
	_, _ = db.Query(undefinedQuery, 1, 2) // want `dropcancel: db.Query cannot be cancelled when the caller gives up; use db\.QueryContext\(ctx, \.\.\.\)`
	for {
		time.Sleep(undefinedInterval) // want `fixedtimeout: sleep \(undefinedInterval\) in a loop that never checks ctx ignores the caller's deadline and cancellation; wait in a select on ctx\.Done\(\) and a timer`
	}
}

// Calls with the wrong number of arguments or of nothing at all.
func Wrong(ctx context.Context) {
	c1, cancel1 := context.WithTimeout(context.Background())
	c2, cancel2 := context.WithDeadline()
	context.WithCancel(ctx, ctx, ctx)
	context.Background(ctx) // want `ctxbackground: context.Background\(\) starts a fresh context where ctx is in scope, so the caller's deadline and cancellation are lost; use ctx`
	nothing()
	nil()
	ctx()
	ctx.Nope()
	_ = ctx.(undefined)
	time.Sleep()
	time.Sleep(1, 2)
	_ = []int{}.Len()
	_, _, _, _ = c1, c2, cancel1, cancel2
}

// Parameters of types that do not exist: whether they carry a context is
// unknown, so the function is off the request path.
func Unknown(ctx Missing, r *missing.Request) {
	_ = context.Background()
	for {
		time.Sleep(time.Second)
	}
}

// A method on an undeclared type, with a context. Without types the loop
// cannot be told to be a retry (nothing is known to return an error), so
// retrybudget is silent; fixedtimeout's finding about the sleep is true.
func (s *Service) Method(ctx context.Context) error {
	_, err := s.db.Exec("UPDATE x SET y = 1")
	for i := 0; i < s.retries; i++ {
		if err = s.call(ctx); err == nil {
			return nil
		}
		time.Sleep(time.Second) // want `fixedtimeout: 1s sleep in a loop that never checks ctx ignores the caller's deadline and cancellation; wait in a select on ctx\.Done\(\) and a timer`
	}
	return err
}

// A type parameter constrained by something undefined.
func Generic[T Undefined, C context.Context](ctx C, t T) {
	t.Method(context.TODO()) // want `ctxbackground: context.TODO\(\) starts a fresh context where ctx is in scope, so the caller's deadline and cancellation are lost; use ctx`
}

// Broken selects and timers.
func Select(ctx context.Context, ch chan int) {
	for {
		select {
		case <-undefinedChan:
		case v := <-ch:
			_ = v
		case <-time.After(undefinedDelay): // want `fixedtimeout: wait \(undefinedDelay\) on time.After in a loop that never checks ctx ignores the caller's deadline and cancellation; wait in a select on ctx\.Done\(\) and a timer`
		}
	}
}

// An import cycle of identifiers: a variable used in its own initialiser,
// and a function literal with a missing result.
func Cycle(ctx context.Context) {
	f := func() context.Context { return f() }
	g := func() context.Context {}
	_, _ = f, g
}

// Invalid recursive types and invalid constant durations.
type T1 T2
type T2 T1

func Consts(ctx context.Context, t T1) {
	const d = 1 << 100 * time.Second
	c, cancel := context.WithTimeout(context.Background(), d) // want `fixedtimeout: timeout \(d\) on a fresh context ignores the caller.s deadline; derive it from ctx \(from context\.WithoutCancel\(ctx\) if the work must finish after the caller gives up\)`
	defer cancel()
	_ = c
}

// A method whose receiver type does not resolve is still on the request
// path by its parameters.
func (s *MissingSuite) Handle(ctx context.Context) {
	_ = context.TODO() // want `ctxbackground: context.TODO\(\) starts a fresh context where ctx is in scope, so the caller's deadline and cancellation are lost; use ctx`
}
