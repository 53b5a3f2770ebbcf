package sim

import (
	"encoding/json"
	"fmt"
	"io"
	"strings"
	"time"
)

// This file is seed 003, "four 5-second timeouts are not a 5-second bound":
// one call chain run under fixed per-hop timeouts and under a budget set at
// the edge and propagated, counting what the user waits and how much work
// runs after the answer stopped mattering.

// HopsConfig describes the chain and its three conditions. The zero value is
// not useful; start from DefaultHopsConfig and override what you need.
type HopsConfig struct {
	// Latencies is each hop's own work on a normal day, caller side first.
	// The chain has len(Latencies) hops, named A, B, C, ...
	// Seed 003: A 1000, B 800, C 600, D 400 ms.
	Latencies []time.Duration
	// SlowLastLatency replaces the deepest hop's latency in the second
	// condition, where the bottom of the chain hangs. Seed 003: D 9000 ms.
	SlowLastLatency time.Duration
	// SlowEarlyHop and SlowEarlyLatency make the third condition: one hop
	// with hops still below it eats the budget, which is the only way to see
	// a budget skip work. Seed 003: hop 1 (B) takes 5500 ms.
	SlowEarlyHop     int
	SlowEarlyLatency time.Duration
	// PerHopTimeout is the fixed timeout every hop (and the user) puts on the
	// call below it. Seed 003: 5000 ms.
	PerHopTimeout time.Duration
	// UserBudget is the deadline set once at the edge and carried down.
	// Seed 003: 6000 ms.
	UserBudget time.Duration
}

// DefaultHopsConfig returns seed 003's chain: four hops, 5 s per-hop
// timeouts, a 6 s propagated budget.
func DefaultHopsConfig() HopsConfig {
	return HopsConfig{
		Latencies:        []time.Duration{1000 * time.Millisecond, 800 * time.Millisecond, 600 * time.Millisecond, 400 * time.Millisecond},
		SlowLastLatency:  9000 * time.Millisecond,
		SlowEarlyHop:     1,
		SlowEarlyLatency: 5500 * time.Millisecond,
		PerHopTimeout:    5000 * time.Millisecond,
		UserBudget:       6000 * time.Millisecond,
	}
}

// WithChainLength returns a copy of c with n hops: extra hops repeat the
// deepest hop's normal latency, a shorter chain keeps the first n. The slow
// early hop is kept above the deepest hop where the chain has room, so that
// the budget still has hops to skip.
func (c HopsConfig) WithChainLength(n int) HopsConfig {
	if n <= 0 || len(c.Latencies) == 0 {
		return c
	}
	lat := make([]time.Duration, n)
	for i := range lat {
		lat[i] = c.Latencies[min(i, len(c.Latencies)-1)]
	}
	c.Latencies = lat
	if c.SlowEarlyHop >= n-1 {
		c.SlowEarlyHop = max(n-2, 0)
	}
	return c
}

// Validate reports a configuration the model cannot run.
func (c HopsConfig) Validate() error {
	switch {
	case len(c.Latencies) == 0:
		return fmt.Errorf("the chain needs at least one hop")
	case len(c.Latencies) > MaxHops:
		return CheckCount("hops in the chain", len(c.Latencies), MaxHops)
	case c.SlowEarlyHop < 0 || c.SlowEarlyHop >= len(c.Latencies):
		return fmt.Errorf("slow early hop %d is outside the %d-hop chain", c.SlowEarlyHop, len(c.Latencies))
	}
	if err := checkPositive("the per-hop timeout", c.PerHopTimeout); err != nil {
		return err
	}
	names := HopNames(len(c.Latencies))
	for i, d := range c.Latencies {
		if d < 0 {
			return fmt.Errorf("hop %s has a negative latency %v", names[i], d)
		}
		if err := CheckDuration("hop "+names[i]+"'s latency", d); err != nil {
			return err
		}
	}
	if c.SlowLastLatency < 0 || c.SlowEarlyLatency < 0 {
		return fmt.Errorf("slow latencies must not be negative")
	}
	for _, d := range []struct {
		what string
		d    time.Duration
	}{{"the per-hop timeout", c.PerHopTimeout}, {"the budget", c.UserBudget}, {"the slow last latency", c.SlowLastLatency}, {"the slow early latency", c.SlowEarlyLatency}} {
		if err := CheckDuration(d.what, d.d); err != nil {
			return err
		}
	}
	return nil
}

