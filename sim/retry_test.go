package sim

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"
	"time"
)

// Seed 004's figures: "three attempts with two-second timeouts, the worst
// case is six seconds plus backoff" and "five 10-second timeouts can keep a
// request alive for 50 seconds".
func TestRetrySeedFigures(t *testing.T) {
	rep := simulate(t, SimulateRetry, DefaultRetryConfig())
	fig := func(name string) string { return seedFigure(t, "004", name) }
	c := rep.Config
	for _, f := range []struct {
		name string
		got  any
	}{
		{"attempts", c.Attempts}, {"attempt-timeout", c.AttemptTimeout}, {"worst-case", rep.FixedWorstCase},
		{"layers", c.Layers}, {"layer-timeout", c.LayerTimeout}, {"layers-alive", rep.LayersFixed.LastWorkEnds()},
		{"layer-timeout", rep.LayersFixed.UserWait}, // the user gives up after the top layer's timeout
		{"deadline", c.Deadline}, {"deadline", c.LayerDeadline}, {"deadline", rep.LayersBudget.LastWorkEnds()},
		{"left", c.Deadline - c.Spent}, {"floor", c.Floor},
	} {
		if got := fmt.Sprint(f.got); got != fig(f.name) {
			t.Errorf("%s = %s, want seed 004's %s", f.name, got, fig(f.name))
		}
	}
	if rep.TotalBackoff != 300*time.Millisecond {
		t.Errorf("backoff 100ms doubling over 3 attempts = %v, want 300ms", rep.TotalBackoff)
	}
	var b strings.Builder
	if err := rep.WriteText(&b); err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{
		"the last layer works on until 50s (5 x 10s)",
		"fixed policy worst case: 3 x 2s = 6s, plus 300ms backoff = 6.3s",
		"starts at 400ms, with 1.6s left",
	} {
		if !strings.Contains(b.String(), want) {
			t.Errorf("report lacks %q:\n%s", want, b.String())
		}
	}
}

// The default run: 400 ms already spent of a 2 s deadline, every attempt
// hangs. Fixed retries run 6.3 s past the loop's start; the budget-aware
// loop caps the first attempt to the 1.6 s left and skips the rest.
func TestRetryStrategies(t *testing.T) {
	rep, _ := SimulateRetry(DefaultRetryConfig())
	ms := time.Millisecond
	f, b := rep.Fixed, rep.BudgetAware
	if f.ReturnsAt != 6700*ms || f.Run != 3 || f.Skipped != 0 || f.AfterGiveUp != 4400*ms {
		t.Errorf("fixed = returns %v, run %d, skipped %d, after give-up %v; want 6.7s, 3, 0, 4.4s", f.ReturnsAt, f.Run, f.Skipped, f.AfterGiveUp)
	}
	if f.ReturnsAt-rep.Config.Spent != rep.FixedWorstCase+rep.TotalBackoff {
		t.Errorf("the fixed loop should take exactly its worst case when every attempt hangs")
	}
	if b.ReturnsAt != 2000*ms || b.Run != 1 || b.Skipped != 2 || b.AfterGiveUp != 0 {
		t.Errorf("budget-aware = returns %v, run %d, skipped %d, after give-up %v; want 2s, 1, 2, 0s", b.ReturnsAt, b.Run, b.Skipped, b.AfterGiveUp)
	}
	if b.Attempts[0].Limit != 1600*ms {
		t.Errorf("first budget-aware attempt capped to %v, want the 1.6s left", b.Attempts[0].Limit)
	}
}

func TestRetryFloorAndCancel(t *testing.T) {
	ms := time.Millisecond
	// Attempts fail fast after 700 ms; the backoff decides how much is left
	// for the third.
	c := DefaultRetryConfig()
	c.Spent = 0
	c.FailsAfter = 700 * ms
	c.Backoff = 100 * ms
	c.BackoffFactor = 3 // waits of 100 ms, then 300 ms
	b := c.RunBudgetAwareRetries()
	// 0-700 attempt 1, sleep 100, 800-1500 attempt 2, sleep 300 -> 1800: 200 ms left, runs capped to 200 ms.
	if b.Run != 3 || b.Attempts[2].Limit != 200*ms || b.Attempts[2].End != 2000*ms {
		t.Errorf("budget-aware with 200 ms left: %+v", b.Attempts)
	}
	c.BackoffFactor = 4.6 // second wait 460 ms -> attempt 3 would start at 1960 ms with 40 ms left
	b = c.RunBudgetAwareRetries()
	if b.Run != 2 || b.Skipped != 1 || !strings.Contains(b.Attempts[2].Outcome, "40ms left after the 460ms wait < 50ms floor") {
		t.Errorf("budget-aware below the floor: %+v", b.Attempts)
	}
	// It sees that before it waits: no sleep after the last attempt it runs.
	if b.ReturnsAt != 1500*ms {
		t.Errorf("budget-aware below the floor returns at %v, want 1.5s, when attempt 2 ends", b.ReturnsAt)
	}
	if f := c.RunFixedRetries(); f.Run != 3 || f.Skipped != 0 {
		t.Errorf("fixed retries skip nothing: %+v", f)
	}

	// The caller cancels at 700 ms: the budget-aware loop stops there, the
	// fixed loop runs on for all three attempts.
	c = DefaultRetryConfig()
	c.CallerCancelsAt = 700 * ms
	rep := simulate(t, SimulateRetry, c)
	if rep.BudgetAware.ReturnsAt != 700*ms || rep.BudgetAware.Skipped != 2 || rep.BudgetAware.AfterGiveUp != 0 {
		t.Errorf("budget-aware on cancellation: %+v", rep.BudgetAware)
	}
	if rep.Fixed.AfterGiveUp != 5700*ms {
		t.Errorf("fixed after a cancellation at 700ms: %v of work after give-up, want 5.7s", rep.Fixed.AfterGiveUp)
	}
	if _, err := SimulateRetry(RetryConfig{}); err == nil {
		t.Errorf("a zero config should be rejected")
	}
}

