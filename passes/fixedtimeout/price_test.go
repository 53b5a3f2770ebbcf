package fixedtimeout_test

import (
	"strings"
	"testing"

	"github.com/budgetlint/budgetlint/internal/passtest"
	"github.com/budgetlint/budgetlint/passes/fixedtimeout"
)

const lookup = `package p

import (
	"context"
	"time"
)

func query(ctx context.Context) error { return nil }

func Lookup(ctx context.Context) error {
	qctx, cancel := context.WithTimeout(context.Background(), VALUE)
	defer cancel()
	return query(qctx)
}
`

// TestPrice: the timeout in the code is the -timeout of the explain
// command, and a longer one keeps the work going longer after the caller's
// deadline (seed 004's 2 s).
func TestPrice(t *testing.T) {
	five := passtest.PriceOf(t, fixedtimeout.Analyzer, lookup, "5*time.Second")
	eight := passtest.PriceOf(t, fixedtimeout.Analyzer, lookup, "8*time.Second")
	if want := "budgetlint explain fixedtimeout -timeout 5s"; five.Explain != want {
		t.Errorf("explain: got %q, want %q", five.Explain, want)
	}
	if !strings.Contains(five.Cost, "up to 5s: 3s for nobody") || !strings.Contains(eight.Cost, "up to 8s: 6s for nobody") {
		t.Errorf("5s: %s\n8s: %s", five.Cost, eight.Cost)
	}
}
