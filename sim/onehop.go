package sim

import (
	"encoding/json"
	"fmt"
	"time"
)

// This file is the finding's own situation, built from seed 003's chain: a
// caller with a deadline calls through one hop that either passes the
// deadline on (the fix), drops it (a fresh root, a call that cannot carry
// the signal: ctxbackground, dropcancel) or replaces it with a fixed timeout
// of its own (fixedtimeout). The work below that hop is as slow as seed
// 003's hanging hop. Dropped, it runs to its end whatever the caller does;
// replaced, it stops at the fixed timeout, which is either after the caller
// gave up (work for nobody) or before (a failure with budget left).

// OneHopConfig is the one hop's situation.
type OneHopConfig struct {
	Deadline time.Duration // the caller gives up this long after the call
	Work     time.Duration // how long the work below the hop takes
	Timeout  time.Duration // the hop's fixed timeout; 0 for none
}

// DefaultOneHopConfig returns the documents' figures: seed 004's caller
// with a 2 s deadline and seed 003's hop that hangs for 9 s.
func DefaultOneHopConfig() OneHopConfig {
	return OneHopConfig{Deadline: 2 * time.Second, Work: 9 * time.Second}
}

// Validate reports a situation the model cannot run.
func (c OneHopConfig) Validate() error {
	if c.Deadline <= 0 || c.Work <= 0 || c.Timeout < 0 {
		return fmt.Errorf("the deadline and the work must be positive, the timeout not negative")
	}
	for _, d := range []struct {
		name string
		d    time.Duration
	}{{"-deadline", c.Deadline}, {"-work", c.Work}, {"-timeout", c.Timeout}} {
		if err := CheckDuration(d.name, d.d); err != nil {
			return err
		}
	}
	return nil
}

// OneHopResult is one way of handling the deadline at the hop.
type OneHopResult struct {
	Strategy    string        // "dropped", "fixed" or "carried"
	WorkEnds    time.Duration // when the work below the hop stops
	AfterGiveUp time.Duration // work done after the caller gave up
	// Unused is budget the caller still had when a fixed timeout shorter
	// than its deadline failed the call.
	Unused time.Duration
}

// OneHopReport is the hop under each strategy that applies: dropped, or
// fixed when the configuration has a timeout, then carried.
type OneHopReport struct {
	Config  OneHopConfig
	Broken  OneHopResult // what the finding's code does
	Carried OneHopResult // what the fix does
}

// SimulateOneHop runs the one-hop model. With a Timeout the broken code is
// the fixed timeout; without one, the dropped deadline. The fix derives
// from the caller's context, so it stops at the sooner of the caller's
// deadline and any timeout of its own (context.WithTimeout(ctx, d)).
func SimulateOneHop(c OneHopConfig) (OneHopReport, error) {
	if err := c.Validate(); err != nil {
		return OneHopReport{}, err
	}
	rep := OneHopReport{Config: c}
	if c.Timeout > 0 {
		end := min(c.Work, c.Timeout)
		rep.Broken = OneHopResult{Strategy: "fixed", WorkEnds: end, AfterGiveUp: max(end-c.Deadline, 0)}
		if c.Timeout < c.Deadline && c.Work > c.Timeout {
			rep.Broken.Unused = c.Deadline - c.Timeout
		}
	} else {
		rep.Broken = OneHopResult{Strategy: "dropped", WorkEnds: c.Work, AfterGiveUp: max(c.Work-c.Deadline, 0)}
	}
	limit := c.Deadline
	if c.Timeout > 0 {
		limit = min(limit, c.Timeout)
	}
	rep.Carried = OneHopResult{Strategy: "carried", WorkEnds: min(c.Work, limit)}
	return rep, nil
}

// MarshalJSON gives the figures in milliseconds, as the other models do.
func (r OneHopReport) MarshalJSON() ([]byte, error) {
	type result struct {
		Strategy      string `json:"strategy"`
		WorkEndsMs    int64  `json:"workEndsMs"`
		AfterGiveUpMs int64  `json:"afterGiveUpMs"`
		UnusedMs      int64  `json:"unusedBudgetMs"`
	}
	conv := func(x OneHopResult) result {
		return result{x.Strategy, x.WorkEnds.Milliseconds(), x.AfterGiveUp.Milliseconds(), x.Unused.Milliseconds()}
	}
	return json.Marshal(struct {
		DeadlineMs int64  `json:"deadlineMs"`
		WorkMs     int64  `json:"workMs"`
		TimeoutMs  int64  `json:"timeoutMs"`
		Broken     result `json:"broken"`
		Carried    result `json:"carried"`
	}{r.Config.Deadline.Milliseconds(), r.Config.Work.Milliseconds(), r.Config.Timeout.Milliseconds(), conv(r.Broken), conv(r.Carried)})
}
