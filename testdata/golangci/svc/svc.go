// Package svc is the golangci-lint integration test's target (.ci/golangci.sh):
// one finding of each budgetlint pass, one suppressed finding, and in the
// test file one finding that only the ctxbackground tests setting reports.
package svc

import (
	"context"
	"net/http"
	"time"
)

type Store interface {
	Get(ctx context.Context, key string) (string, error)
}

// Lookup roots a fresh context although ctx is in scope: ctxbackground,
// with a fix that passes ctx instead.
func Lookup(ctx context.Context, s Store, key string) (string, error) {
	return s.Get(context.Background(), key)
}

// Cached bounds the call by a fixed timeout on a fresh root: fixedtimeout.
func Cached(ctx context.Context, s Store, key string) (string, error) {
	c, cancel := context.WithTimeout(context.TODO(), 2*time.Second)
	defer cancel()
	return s.Get(c, key)
}

// Fetch sends a request that cannot carry ctx's cancellation: dropcancel.
func Fetch(ctx context.Context, url string) (*http.Response, error) {
	return http.Get(url)
}

// Retry sleeps and retries without looking at ctx: retrybudget.
func Retry(ctx context.Context, s Store, key string) (v string, err error) {
	for range 3 {
		if v, err = s.Get(ctx, key); err == nil {
			return v, nil
		}
		time.Sleep(100 * time.Millisecond)
	}
	return "", err
}

// Audit detaches on purpose, and says so.
func Audit(ctx context.Context, s Store) {
	_, _ = s.Get(context.TODO(), "audit") //nolint:budgetlint // the audit record outlives the request
}
