// Package svc calls helpers from a handler.
package svc

import (
	"context"
	"net/http"

	"example.com/vet/helpers"
)

func Handle(w http.ResponseWriter, r *http.Request) {
	_ = helpers.Warm()
}

func Do(ctx context.Context) error {
	return use(context.Background())
}

func use(ctx context.Context) error { return ctx.Err() }

// Audit records the call; the nolint comment on its root says why it detaches.
func Audit(ctx context.Context) error {
	return use(context.Background()) //nolint:ctxbackground // the audit record outlives the request
}