// Seed 004: an attempt that would start with 80 ms left cannot succeed, so
// a budget-aware loop does not start it, though 80 ms is above the 50 ms
// floor; with a least useful time below 80 ms it runs, capped.
func TestRetryHopelessAttempt(t *testing.T) {
	ms := time.Millisecond
	c := DefaultRetryConfig()
	c.Spent = 0
	c.FailsAfter = 700 * ms
	c.BackoffFactor = 4.2 // waits of 100 ms, then 420 ms: attempt 3 would start at 1920 ms, 80 ms left
	b := c.RunBudgetAwareRetries()
	if b.Run != 2 || b.Skipped != 1 || b.ReturnsAt != 1500*ms ||
		!strings.Contains(b.Attempts[2].Outcome, seedFigure(t, "004", "hopeless-left")+" left after the 420ms wait, too little to finish (an attempt needs 100ms)") {
		t.Errorf("budget-aware with 80 ms left: returns %v, %+v", b.ReturnsAt, b.Attempts)
	}
	c.MinUseful = 60 * ms
	b = c.RunBudgetAwareRetries()
	if b.Run != 3 || b.Attempts[2].Start != 1920*ms || b.Attempts[2].Limit != 80*ms || b.ReturnsAt != 2000*ms {
		t.Errorf("budget-aware with a 60 ms least useful time: returns %v, %+v", b.ReturnsAt, b.Attempts)
	}
	c.MinUseful = -ms
	if _, err := SimulateRetry(c); err == nil {
		t.Errorf("a negative least useful time should be rejected")
	}
}

// The retry loop's deadline and the layer chain's are separate parameters.
func TestRetryLayerDeadline(t *testing.T) {
	c := DefaultRetryConfig()
	c.Deadline = 5 * time.Second
	rep := simulate(t, SimulateRetry, c)
	if got := rep.LayersBudget.LastWorkEnds(); got != 2*time.Second {
		t.Errorf("the retry loop's 5s deadline moved the layer chain's budget: it stops at %v, want 2s", got)
	}
	c.LayerDeadline = 3 * time.Second
	rep, _ = SimulateRetry(c)
	if got := rep.LayersBudget.LastWorkEnds(); got != 3*time.Second || rep.BudgetAware.ReturnsAt != 5*time.Second {
		t.Errorf("a 3s layer deadline: layers stop at %v (want 3s), the loop returns at %v (want 5s)", got, rep.BudgetAware.ReturnsAt)
	}
}

// Durations longer than the columns (1.234567s) widen them: every outcome
// starts under its header, every figure keeps a space before it.
func TestRetryColumns(t *testing.T) {
	c := DefaultRetryConfig()
	c.AttemptTimeout, c.Spent, c.Backoff = 1234567*time.Microsecond, 0, 333*time.Millisecond
	rep := simulate(t, SimulateRetry, c)
	out := textOf(t, rep.WriteText)
	col := -1
	for _, line := range strings.Split(out, "\n") {
		if i := strings.Index(line, "outcome"); i >= 0 {
			col = i
			continue
		}
		if col >= 0 && line != "" && (len(line) <= col || line[col-1] != ' ' || line[col] == ' ') {
			t.Errorf("the outcome is not under its header (column %d): %q", col, line)
		}
	}
	if col < 0 || !strings.Contains(out, "1.234567s 1.234567s timed out") {
		t.Errorf("attempts table:\n%s", out)
	}
}

func TestRetryJSON(t *testing.T) {
	rep, _ := SimulateRetry(DefaultRetryConfig())
	data, err := json.Marshal(rep)
	if err != nil {
		t.Fatal(err)
	}
	var got struct {
		FixedWorstCaseMs float64
		Layers           struct{ LastLayerStopsAtMs float64 }
		BudgetAware      struct{ AttemptsRun, AttemptsSkipped int }
	}
	if err := json.Unmarshal(data, &got); err != nil {
		t.Fatal(err)
	}
	if got.FixedWorstCaseMs != 6000 || got.Layers.LastLayerStopsAtMs != 50000 || got.BudgetAware.AttemptsRun != 1 || got.BudgetAware.AttemptsSkipped != 2 {
		t.Errorf("JSON = %+v", got)
	}
}
