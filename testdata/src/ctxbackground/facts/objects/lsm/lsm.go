// Package lsm implements objects.Bucket twice: a local store whose reads
// only annotate a slow-query log from the context, and a remote store whose
// reads wait on the network.
package lsm

import (
	"context"
	"net/http"
)

type slowLogKey struct{}

// Local reads from memory; the context only carries a log annotation.
type Local struct{ m map[string][]byte }

func (l *Local) Get(ctx context.Context, key string) ([]byte, error) {
	annotate(ctx, key)
	return l.m[key], nil
}

func annotate(ctx context.Context, key string) {
	if log, ok := ctx.Value(slowLogKey{}).(*[]string); ok {
		*log = append(*log, key)
	}
}

// Remote reads over HTTP, bound to the context.
type Remote struct {
	Client *http.Client
	URL    string
}

func (r *Remote) Get(ctx context.Context, key string) ([]byte, error) {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, r.URL+"/"+key, nil)
	if err != nil {
		return nil, err
	}
	resp, err := r.Client.Do(req)
	if err != nil {
		return nil, err
	}
	resp.Body.Close()
	return nil, nil
}
