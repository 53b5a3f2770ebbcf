// Package tests: with -ctxbackground.tests, t.Context() replaces the
// test's only use of "context".
package tests

import (
	"context"
	"testing"
)

func TestLoad(t *testing.T) {
	if err := load(context.Background(), "k"); err != nil { // want `use t.Context\(\)`
		t.Fatal(err)
	}
}
