package sim

import (
	"cmp"
	"encoding/json"
	"fmt"
	"io"
	"math"
	"strings"
	"time"
)

// This file is seed 004, "Timeout Budget": one deadline instead of many
// timeouts, and retries that spend the budget instead of ignoring it. The
// seed is prose with one snippet (a 50 ms floor, the attempt's timer set to
// what remains); its figures are "five 10-second timeouts can keep a request
// alive for 50 seconds" and "three attempts with two-second timeouts, the
// worst case is six seconds plus backoff".

// RetryConfig holds the retry model's parameters. Start from
// DefaultRetryConfig and override what you need.
type RetryConfig struct {
	// Deadline is the caller's budget, counted from the request's start.
	// Seed 004: "the edge sets a deadline, for example 2 seconds".
	Deadline time.Duration
	// Spent is what the request used before the retry loop begins.
	// Seed 004: "if 1.6 seconds are left" — 400 ms of the 2 s are gone.
	Spent time.Duration
	// Attempts and AttemptTimeout are the retry policy.
	// Seed 004: three attempts with two-second timeouts.
	Attempts       int
	AttemptTimeout time.Duration
	// Backoff is the wait before the second attempt; each further wait is
	// BackoffFactor times longer. The seed says only "plus backoff"; 100 ms
	// doubling is this model's choice.
	Backoff       time.Duration
	BackoffFactor float64
	// Floor is the least budget worth starting an attempt with: the seed's
	// callWithinBudget throws below 50 ms.
	Floor time.Duration
	// MinUseful is the least time an attempt needs to be able to succeed:
	// with less left it cannot finish before the deadline, so a
	// budget-aware loop skips it instead of starting work it will cut off.
	// The seed says an attempt started with 80 ms left cannot succeed, so
	// the default must lie above 80 ms; 100 ms is this model's choice. Zero
	// leaves only Floor.
	MinUseful time.Duration
	// SafetyMargin is kept back from each attempt's cap ("1.6 seconds minus
	// a small safety margin"); the seed's snippet uses none.
	SafetyMargin time.Duration
	// FailsAfter is how long an attempt takes to fail when nothing cuts it
	// short. Zero means it hangs until its timeout: the worst case.
	FailsAfter time.Duration
	// CallerCancelsAt is when the caller aborts because it no longer needs
	// the result, on the request's clock. Zero: it waits until its deadline.
	CallerCancelsAt time.Duration
	// Layers and LayerTimeout are the chain of fixed per-layer timeouts the
	// seed opens with: five layers, 10 s each.
	Layers       int
	LayerTimeout time.Duration
	// LayerDeadline is the deadline set at the edge of that chain and
	// carried down instead of the fixed timeouts: the seed's 2 s. It is the
	// chain's own; Deadline is the retry loop's.
	LayerDeadline time.Duration
}

// DefaultRetryConfig returns seed 004's figures.
func DefaultRetryConfig() RetryConfig {
	return RetryConfig{
		Deadline:       2 * time.Second,
		Spent:          400 * time.Millisecond,
		Attempts:       3,
		AttemptTimeout: 2 * time.Second,
		Backoff:        100 * time.Millisecond,
		BackoffFactor:  2,
		Floor:          50 * time.Millisecond,
		MinUseful:      100 * time.Millisecond,
		Layers:         5,
		LayerTimeout:   10 * time.Second,
		LayerDeadline:  2 * time.Second,
	}
}

// checkWaits reports a negative wait or offset, or a backoff factor that
// is not a finite number >= 0.
func (c RetryConfig) checkWaits() error {
	switch {
	case c.Spent < 0 || c.Backoff < 0 || c.Floor < 0 || c.MinUseful < 0 || c.SafetyMargin < 0 || c.FailsAfter < 0 || c.CallerCancelsAt < 0:
		return fmt.Errorf("spent, backoff, floor, least useful time, safety margin, fails-after and cancel time must not be negative")
	case c.BackoffFactor < 0 || math.IsNaN(c.BackoffFactor) || math.IsInf(c.BackoffFactor, 0):
		return fmt.Errorf("the backoff factor must be a finite number >= 0, not %v", c.BackoffFactor)
	}
	return nil
}

