package sim

import (
	"math"
	"strings"
	"testing"
	"time"
)

// TestLimits checks that every model takes its inputs up to the limits
// and rejects them beyond, naming the limit (issue 15: a billion attempts
// ran for minutes and to 10 GB; a doubling backoff over 70 attempts
// overflowed into negative times).
func TestLimits(t *testing.T) {
	hops := DefaultHopsConfig().WithChainLength(MaxHops)
	hops.PerHopTimeout = MaxDuration
	if _, err := SimulateHops(hops); err != nil {
		t.Errorf("%d hops, %v per hop: %v", MaxHops, MaxDuration, err)
	}
	retry := DefaultRetryConfig()
	retry.Attempts, retry.BackoffFactor, retry.Backoff, retry.AttemptTimeout = MaxAttempts, 1, MaxDuration, MaxDuration
	retry.Layers, retry.LayerTimeout = MaxHops, MaxDuration
	if _, err := SimulateRetry(retry); err != nil {
		t.Errorf("%d attempts, %d layers, %v each: %v", MaxAttempts, MaxHops, MaxDuration, err)
	}
	split := DefaultSplitConfig()
	split.Requests = MaxRequests
	if _, err := SimulateSplit(split); err != nil {
		t.Errorf("%d requests: %v", MaxRequests, err)
	}

	for _, c := range []struct {
		name string
		run  func() error
		want string
	}{
		{"hops", func() error { _, err := SimulateHops(DefaultHopsConfig().WithChainLength(MaxHops + 1)); return err }, "above the limit of 1000"},
		{"per-hop timeout", func() error {
			c := DefaultHopsConfig()
			c.PerHopTimeout = MaxDuration + 1
			_, err := SimulateHops(c)
			return err
		}, "above the limit of 24h0m0s"},
		{"latency", func() error {
			c := DefaultHopsConfig()
			c.Latencies[2] = 25 * time.Hour
			_, err := SimulateHops(c)
			return err
		}, "hop C's latency: 25h0m0s is above the limit of 24h0m0s"},
		{"attempts", func() error {
			c := DefaultRetryConfig()
			c.Attempts = 1_000_000_000
			_, err := SimulateRetry(c)
			return err
		}, "attempts: 1000000000 is above the limit of 1000"},
		{"layers", func() error {
			c := DefaultRetryConfig()
			c.Layers = MaxHops + 1
			_, err := SimulateRetry(c)
			return err
		}, "layers: 1001 is above the limit of 1000"},
		{"doubling backoff", func() error {
			c := DefaultRetryConfig()
			c.Attempts = 70
			_, err := SimulateRetry(c)
			return err
		}, "the backoff before attempt 70"},
		{"deadline", func() error {
			c := DefaultRetryConfig()
			c.Deadline = 48 * time.Hour
			_, err := SimulateRetry(c)
			return err
		}, "the deadline: 48h0m0s is above the limit of 24h0m0s"},
		{"requests", func() error {
			c := DefaultSplitConfig()
			c.Requests = MaxRequests + 1
			_, err := SimulateSplit(c)
			return err
		}, "requests: 100001 is above the limit of 100000"},
		{"non-finite", func() error {
			c := DefaultSplitConfig()
			c.Slowdown.Tariff[3] = math.Inf(1)
			_, err := SimulateSplit(c)
			return err
		}, "must be a finite number"},
		{"milliseconds", func() error { return CheckMillis(1e300) }, "beyond the limit of 24h0m0s"},
	} {
		err := c.run()
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: error %v, want one saying %q", c.name, err, c.want)
		}
	}
}
