package ctxbackground_test

import (
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
	passtest.CheckPrices(t, ctxbackground.Analyzer, handler,
		passtest.Price{Value: "2*time.Second", Explain: "budgetlint explain ctxbackground -deadline 2s", Cost: "9s with a hop as slow as seed 003's: 7s for nobody"},
		passtest.Price{Value: "time.Second", Explain: "budgetlint explain ctxbackground -deadline 1s", Cost: "9s with a hop as slow as seed 003's: 8s for nobody"})
}
