// Package tenant is another module's tenant propagation: it moves an org
// ID between contexts and requests, and sends with one.
package tenant

import (
	"context"
	"net/http"
)

type key struct{}

func InjectOrgID(ctx context.Context, id string) context.Context {
	return context.WithValue(ctx, key{}, id)
}

func ExtractOrgID(ctx context.Context) (string, error) {
	id, _ := ctx.Value(key{}).(string)
	return id, nil
}

func InjectOrgIDIntoHTTPRequest(ctx context.Context, req *http.Request) error {
	id, err := ExtractOrgID(ctx)
	req.Header.Set("X-Org-ID", id)
	return err
}

func Send(ctx context.Context, id string) error { <-ctx.Done(); return ctx.Err() }