// HopNames names a chain of n hops A, B, C, ... Z, then H27, H28, ...
func HopNames(n int) []string {
	names := make([]string, n)
	for i := range names {
		if i < 26 {
			names[i] = string(rune('A' + i))
		} else {
			names[i] = fmt.Sprintf("H%d", i+1)
		}
	}
	return names
}

// Condition is one set of per-hop latencies the chain runs under.
type Condition struct {
	Name      string
	Latencies []time.Duration
}

// Conditions returns seed 003's three conditions: normal, the deepest hop
// slow ("slow-D"), and an early hop slow ("slow-B").
func (c HopsConfig) Conditions() (normal, slowLast, slowEarly Condition) {
	names := HopNames(len(c.Latencies))
	normal = Condition{Name: "normal", Latencies: append([]time.Duration(nil), c.Latencies...)}
	slowLast = Condition{Name: "slow-" + names[len(names)-1], Latencies: append([]time.Duration(nil), c.Latencies...)}
	slowLast.Latencies[len(names)-1] = c.SlowLastLatency
	slowEarly = Condition{Name: "slow-" + names[c.SlowEarlyHop], Latencies: append([]time.Duration(nil), c.Latencies...)}
	slowEarly.Latencies[c.SlowEarlyHop] = c.SlowEarlyLatency
	return normal, slowLast, slowEarly
}

// HopSpan is one hop on the logical clock, for drawing the timeline. A hop
// is called at CalledAt, does its own work until OwnEnd, waits for the hop
// below until End. Its caller stopped waiting at CallerGaveUpAt; when End is
// later, the difference is abandoned work nobody waits for.
type HopSpan struct {
	Name           string
	Started        bool // false: the budget was spent before this hop's turn
	CalledAt       time.Duration
	OwnEnd         time.Duration
	End            time.Duration
	CallerGaveUpAt time.Duration
	CutByDeadline  bool // its own work was stopped when the budget ran out
}

// Abandoned is how long the hop kept working after its caller gave up.
func (s HopSpan) Abandoned() time.Duration {
	if !s.Started || s.End <= s.CallerGaveUpAt {
		return 0
	}
	return s.End - s.CallerGaveUpAt
}

// HopsResult is one row of seed 003's table plus the timeline behind it.
type HopsResult struct {
	UserWait    time.Duration // what the top of the chain measures
	OK          bool
	Wasted      time.Duration // work performed after the caller gave up
	HopsStarted int
	Spans       []HopSpan
}

// LastWorkEnds is when the last hop stops working: how long the request
// keeps the chain busy, whether or not anyone still waits.
func (r HopsResult) LastWorkEnds() time.Duration {
	var end time.Duration
	for _, s := range r.Spans {
		if s.Started {
			end = max(end, s.End)
		}
	}
	return end
}

// RunFixedTimeouts is seed 003's run_fixed: each hop (and the user) waits at
// most perHop for the hop below, and nobody tells a hop to stop when its
// caller gives up. The seed walks from the deepest hop up, because a hop's
// wait is bounded by its timeout but its cost is what actually ran.
func RunFixedTimeouts(latencies []time.Duration, perHop time.Duration) HopsResult {
	n := len(latencies)
	names := HopNames(n)
	var r HopsResult
	r.OK = true
	seen := make([]time.Duration, n+1) // seen[i]: hop i's duration as its caller sees it
	total := make([]time.Duration, n)
	for i := n - 1; i >= 0; i-- {
		r.HopsStarted++
		total[i] = latencies[i] + seen[i+1]
		if total[i] > perHop {
			seen[i] = perHop
			r.OK = false
			// The hop timed out, but the work below it keeps running to
			// completion: nobody told it to stop.
			r.Wasted += total[i] - perHop
		} else {
			seen[i] = total[i]
		}
	}
	r.UserWait = seen[0]
	var at time.Duration
	for i := range n {
		s := HopSpan{Name: names[i], Started: true, CalledAt: at, OwnEnd: at + latencies[i]}
		s.End = s.OwnEnd + seen[i+1]
		s.CallerGaveUpAt = s.End
		if total[i] > perHop {
			s.CallerGaveUpAt = at + perHop
		}
		r.Spans = append(r.Spans, s)
		at = s.OwnEnd
	}
	return r
}

