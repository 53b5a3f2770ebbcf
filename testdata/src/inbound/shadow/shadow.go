// Package shadow hides context parameters in every kind of scope, for
// TestExprAtMatchesScopeLookup: where the parameter's name still means
// the parameter, and where it does not.
package shadow

import (
	"context"
	"net/http"
	"time"
)

func use(context.Context) {}

func blocks(ctx context.Context) {
	use(ctx)
	{
		use(ctx)
		ctx := context.WithoutCancel(ctx)
		use(ctx)
		{
			use(ctx)
		}
	}
	if ctx, cancel := context.WithTimeout(ctx, time.Second); ctx != nil {
		use(ctx)
		cancel()
	} else {
		cancel()
		use(ctx)
	}
	for ctx := ctx; ctx != nil; ctx = nil {
		use(ctx)
	}
	switch ctx := any(ctx).(type) {
	case context.Context:
		use(ctx)
	default:
		_ = ctx
	}
	select {
	case ctx := <-make(chan context.Context):
		use(ctx)
	default:
		use(ctx)
	}
	for _, ctx := range []context.Context{ctx} {
		use(ctx)
	}
	use(ctx)
}

func closures(ctx context.Context) {
	f := func(ctx context.Context) { use(ctx) }
	f(ctx)
	g := func() {
		use(ctx)
		ctx, cancel := context.WithCancel(ctx)
		defer cancel()
		func() {
			use(ctx)
			var ctx = context.Background()
			use(ctx)
		}()
		use(ctx)
	}
	g()
	go func(ctx context.Context) { use(ctx) }(context.Background())
	use(ctx)
}

// redeclared at the top of the body: the same scope, the same variable.
func redeclared(ctx context.Context) {
	ctx, cancel := context.WithTimeout(ctx, time.Second)
	defer cancel()
	use(ctx)
}

func request(w http.ResponseWriter, r *http.Request) {
	use(r.Context())
	if r := r.WithContext(context.Background()); r != nil {
		use(r.Context())
	}
	for r := range 3 {
		_ = r
	}
	use(r.Context())
}

func twoNames(ctx context.Context, r *http.Request) {
	use(ctx)
	{
		r := 1
		_ = r
		use(ctx)
		ctx := 2
		_ = ctx
	}
	use(r.Context())
}