// Validate reports a configuration the model cannot run.
func (c RetryConfig) Validate() error {
	if err := cmp.Or(
		checkCountIn("a retry policy needs at least one attempt", "attempts", c.Attempts, MaxAttempts),
		checkPositive("the attempt timeout", c.AttemptTimeout),
		checkPositive("the deadline", c.Deadline),
		c.checkWaits(),
		checkCountIn("the chain needs at least one layer", "layers", c.Layers, MaxHops),
		checkPositive("the layer timeout", c.LayerTimeout),
		checkPositive("the layer chain's deadline", c.LayerDeadline),
	); err != nil {
		return err
	}
	for _, d := range []struct {
		what string
		d    time.Duration
	}{
		{"the deadline", c.Deadline}, {"the time spent", c.Spent}, {"the attempt timeout", c.AttemptTimeout},
		{"the backoff", c.Backoff}, {"the floor", c.Floor}, {"the least useful time", c.MinUseful}, {"the safety margin", c.SafetyMargin},
		{"fails-after", c.FailsAfter}, {"the cancel time", c.CallerCancelsAt}, {"the layer timeout", c.LayerTimeout},
		{"the layer chain's deadline", c.LayerDeadline},
	} {
		if err := CheckDuration(d.what, d.d); err != nil {
			return err
		}
	}
	// The longest wait is before the last attempt, or before the second
	// when the waits shrink; computed in floating point, as it may be far
	// out of time.Duration's range.
	if c.Attempts >= 2 {
		longest := float64(c.Backoff) * max(1, math.Pow(c.BackoffFactor, float64(c.Attempts-2)))
		if longest > float64(MaxDuration) {
			return fmt.Errorf("the backoff before attempt %d: %s is above the limit of %v (fewer attempts, a shorter backoff or a smaller factor)",
				c.Attempts, approxDuration(longest), MaxDuration)
		}
	}
	return nil
}

// approxDuration prints a number of nanoseconds that may not fit a
// time.Duration.
func approxDuration(ns float64) string {
	if ns < float64(math.MaxInt64) {
		return time.Duration(ns).String()
	}
	return fmt.Sprintf("%.3g h", ns/float64(time.Hour))
}

// GiveUpAt is when the caller stops waiting: its deadline, or its
// cancellation if that comes first.
func (c RetryConfig) GiveUpAt() time.Duration {
	if c.CallerCancelsAt > 0 && c.CallerCancelsAt < c.Deadline {
		return c.CallerCancelsAt
	}
	return c.Deadline
}

// BackoffBefore is the wait before attempt k (1-based); none before the first.
func (c RetryConfig) BackoffBefore(k int) time.Duration {
	if k <= 1 {
		return 0
	}
	return time.Duration(math.Round(float64(c.Backoff) * math.Pow(c.BackoffFactor, float64(k-2))))
}

// TotalBackoff is the sum of the waits between all attempts.
func (c RetryConfig) TotalBackoff() time.Duration {
	var sum time.Duration
	for k := 2; k <= c.Attempts; k++ {
		sum += c.BackoffBefore(k)
	}
	return sum
}

// RetryAttempt is one attempt on the request's clock.
type RetryAttempt struct {
	N       int // 1-based
	Skipped bool
	Backoff time.Duration // waited before it
	Start   time.Duration
	Limit   time.Duration // its timeout, capped by a budget-aware policy
	End     time.Duration
	Outcome string
	// AfterGiveUp is the part of the attempt that ran after the caller gave up.
	AfterGiveUp time.Duration
}

// RetryResult is one strategy's run.
type RetryResult struct {
	Strategy    string // "fixed" or "budget-aware"
	Attempts    []RetryAttempt
	ReturnsAt   time.Duration // when the retry loop gives back control
	Run         int
	Skipped     int
	AfterGiveUp time.Duration // attempt time spent after the caller gave up
	StopReason  string
}