// RunPropagatedBudget is seed 003's run_budget: the edge sets a deadline,
// each hop is given what remains, and a hop with nothing left does not
// start. A hop that runs out stops at the deadline; nothing below it was
// ever started, so no work is wasted.
func RunPropagatedBudget(latencies []time.Duration, budget time.Duration) HopsResult {
	names := HopNames(len(latencies))
	remaining := budget
	var r HopsResult
	r.OK = true
	for i, own := range latencies {
		s := HopSpan{Name: names[i], CalledAt: r.UserWait}
		if remaining <= 0 {
			r.OK = false
			r.Spans = append(r.Spans, s)
			continue
		}
		s.Started = true
		r.HopsStarted++
		if own > remaining {
			r.UserWait += remaining
			remaining = 0
			r.OK = false
			s.CutByDeadline = true
		} else {
			r.UserWait += own
			remaining -= own
		}
		s.OwnEnd = r.UserWait
		r.Spans = append(r.Spans, s)
	}
	for i := range r.Spans {
		if r.Spans[i].Started { // every started hop returns when the chain below it does
			r.Spans[i].End = r.UserWait
			r.Spans[i].CallerGaveUpAt = r.UserWait
		}
	}
	return r
}

// WorstCaseFixedChain prices "per-hop timeouts add up": n hops with the same
// fixed timeout, each slow right up to its own timeout before it calls the
// next. The user gives up after one timeout; the last hop is still working
// until n timeouts have passed (seed 004: five 10 s timeouts keep a request
// alive 50 s; seed 003: four 5 s timeouts, "the user waits 20").
func WorstCaseFixedChain(n int, timeout time.Duration) HopsResult {
	lat := make([]time.Duration, n)
	for i := range lat {
		lat[i] = timeout
	}
	return RunFixedTimeouts(lat, timeout)
}

// HopsRow is one line of seed 003's table.
type HopsRow struct {
	Condition string
	Strategy  string // "fixed" or "budget"
	HopsResult
}

// HopsTableHeader is the header of seed 003's table.
const HopsTableHeader = "condition  strategy  user wait  ok  wasted ms  hops started"

// String formats the row as seed 003 prints it ("%-10s %-9s %-10d ...").
func (row HopsRow) String() string {
	return fmt.Sprintf("%-10s %-9s %-10d %-3d %-10d %d", row.Condition, row.Strategy,
		row.UserWait.Milliseconds(), b2i(row.OK), row.Wasted.Milliseconds(), row.HopsStarted)
}

// HopsCheck is one of seed 003's six checks.
type HopsCheck struct {
	Claim  string
	Passed bool
}

// HopsReport is everything seed 003 prints.
type HopsReport struct {
	Config    HopsConfig
	Hops      []string
	Rows      []HopsRow // normal, slow-last, slow-early; fixed then budget
	SumNormal time.Duration
	Checks    []HopsCheck
}

// Row returns the row for a condition and strategy, as the seed's res[...].
func (r HopsReport) Row(condition, strategy string) (HopsRow, bool) {
	for _, row := range r.Rows {
		if row.Condition == condition && row.Strategy == strategy {
			return row, true
		}
	}
	return HopsRow{}, false
}

// Passed counts the checks that hold.
func (r HopsReport) Passed() int {
	n := 0
	for _, c := range r.Checks {
		if c.Passed {
			n++
		}
	}
	return n
}

