// Package rules: staticcheck's rules for its directives, as ctxbackground
// applies them to the directives that name it.
package rules

import "context"

func work(ctx context.Context) error { return ctx.Err() }

func Handle(ctx context.Context) {
	// In use: nothing to say.
	//lint:ignore ctxbackground the audit log must outlive the request
	_ = work(context.Background())

	// No reason: malformed, and it suppresses nothing.
	// want +1 `^malformed lint:ignore directive: it needs a reason$`
	//lint:ignore ctxbackground
	_ = work(context.Background()) // want `use ctx`

	// Nothing to suppress: stale.
	// want +1 `^stale lint:ignore directive: it suppresses no ctxbackground finding; remove it$`
	//lint:ignore ctxbackground the request used to be detached
	_ = work(ctx)

	// Naming two passes, in use for ctxbackground: dropcancel judges its
	// own name.
	//lint:ignore dropcancel,ctxbackground the audit log must outlive the request
	_ = work(context.TODO())

	// Naming two passes, with nothing for ctxbackground.
	// want +1 `^stale lint:ignore directive: it suppresses no ctxbackground finding; remove ctxbackground from it$`
	//lint:ignore dropcancel,ctxbackground the warm-up outlives the request
	_ = work(ctx)

	// A directive at the end of the line, and two directives covering one
	// finding: both are in use.
	//lint:ignore ctxbackground the audit log must outlive the request
	_ = work(context.Background()) //lint:ignore ctxbackground the audit log must outlive the request

	// Other passes', budgetlint's and //nolint comments are not judged.
	//lint:ignore dropcancel the warm-up outlives the request
	_ = work(ctx)
	//lint:ignore budgetlint the warm-up outlives the request
	_ = work(ctx)
	_ = work(ctx) //nolint:ctxbackground // the warm-up outlives the request
	//lint:ignore SA1019 another linter's
	_ = work(ctx)
}