func (r *RetryResult) add(a RetryAttempt, giveUp time.Duration) {
	if !a.Skipped {
		r.Run++
		if a.End > giveUp {
			a.AfterGiveUp = a.End - max(a.Start, giveUp)
		}
		r.AfterGiveUp += a.AfterGiveUp
		r.ReturnsAt = a.End
	} else {
		r.Skipped++
	}
	r.Attempts = append(r.Attempts, a)
}

// attemptEnd is how an attempt started at start with the given limit ends:
// it fails on its own after FailsAfter, or times out at its limit.
func (c RetryConfig) attemptEnd(start, limit time.Duration) (time.Duration, string) {
	if c.FailsAfter > 0 && c.FailsAfter < limit {
		return start + c.FailsAfter, "failed"
	}
	return start + limit, "timed out"
}

// RunFixedRetries retries blind: every attempt gets the full fixed timeout,
// every backoff is slept in full, and neither the deadline nor the caller's
// cancellation is looked at.
func (c RetryConfig) RunFixedRetries() RetryResult {
	r := RetryResult{Strategy: "fixed", ReturnsAt: c.Spent, StopReason: "attempts exhausted"}
	giveUp := c.GiveUpAt()
	t := c.Spent
	for k := 1; k <= c.Attempts; k++ {
		b := c.BackoffBefore(k)
		t += b
		end, outcome := c.attemptEnd(t, c.AttemptTimeout)
		r.add(RetryAttempt{N: k, Backoff: b, Start: t, Limit: c.AttemptTimeout, End: end, Outcome: outcome}, giveUp)
		t = end
	}
	return r
}

// RunBudgetAwareRetries is seed 004's budget-aware loop. Before each
// attempt, and before the wait that precedes it, it looks at the caller
// (stop on cancellation) and at what the deadline would leave once the wait
// is over: below the floor, or below the least time an attempt needs to
// succeed, the attempt cannot finish, so it is skipped with the rest and the
// loop returns at once instead of sleeping first. Otherwise it waits (the
// wait ends early if the caller cancels) and caps the attempt to what
// remains; the attempt carries the cancellation signal.
func (c RetryConfig) RunBudgetAwareRetries() RetryResult {
	r := RetryResult{Strategy: "budget-aware", ReturnsAt: c.Spent, StopReason: "attempts exhausted"}
	giveUp := c.GiveUpAt()
	cancels := c.CallerCancelsAt > 0
	skipRest := func(k int, t time.Duration, reason string) {
		r.StopReason = reason
		for ; k <= c.Attempts; k++ {
			r.add(RetryAttempt{N: k, Skipped: true, Start: t, End: t, Outcome: "skipped: " + reason}, giveUp)
		}
	}
	t := c.Spent
	for k := 1; k <= c.Attempts; k++ {
		if cancels && t >= c.CallerCancelsAt {
			skipRest(k, t, "caller cancelled")
			break
		}
		b := c.BackoffBefore(k)
		remaining := c.Deadline - (t + b) - c.SafetyMargin
		if why := c.hopeless(remaining, b); why != "" {
			skipRest(k, t, why)
			break
		}
		if cancels && t+b > c.CallerCancelsAt {
			t = c.CallerCancelsAt // the wait ends when the caller goes
			r.ReturnsAt = t
			skipRest(k, t, "caller cancelled")
			break
		}
		t += b
		limit := min(c.AttemptTimeout, remaining)
		end, outcome := c.attemptEnd(t, limit)
		if cancels && end > c.CallerCancelsAt {
			end, outcome = c.CallerCancelsAt, "stopped: caller cancelled"
		} else if limit < c.AttemptTimeout && outcome == "timed out" {
			outcome = "timed out at the deadline"
		}
		r.add(RetryAttempt{N: k, Backoff: b, Start: t, Limit: limit, End: end, Outcome: outcome}, giveUp)
		t = end
	}
	return r
}

// hopeless says why an attempt that would start with remaining left, after
// a wait of wait, is not worth starting; "" when it is.
func (c RetryConfig) hopeless(remaining, wait time.Duration) string {
	after := ""
	if wait > 0 {
		after = fmt.Sprintf(" after the %v wait", wait)
	}
	left := max(remaining, 0)
	switch {
	case remaining < c.Floor:
		return fmt.Sprintf("%v left%s < %v floor", left, after, c.Floor)
	case remaining < c.MinUseful:
		return fmt.Sprintf("%v left%s, too little to finish (an attempt needs %v)", left, after, c.MinUseful)
	}
	return ""
}

