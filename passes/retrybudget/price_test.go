package retrybudget_test

import (
	"strings"
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
// command, and more of them cost more.
func TestPrice(t *testing.T) {
	three := passtest.PriceOf(t, retrybudget.Analyzer, retryLoop, "3")
	five := passtest.PriceOf(t, retrybudget.Analyzer, retryLoop, "5")
	unknown := passtest.PriceOf(t, retrybudget.Analyzer, retryLoop, "limit")
	if want := "budgetlint explain retrybudget -attempts 3 -backoff 200ms -backoff-factor 1"; three.Explain != want {
		t.Errorf("explain: got %q, want %q", three.Explain, want)
	}
	// Seed 004's 2 s attempts against its 2 s deadline: 3 x 2 s + 2 x 200 ms.
	if !strings.Contains(three.Cost, "up to 6.4s: 4s of attempts for nobody") ||
		!strings.Contains(five.Cost, "up to 10.8s: 8s of attempts for nobody") {
		t.Errorf("3 attempts: %s\n5 attempts: %s", three.Cost, five.Cost)
	}
	if v := unknown.Values; v["attempts"] != "unknown" || v["backoff"] != "200ms" {
		t.Errorf("a variable limit: got %v, want attempts unknown", v)
	}
}
