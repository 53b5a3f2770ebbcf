package sim

import (
	"testing"
	"time"
)

// TestOneHop checks the finding's own situation against the documents'
// figures: seed 003's 9 s hop behind seed 004's 2 s deadline.
func TestOneHop(t *testing.T) {
	s := time.Second
	for _, tc := range []struct {
		name             string
		cfg              OneHopConfig
		ends, after, fix time.Duration
		unused           time.Duration
	}{
		{"dropped: the hop runs to its end", DefaultOneHopConfig(), 9 * s, 7 * s, 2 * s, 0},
		{"a 5 s timeout past the deadline", OneHopConfig{Deadline: 2 * s, Work: 9 * s, Timeout: 5 * s}, 5 * s, 3 * s, 2 * s, 0},
		// seed 003's 5 s per-hop timeout under its 6 s budget: the call
		// fails a second early, and the fix keeps the timeout.
		{"a 5 s timeout before the deadline", OneHopConfig{Deadline: 6 * s, Work: 9 * s, Timeout: 5 * s}, 5 * s, 0, 5 * s, 1 * s},
		{"work that ends in time", OneHopConfig{Deadline: 2 * s, Work: s}, s, 0, s, 0},
	} {
		rep := simulate(t, SimulateOneHop, tc.cfg)
		b := rep.Broken
		if b.WorkEnds != tc.ends || b.AfterGiveUp != tc.after || rep.Carried.WorkEnds != tc.fix || b.Unused != tc.unused || rep.Carried.AfterGiveUp != 0 {
			t.Errorf("%s: got %+v and %+v", tc.name, b, rep.Carried)
		}
	}
	if _, err := SimulateOneHop(OneHopConfig{Deadline: 0, Work: s}); err == nil {
		t.Error("a zero deadline is accepted")
	}
}