// RetryReport is the seed 004 model: the chain of fixed layer timeouts and
// the two retry strategies.
type RetryReport struct {
	Config         RetryConfig
	FixedWorstCase time.Duration // attempts x attempt timeout, before backoff
	TotalBackoff   time.Duration
	Fixed          RetryResult
	BudgetAware    RetryResult
	// LayersFixed is the chain of per-layer fixed timeouts, each layer slow
	// right up to its timeout; LayersBudget is the same chain under the
	// deadline carried down.
	LayersFixed  HopsResult
	LayersBudget HopsResult
}

// SimulateRetry runs the seed 004 model.
func SimulateRetry(cfg RetryConfig) (RetryReport, error) {
	if err := cfg.Validate(); err != nil {
		return RetryReport{}, err
	}
	lat := make([]time.Duration, cfg.Layers)
	for i := range lat {
		lat[i] = cfg.LayerTimeout
	}
	return RetryReport{
		Config:         cfg,
		FixedWorstCase: time.Duration(cfg.Attempts) * cfg.AttemptTimeout,
		TotalBackoff:   cfg.TotalBackoff(),
		Fixed:          cfg.RunFixedRetries(),
		BudgetAware:    cfg.RunBudgetAwareRetries(),
		LayersFixed:    WorstCaseFixedChain(cfg.Layers, cfg.LayerTimeout),
		LayersBudget:   RunPropagatedBudget(lat, cfg.LayerDeadline),
	}, nil
}

// WriteText prints the retry model's figures.
func (r RetryReport) WriteText(w io.Writer) error {
	c := r.Config
	var b strings.Builder
	p := func(format string, a ...any) { fmt.Fprintf(&b, format+"\n", a...) }
	p("-- one deadline instead of many timeouts --")
	p("%d layers, each with a fixed %v timeout on the layer below, each slow up to its timeout:", c.Layers, c.LayerTimeout)
	p("  the user gives up after %v; the last layer works on until %v (%d x %v)",
		r.LayersFixed.UserWait, r.LayersFixed.LastWorkEnds(), c.Layers, c.LayerTimeout)
	p("  work performed after a caller gave up: %v", r.LayersFixed.Wasted)
	p("one %v deadline set at the edge and carried down: every layer stops by %v, %d/%d layers started",
		c.LayerDeadline, r.LayersBudget.LastWorkEnds(), r.LayersBudget.HopsStarted, c.Layers)
	p("")
	p("-- retries: %d attempts x %v timeout, backoff %v (x%v per retry), deadline %v, floor %v, an attempt needs %v --",
		c.Attempts, c.AttemptTimeout, c.Backoff, c.BackoffFactor, c.Deadline, c.Floor, c.MinUseful)
	p("times are on the request's clock; the retry loop starts at %v, with %v left", c.Spent, max(c.Deadline-c.Spent, 0))
	if c.CallerCancelsAt > 0 {
		p("the caller cancels at %v", c.CallerCancelsAt)
	}
	p("fixed policy worst case: %d x %v = %v, plus %v backoff = %v",
		c.Attempts, c.AttemptTimeout, r.FixedWorstCase, r.TotalBackoff, r.FixedWorstCase+r.TotalBackoff)
	p("the caller gives up at %v", c.GiveUpAt())
	r.writeStrategies(&b)
	p("")
	t := newTable(-15, -9, -9, -9, -9, -9, 0)
	t.row("strategy", "attempt", "backoff", "start", "timeout", "end", "outcome")
	for _, res := range []RetryResult{r.Fixed, r.BudgetAware} {
		for _, a := range res.Attempts {
			if a.Skipped {
				t.row(res.Strategy, fmt.Sprint(a.N), "-", a.Start.String(), "-", "-", a.Outcome)
				continue
			}
			t.row(res.Strategy, fmt.Sprint(a.N), a.Backoff.String(), a.Start.String(), a.Limit.String(), a.End.String(), a.Outcome)
		}
	}
	t.writeTo(&b)
	_, err := io.WriteString(w, b.String())
	return err
}

