package svc

import (
	"context"
	"testing"
)

type mapStore map[string]string

func (m mapStore) Get(ctx context.Context, key string) (string, error) { return m[key], ctx.Err() }

// TestLookup's fresh root is reported only with the ctxbackground tests
// setting, suggesting t.Context().
func TestLookup(t *testing.T) {
	if _, err := Lookup(context.Background(), mapStore{"k": "v"}, "k"); err != nil {
		t.Fatal(err)
	}
}
