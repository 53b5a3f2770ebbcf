package tests

import (
	"context"
	"testing"
)

func TestDo(t *testing.T) {
	if err := Do(context.Background()); err != nil { // want `context.Background\(\) in a test runs past the test's deadline and cleanup; use t.Context\(\)`
		t.Fatal(err)
	}
	t.Run("sub", func(t *testing.T) {
		_ = Do(context.TODO()) // want `use t.Context\(\)`
	})
}

func helper(ctx context.Context) error {
	return Do(context.Background()) // want `use ctx`
}
