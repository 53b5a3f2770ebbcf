package fixedtimeout_test

import (
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
	passtest.CheckPrices(t, fixedtimeout.Analyzer, lookup,
		passtest.Price{Value: "5*time.Second", Explain: "budgetlint explain fixedtimeout -timeout 5s", Cost: "up to 5s: 3s for nobody"},
		passtest.Price{Value: "8*time.Second", Explain: "budgetlint explain fixedtimeout -timeout 8s", Cost: "up to 8s: 6s for nobody"})
}
