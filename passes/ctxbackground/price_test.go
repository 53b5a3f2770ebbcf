package ctxbackground_test

import (
	"strings"
	"testing"

	"github.com/budgetlint/budgetlint/internal/passtest"
	"github.com/budgetlint/budgetlint/passes/ctxbackground"
)

const handler = `package p

import (
	"context"
	"time"
)

func query(ctx context.Context) error { return ctx.Err() }

func Handle(ctx context.Context) error {
	ctx, cancel := context.WithTimeout(ctx, VALUE)
	defer cancel()
	return query(context.Background())
}
`

// TestPrice: the deadline the code puts on the caller's context is what
// the fresh root drops, the -deadline of the explain command; a shorter
// one leaves more of seed 003's 9 s hop running for nobody.
func TestPrice(t *testing.T) {
	two := passtest.PriceOf(t, ctxbackground.Analyzer, handler, "2*time.Second")
	one := passtest.PriceOf(t, ctxbackground.Analyzer, handler, "time.Second")
	if want := "budgetlint explain ctxbackground -deadline 2s"; two.Explain != want {
		t.Errorf("explain: got %q, want %q", two.Explain, want)
	}
	if !strings.Contains(two.Cost, "9s with a hop as slow as seed 003's: 7s for nobody") ||
		!strings.Contains(one.Cost, "9s with a hop as slow as seed 003's: 8s for nobody") {
		t.Errorf("2s: %s\n1s: %s", two.Cost, one.Cost)
	}
}