// WriteStrategies prints one line per strategy: when the loop returns, the
// attempts run and skipped, and the work done after the caller gave up.
func (r RetryReport) WriteStrategies(w io.Writer) error { return writeBuilt(w, r.writeStrategies) }

func (r RetryReport) writeStrategies(b *strings.Builder) {
	t := newTable(-14, 11, 14, 9, 20)
	t.row("strategy", "returns at", "attempts run", "skipped", "work after give-up")
	for _, res := range []RetryResult{r.Fixed, r.BudgetAware} {
		t.row(res.Strategy, res.ReturnsAt.String(), fmt.Sprint(res.Run), fmt.Sprint(res.Skipped), res.AfterGiveUp.String())
	}
	t.writeTo(b)
}

// MarshalJSON gives the retry model's figures in milliseconds.
func (r RetryReport) MarshalJSON() ([]byte, error) {
	ms := func(d time.Duration) float64 { return float64(d) / float64(time.Millisecond) }
	type attempt struct {
		N             int     `json:"attempt"`
		Skipped       bool    `json:"skipped"`
		BackoffMs     float64 `json:"backoffMs"`
		StartMs       float64 `json:"startMs"`
		TimeoutMs     float64 `json:"timeoutMs"`
		EndMs         float64 `json:"endMs"`
		Outcome       string  `json:"outcome"`
		AfterGiveUpMs float64 `json:"afterGiveUpMs"`
	}
	type result struct {
		Strategy      string    `json:"strategy"`
		ReturnsAtMs   float64   `json:"returnsAtMs"`
		AttemptsRun   int       `json:"attemptsRun"`
		Skipped       int       `json:"attemptsSkipped"`
		AfterGiveUpMs float64   `json:"workAfterGiveUpMs"`
		StopReason    string    `json:"stopReason"`
		Attempts      []attempt `json:"attempts"`
	}
	conv := func(x RetryResult) result {
		o := result{x.Strategy, ms(x.ReturnsAt), x.Run, x.Skipped, ms(x.AfterGiveUp), x.StopReason, nil}
		for _, a := range x.Attempts {
			o.Attempts = append(o.Attempts, attempt{a.N, a.Skipped, ms(a.Backoff), ms(a.Start), ms(a.Limit), ms(a.End),
				a.Outcome, ms(a.AfterGiveUp)})
		}
		return o
	}
	c := r.Config
	out := map[string]any{
		"layers": map[string]any{
			"layers":                  c.Layers,
			"layerTimeoutMs":          ms(c.LayerTimeout),
			"userGivesUpAtMs":         ms(r.LayersFixed.UserWait),
			"lastLayerStopsAtMs":      ms(r.LayersFixed.LastWorkEnds()),
			"workAfterCallerGaveUpMs": ms(r.LayersFixed.Wasted),
			"deadlineMs":              ms(c.LayerDeadline),
			"budgetStopsAtMs":         ms(r.LayersBudget.LastWorkEnds()),
			"budgetLayersStarted":     r.LayersBudget.HopsStarted,
		},
		"deadlineMs":                  ms(c.Deadline),
		"spentBeforeMs":               ms(c.Spent),
		"attempts":                    c.Attempts,
		"attemptTimeoutMs":            ms(c.AttemptTimeout),
		"backoffMs":                   ms(c.Backoff),
		"backoffFactor":               c.BackoffFactor,
		"floorMs":                     ms(c.Floor),
		"minUsefulMs":                 ms(c.MinUseful),
		"callerGivesUpAtMs":           ms(c.GiveUpAt()),
		"fixedWorstCaseMs":            ms(r.FixedWorstCase),
		"totalBackoffMs":              ms(r.TotalBackoff),
		"fixedWorstCaseWithBackoffMs": ms(r.FixedWorstCase + r.TotalBackoff),
		"fixed":                       conv(r.Fixed),
		"budgetAware":                 conv(r.BudgetAware),
	}
	return json.Marshal(out)
}
