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
		{"per-hop timeout", changed(DefaultHopsConfig, SimulateHops, func(c *HopsConfig) { c.PerHopTimeout = MaxDuration + 1 }), "above the limit of 24h0m0s"},
		{"latency", changed(DefaultHopsConfig, SimulateHops, func(c *HopsConfig) { c.Latencies[2] = 25 * time.Hour }), "hop C's latency: 25h0m0s is above the limit of 24h0m0s"},
		{"attempts", changed(DefaultRetryConfig, SimulateRetry, func(c *RetryConfig) { c.Attempts = 1_000_000_000 }), "attempts: 1000000000 is above the limit of 1000"},
		{"layers", changed(DefaultRetryConfig, SimulateRetry, func(c *RetryConfig) { c.Layers = MaxHops + 1 }), "layers: 1001 is above the limit of 1000"},
		{"doubling backoff", changed(DefaultRetryConfig, SimulateRetry, func(c *RetryConfig) { c.Attempts = 70 }), "the backoff before attempt 70"},
		{"deadline", changed(DefaultRetryConfig, SimulateRetry, func(c *RetryConfig) { c.Deadline = 48 * time.Hour }), "the deadline: 48h0m0s is above the limit of 24h0m0s"},
		{"requests", changed(DefaultSplitConfig, SimulateSplit, func(c *SplitConfig) { c.Requests = MaxRequests + 1 }), "requests: 100001 is above the limit of 100000"},
		{"non-finite", changed(DefaultSplitConfig, SimulateSplit, func(c *SplitConfig) { c.Slowdown.Tariff[3] = math.Inf(1) }), "must be a finite number"},
		{"milliseconds", func() error { return CheckMillis(1e300) }, "beyond the limit of 24h0m0s"},
	} {
		err := c.run()
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: error %v, want one saying %q", c.name, err, c.want)
		}
	}
}

// changed runs simulate on the default configuration with set's change,
// and returns its error.
func changed[C, R any](defaults func() C, simulate func(C) (R, error), set func(*C)) func() error {
	return func() error {
		c := defaults()
		set(&c)
		_, err := simulate(c)
		return err
	}
}
