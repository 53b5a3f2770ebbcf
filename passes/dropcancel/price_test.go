package dropcancel_test

import (
	"strings"
	"testing"

	"github.com/budgetlint/budgetlint/internal/passtest"
	"github.com/budgetlint/budgetlint/passes/dropcancel"
)

const health = `package p

import (
	"context"
	"net/http"
	"time"
)

func Health(ctx context.Context, url string) error {
	ctx, cancel := context.WithTimeout(ctx, VALUE)
	defer cancel()
	resp, err := http.Get(url)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}
`

// TestPrice: the deadline the code puts on the caller's context is what a
// call without the signal cannot carry, the -deadline of the explain
// command; a shorter one leaves more work running for nobody.
func TestPrice(t *testing.T) {
	three := passtest.PriceOf(t, dropcancel.Analyzer, health, "3*time.Second")
	half := passtest.PriceOf(t, dropcancel.Analyzer, health, "500*time.Millisecond")
	if want := "budgetlint explain dropcancel -deadline 3s"; three.Explain != want {
		t.Errorf("explain: got %q, want %q", three.Explain, want)
	}
	if !strings.Contains(three.Cost, "6s for nobody") || !strings.Contains(half.Cost, "8.5s for nobody") {
		t.Errorf("3s: %s\n500ms: %s", three.Cost, half.Cost)
	}
}
