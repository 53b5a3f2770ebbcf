package sim

import (
	"strings"
	"testing"
	"time"
)

func TestHopsGolden(t *testing.T) {
	rep := simulate(t, SimulateHops, DefaultHopsConfig())
	diffText(t, textOf(t, rep.WriteText), seedOutput(t, "seed003_output.txt"))
}

func TestHopsTable(t *testing.T) {
	rep := simulate(t, SimulateHops, DefaultHopsConfig())
	ms := time.Millisecond
	want := []struct {
		cond, strategy string
		wait           time.Duration
		ok             bool
		wasted         time.Duration
		started        int
	}{
		{"normal", "fixed", 2800 * ms, true, 0, 4},
		{"normal", "budget", 2800 * ms, true, 0, 4},
		{"slow-D", "fixed", 5000 * ms, false, 6400 * ms, 4},
		{"slow-D", "budget", 6000 * ms, false, 0, 4},
		{"slow-B", "fixed", 5000 * ms, false, 2500 * ms, 4},
		{"slow-B", "budget", 6000 * ms, false, 0, 2},
	}
	for _, w := range want {
		row, ok := rep.Row(w.cond, w.strategy)
		if !ok {
			t.Fatalf("no row %s/%s", w.cond, w.strategy)
		}
		if row.UserWait != w.wait || row.OK != w.ok || row.Wasted != w.wasted || row.HopsStarted != w.started {
			t.Errorf("%s/%s = wait %v ok %v wasted %v started %d, want %v %v %v %d", w.cond, w.strategy,
				row.UserWait, row.OK, row.Wasted, row.HopsStarted, w.wait, w.ok, w.wasted, w.started)
		}
	}
	if rep.SumNormal != 2800*ms {
		t.Errorf("sum of normal latencies = %v, want 2800ms", rep.SumNormal)
	}
	if rep.Passed() != 6 || len(rep.Checks) != 6 {
		t.Errorf("checks passed %d/%d, want 6/6", rep.Passed(), len(rep.Checks))
	}
}

// The timeline behind the table: each hop's abandoned work adds up to the
// wasted column, and a propagated budget leaves nothing running.
func TestHopsTimeline(t *testing.T) {
	rep, _ := SimulateHops(DefaultHopsConfig())
	for _, row := range rep.Rows {
		var sum time.Duration
		for _, s := range row.Spans {
			sum += s.Abandoned()
		}
		if sum != row.Wasted {
			t.Errorf("%s/%s: abandoned spans add to %v, wasted is %v", row.Condition, row.Strategy, sum, row.Wasted)
		}
	}
	slowD, _ := rep.Row("slow-D", "fixed")
	// D is called at 2400 ms (1000+800+600) and runs its 9000 ms to 11400 ms.
	if got := slowD.LastWorkEnds(); got != 11400*time.Millisecond {
		t.Errorf("slow-D fixed: last work ends at %v, want 11.4s", got)
	}
	slowDB, _ := rep.Row("slow-D", "budget")
	if got := slowDB.LastWorkEnds(); got != 6000*time.Millisecond {
		t.Errorf("slow-D budget: last work ends at %v, want 6s", got)
	}
	slowB, _ := rep.Row("slow-B", "budget")
	if slowB.Spans[2].Started || slowB.Spans[3].Started || !slowB.Spans[1].CutByDeadline {
		t.Errorf("slow-B budget: want B cut at the deadline and C, D never started: %+v", slowB.Spans)
	}
}

// Seed 003's premise, "every service has a 5 second timeout, and the user
// waits 20", and seed 004's "five 10-second timeouts can keep a request
// alive for 50 seconds".
func TestWorstCaseFixedChain(t *testing.T) {
	for _, c := range []struct {
		hops    int
		timeout time.Duration
		alive   time.Duration
	}{
		{4, 5 * time.Second, 20 * time.Second},
		{5, 10 * time.Second, 50 * time.Second},
	} {
		r := WorstCaseFixedChain(c.hops, c.timeout)
		if r.LastWorkEnds() != c.alive || r.UserWait != c.timeout {
			t.Errorf("%d x %v: user waits %v, last work ends %v; want %v and %v", c.hops, c.timeout,
				r.UserWait, r.LastWorkEnds(), c.timeout, c.alive)
		}
	}
}

func TestHopsOtherFlags(t *testing.T) {
	cfg := DefaultHopsConfig().WithChainLength(6)
	rep := simulate(t, SimulateHops, cfg)
	if rep.Hops[5] != "F" || rep.SumNormal != 3600*time.Millisecond {
		t.Errorf("six hops: names %v, sum %v", rep.Hops, rep.SumNormal)
	}
	var b strings.Builder
	rep.WriteText(&b)
	for _, want := range []string{"slow-F     fixed", "across 6 hops", "Six services", "six times"} {
		if !strings.Contains(b.String(), want) {
			t.Errorf("six-hop report lacks %q:\n%s", want, b.String())
		}
	}
	// A budget that outlasts every condition makes the budget checks fail.
	cfg = DefaultHopsConfig()
	cfg.UserBudget = time.Minute
	rep, _ = SimulateHops(cfg)
	if rep.Passed() == len(rep.Checks) {
		t.Errorf("a one-minute budget should fail a check")
	}
	b.Reset()
	rep.WriteText(&b)
	if !strings.Contains(b.String(), "FAILED - a timeout strategy") {
		t.Errorf("failing checks should print the FAILED verdict")
	}
	if _, err := SimulateHops(HopsConfig{}); err == nil {
		t.Errorf("an empty chain should be rejected")
	}
}
