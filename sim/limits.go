package sim

import (
	"fmt"
	"math"
	"time"
)

// The limits on the models' inputs, far above any chain, retry policy or
// run worth modelling. The models walk hops, attempts, layers and requests
// one at a time and keep a row for each (-attempts 1000000000 ran for
// minutes and to 10 GB), and they add durations up along them: with every
// count and every duration bounded, no sum comes near time.Duration's
// range (a doubling backoff over 70 attempts printed negative times).
const (
	MaxHops     = 1000           // hops in a chain; layers in seed 004's chain too
	MaxAttempts = 1000           // attempts of a retry policy
	MaxRequests = 100_000        // requests in one run of the split model
	MaxDuration = 24 * time.Hour // any one duration, a backoff included
)

// CheckCount reports n above limit, naming what is counted and the limit.
func CheckCount(what string, n, limit int) error {
	if n > limit {
		return fmt.Errorf("%s: %d is above the limit of %d", what, n, limit)
	}
	return nil
}

// checkCountIn reports a count below one, saying what needs one ("a run
// needs at least one request"), or above limit (CheckCount, naming the
// units counted).
func checkCountIn(needs, units string, n, limit int) error {
	if n < 1 {
		return fmt.Errorf("%s, not %d", needs, n)
	}
	return CheckCount(units, n, limit)
}

// checkPositive reports a duration that is zero or negative, naming it.
func checkPositive(what string, d time.Duration) error {
	if d <= 0 {
		return fmt.Errorf("%s must be positive, not %v", what, d)
	}
	return nil
}

// CheckDuration reports a duration above MaxDuration, naming it and the
// limit. Negative durations are each model's to judge.
func CheckDuration(what string, d time.Duration) error {
	if d > MaxDuration {
		return fmt.Errorf("%s: %v is above the limit of %v", what, d, MaxDuration)
	}
	return nil
}

// CheckMillis reports a number of milliseconds that is not a number or
// whose size exceeds MaxDuration, before it is converted to a
// time.Duration, which would wrap around.
func CheckMillis(ms float64) error {
	if math.IsNaN(ms) {
		return fmt.Errorf("NaN is not a number of milliseconds")
	}
	if math.Abs(ms) > float64(MaxDuration/time.Millisecond) {
		return fmt.Errorf("%v ms is beyond the limit of %v", ms, MaxDuration)
	}
	return nil
}

// checkFinite reports a parameter that is not a finite number.
func checkFinite(what string, x float64) error {
	if math.IsNaN(x) || math.IsInf(x, 0) {
		return fmt.Errorf("%s must be a finite number, not %v", what, x)
	}
	return nil
}
