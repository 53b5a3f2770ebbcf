package retrybudget_test

import (
	"testing"

	"github.com/budgetlint/budgetlint/internal/passtest"
	"github.com/budgetlint/budgetlint/passes/retrybudget"
)

const retryLoop = `package p

import (
	"context"
	"time"
)

func call(ctx context.Context) error { return nil }

var limit = 3

func Charge(ctx context.Context) error {
	var err error
	for attempt := 0; attempt < VALUE; attempt++ {
		if err = call(ctx); err == nil {
			return nil
		}
		time.Sleep(200 * time.Millisecond)
	}
	return err
}
`

// TestPrice: the loop's attempt count and wait are the flags of its explain
// command, and more of them cost more: seed 004's 2 s attempts against its
// 2 s deadline, 3 x 2 s + 2 x 200 ms.
func TestPrice(t *testing.T) {
	passtest.CheckPrices(t, retrybudget.Analyzer, retryLoop,
		passtest.Price{Value: "3", Explain: "budgetlint explain retrybudget -attempts 3 -backoff 200ms -backoff-factor 1", Cost: "up to 6.4s: 4s of attempts for nobody"},
		passtest.Price{Value: "5", Explain: "budgetlint explain retrybudget -attempts 5 -backoff 200ms -backoff-factor 1", Cost: "up to 10.8s: 8s of attempts for nobody"})
	unknown := passtest.PriceOf(t, retrybudget.Analyzer, retryLoop, "limit")
	if v := unknown.Values; v["attempts"] != "unknown" || v["backoff"] != "200ms" {
		t.Errorf("a variable limit: got %v, want attempts unknown", v)
	}
}