// SimulateHops runs seed 003: every condition under both strategies, then
// the six checks.
func SimulateHops(cfg HopsConfig) (HopsReport, error) {
	if err := cfg.Validate(); err != nil {
		return HopsReport{}, err
	}
	rep := HopsReport{Config: cfg, Hops: HopNames(len(cfg.Latencies))}
	normal, slowLast, slowEarly := cfg.Conditions()
	res := map[string]HopsResult{}
	for _, c := range []Condition{normal, slowLast, slowEarly} {
		f := RunFixedTimeouts(c.Latencies, cfg.PerHopTimeout)
		b := RunPropagatedBudget(c.Latencies, cfg.UserBudget)
		rep.Rows = append(rep.Rows, HopsRow{c.Name, "fixed", f}, HopsRow{c.Name, "budget", b})
		// A condition name can repeat with a one-hop chain; keep the first,
		// as the seed's res[] would be overwritten by equal results anyway.
		if _, ok := res[c.Name+"/fixed"]; !ok {
			res[c.Name+"/fixed"], res[c.Name+"/budget"] = f, b
		}
	}
	for _, d := range cfg.Latencies {
		rep.SumNormal += d
	}
	chainLen := len(cfg.Latencies)
	nf, nb := res["normal/fixed"], res["normal/budget"]
	lf, lb := res[slowLast.Name+"/fixed"], res[slowLast.Name+"/budget"]
	ef, eb := res[slowEarly.Name+"/fixed"], res[slowEarly.Name+"/budget"]
	rep.Checks = []HopsCheck{
		{"when everything is fast both strategies succeed and take the same time",
			nf.OK && nb.OK && nf.UserWait == nb.UserWait},
		{"the normal-path wait is the sum of the hops, not any single timeout",
			nb.UserWait == rep.SumNormal},
		{"with a slow " + rep.Hops[chainLen-1] + " both strategies fail",
			!lf.OK && !lb.OK},
		{"the budget bounds the user's wait",
			lb.UserWait <= cfg.UserBudget && lf.UserWait > 0},
		{"the budget wastes strictly less work than fixed timeouts",
			lb.Wasted < lf.Wasted},
		{"hops with no budget left are not started",
			eb.HopsStarted < chainLen && ef.HopsStarted == chainLen},
	}
	return rep, nil
}

// WriteText prints the report as seed 003 prints it; with the default
// configuration the output is the seed's text byte for byte.
func (r HopsReport) WriteText(w io.Writer) error {
	var b strings.Builder
	p := func(format string, a ...any) { fmt.Fprintf(&b, format+"\n", a...) }
	n := len(r.Hops)
	last := r.Hops[n-1]
	p(HopsTableHeader)
	for _, row := range r.Rows {
		p("%s", row)
	}
	per, budget := r.Config.PerHopTimeout.Milliseconds(), r.Config.UserBudget.Milliseconds()
	p("")
	p("per-hop timeout: %d ms across %d %s", per, n, map[bool]string{true: "hop", false: "hops"}[n == 1])
	p("propagated budget: %d ms total", budget)
	p("")
	p("sum of normal latencies: %d ms", r.SumNormal.Milliseconds())
	p("worst case a per-hop timeout of %d permits: %d ms at the top,", per, per)
	p("...which is what the top hop measures, not what the user waits.")
	p("")
	lf, lb := r.Rows[2], r.Rows[3]
	ef, eb := r.Rows[4], r.Rows[5]
	p("with a slow %s, work performed after the caller gave up:", last)
	p("  fixed timeouts:     %d ms", lf.Wasted.Milliseconds())
	p("  propagated budget:  %d ms", lb.Wasted.Milliseconds())
	p("hops started before failing:")
	p("  fixed timeouts:     %d/%d", lf.HopsStarted, n)
	p("  propagated budget:  %d/%d", lb.HopsStarted, n)
	if lf.HopsStarted == lb.HopsStarted {
		p("...equal, because %s is the last hop - nothing was left to skip. The skip", last)
		p("only shows up when the budget runs out with hops remaining:")
	} else {
		p("...fewer under the budget: it did not start hops it had no time for. The")
		p("same shows when an early hop eats the budget with hops remaining:")
	}
	p("  %s, fixed timeouts:    %d/%d hops started", ef.Condition, ef.HopsStarted, n)
	p("  %s, propagated budget: %d/%d hops started", eb.Condition, eb.HopsStarted, n)
	p("")
	p("checks passed: %d/%d", r.Passed(), len(r.Checks))
	if r.Passed() == len(r.Checks) {
		p("Per-hop timeouts compose by addition; only a deadline bounds the user.")
	} else {
		p("FAILED - a timeout strategy did not behave as the checks describe.")
	}
	p("")
	if n == 1 {
		p("One service with a fixed timeout enforces it once; a chain of them")
		p("enforces it once per hop, in sequence. The number that matters")
	} else {
		p("%s services each configured with the same timeout do not enforce that", capitalize(numberWord(n)))
		p("timeout - they enforce it %s times, in sequence. The number that matters", numberWord(n))
	}
	p("is a deadline set once at the edge and carried down, and the reason it")
	p("matters most under load is that abandoned work is work the system is doing")
	p("instead of the work it still could have finished.")
	_, err := io.WriteString(w, b.String())
	return err
}

