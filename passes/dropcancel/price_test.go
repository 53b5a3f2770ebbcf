package dropcancel_test

import (
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
	passtest.CheckPrices(t, dropcancel.Analyzer, health,
		passtest.Price{Value: "3*time.Second", Explain: "budgetlint explain dropcancel -deadline 3s", Cost: "6s for nobody"},
		passtest.Price{Value: "500*time.Millisecond", Explain: "budgetlint explain dropcancel -deadline 500ms", Cost: "8.5s for nobody"})
}
