package svc

import (
	"context"
	"testing"
)

type mapStore map[string]string

func (m mapStore) Get(ctx context.Context, key string) (string, error) { return m[key], ctx.Err() }

// TestLookup's fresh root, which Get observes, is reported only with the
// ctxbackground tests setting, suggesting t.Context().
func TestLookup(t *testing.T) {
	if _, err := mapStore(nil).Get(context.Background(), "k"); err != nil {
		t.Fatal(err)
	}
}
