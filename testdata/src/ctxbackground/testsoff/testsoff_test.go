package testsoff

import (
	"context"
	"testing"
)

// Without -tests, test code is left alone, even a helper with a context.

func TestDo(t *testing.T) {
	if err := Do(context.Background()); err != nil {
		t.Fatal(err)
	}
	t.Run("sub", func(t *testing.T) {
		_ = Do(context.TODO())
	})
}

func helper(ctx context.Context) error {
	return Do(context.Background())
}