// MarshalJSON gives the report's figures in milliseconds, the seed's unit.
func (r HopsReport) MarshalJSON() ([]byte, error) {
	type span struct {
		Hop            string `json:"hop"`
		Started        bool   `json:"started"`
		CalledAtMs     int64  `json:"calledAtMs"`
		OwnEndMs       int64  `json:"ownEndMs"`
		EndMs          int64  `json:"endMs"`
		CallerGaveUpMs int64  `json:"callerGaveUpAtMs"`
		AbandonedMs    int64  `json:"abandonedMs"`
		CutByDeadline  bool   `json:"cutByDeadline,omitempty"`
	}
	type row struct {
		Condition      string `json:"condition"`
		Strategy       string `json:"strategy"`
		UserWaitMs     int64  `json:"userWaitMs"`
		OK             bool   `json:"ok"`
		WastedMs       int64  `json:"wastedMs"`
		HopsStarted    int    `json:"hopsStarted"`
		LastWorkEndsMs int64  `json:"lastWorkEndsMs"`
		Timeline       []span `json:"timeline"`
	}
	type check struct {
		Claim  string `json:"claim"`
		Passed bool   `json:"passed"`
	}
	out := struct {
		Hops            []string `json:"hops"`
		LatenciesMs     []int64  `json:"latenciesMs"`
		PerHopTimeoutMs int64    `json:"perHopTimeoutMs"`
		UserBudgetMs    int64    `json:"userBudgetMs"`
		SumNormalMs     int64    `json:"sumNormalMs"`
		Rows            []row    `json:"rows"`
		Checks          []check  `json:"checks"`
		ChecksPassed    int      `json:"checksPassed"`
		ChecksRun       int      `json:"checksRun"`
	}{
		Hops: r.Hops, PerHopTimeoutMs: r.Config.PerHopTimeout.Milliseconds(),
		UserBudgetMs: r.Config.UserBudget.Milliseconds(), SumNormalMs: r.SumNormal.Milliseconds(),
		ChecksPassed: r.Passed(), ChecksRun: len(r.Checks),
	}
	for _, d := range r.Config.Latencies {
		out.LatenciesMs = append(out.LatenciesMs, d.Milliseconds())
	}
	for _, rw := range r.Rows {
		o := row{rw.Condition, rw.Strategy, rw.UserWait.Milliseconds(), rw.OK, rw.Wasted.Milliseconds(),
			rw.HopsStarted, rw.LastWorkEnds().Milliseconds(), nil}
		for _, s := range rw.Spans {
			o.Timeline = append(o.Timeline, span{s.Name, s.Started, s.CalledAt.Milliseconds(), s.OwnEnd.Milliseconds(),
				s.End.Milliseconds(), s.CallerGaveUpAt.Milliseconds(), s.Abandoned().Milliseconds(), s.CutByDeadline})
		}
		out.Rows = append(out.Rows, o)
	}
	for _, c := range r.Checks {
		out.Checks = append(out.Checks, check(c))
	}
	return json.Marshal(out)
}

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}

// numberWord spells small counts, as the seed's closing paragraph does
// ("Four services ... four times").
func numberWord(n int) string {
	words := []string{"zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven", "twelve"}
	if n >= 0 && n < len(words) {
		return words[n]
	}
	return fmt.Sprint(n)
}

func capitalize(s string) string {
	if s == "" {
		return s
	}
	return strings.ToUpper(s[:1]) + s[1:]
}
