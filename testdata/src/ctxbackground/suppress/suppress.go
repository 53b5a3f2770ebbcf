// Package suppress holds //nolint and //lint:ignore comments: which
// silence the pass and which do not.
package suppress

import "context"

func work(ctx context.Context) error { return ctx.Err() }

func Handle(ctx context.Context) {
	_ = work(context.Background()) //nolint:ctxbackground // the audit log must outlive the request
	_ = work(context.Background()) //nolint:budgetlint
	//nolint:ctxbackground
	_ = work(context.Background())
	//lint:ignore ctxbackground the audit log must outlive the request
	_ = work(context.Background())
	_ = work(context.Background()) //nolint:fixedtimeout // want `use ctx`
	// want +1 `malformed lint:ignore directive: it needs a reason`
	//lint:ignore ctxbackground
	_ = work(context.Background()) // want `use ctx`
	_ = work(context.Background()) //nolint:errcheck,ctxbackground
	_ = work(context.Background()) //nolint
	_ = work(context.Background()) // want `use ctx`
}
