package price

import (
	"testing"
	"time"
)

// TestURLRoundTrip: what a pass writes into the URL is what a driver reads
// back, unknown values included.
func TestURLRoundTrip(t *testing.T) {
	v := Values{Attempts: 3, Backoff: 200 * time.Millisecond, BackoffFactor: 1}
	u := URL("https://pkg.go.dev/x/retrybudget", "retrybudget", v)
	if want := "https://pkg.go.dev/x/retrybudget?attempts=3&backoff=200ms&backoff-factor=1&timeout=unknown&deadline=unknown"; u != want {
		t.Errorf("URL: got %s, want %s", u, want)
	}
	got, ok := Parse("retrybudget", u)
	if !ok || got != v {
		t.Errorf("Parse: got %+v, %v; want %+v", got, ok, v)
	}
	if _, ok := Parse("retrybudget", "https://pkg.go.dev/x/retrybudget"); ok {
		t.Error("a URL without values is priced")
	}
	if _, ok := Parse("inbound", u); ok {
		t.Error("a pass without a price is priced")
	}
}

// TestRetryDefaults: with nothing known, the loop is seed 004's: three 2 s
// attempts, 100 ms then 200 ms of backoff, against a 2 s deadline.
func TestRetryDefaults(t *testing.T) {
	p, err := Compute("retrybudget", Values{})
	if err != nil {
		t.Fatal(err)
	}
	if p.Explain != "budgetlint explain retrybudget" {
		t.Errorf("explain: %s", p.Explain)
	}
	if want := "after the caller's 2s deadline this loop keeps working up to 6.3s: 4s of attempts for nobody (3 x 2s timeout + 300ms of waits); checking the deadline, it returns by 2s"; p.Cost != want {
		t.Errorf("cost:\n got %s\nwant %s", p.Cost, want)
	}
}
