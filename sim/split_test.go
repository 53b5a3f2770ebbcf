package sim

import (
	"encoding/json"
	"math"
	"strings"
	"testing"
)

func TestSplitGolden(t *testing.T) {
	rep := simulate(t, SimulateSplit, DefaultSplitConfig())
	// The seed's tables, then the figure its text adds below the last.
	want := seedOutput(t, "seed000_output.txt") + "at 24 minutes/mo, " + seedFigure(t, "000", "minutes-left") +
		" of the " + seedFigure(t, "000", "failure-share") + " minutes are left for the rest of the month\n"
	diffText(t, textOf(t, rep.WriteText), want)
}

// Each figure of seed 000's tables, as the tables print them, asserted one
// by one so that a drift names the figure.
func TestSplitFigures(t *testing.T) {
	rep := simulate(t, SimulateSplit, DefaultSplitConfig())
	cfg := rep.Config
	if rep.Remaining != 180 {
		t.Errorf("remaining for the arm = %v, want 180", rep.Remaining)
	}
	shares := map[SplitPolicy][2]string{Greedy: {"180.0", "180.0"}, Equal: {"90.0", "90.0"}, Weighted: {"60.0", "120.0"}}
	for _, s := range rep.Shares {
		if got := [2]string{toFixed(s.Tariff, 1), toFixed(s.Size, 1)}; got != shares[s.Policy] {
			t.Errorf("%s shares = %v, want %v", s.Policy, got, shares[s.Policy])
		}
	}
	type row struct {
		answered, dropped, blameTariff, blameSize int
		median, worst, avg, held, wasted          string
	}
	want := map[string]map[SplitPolicy]row{
		"failure-free": {
			Greedy:   {48, 0, 0, 0, "40", "200", "46.2", "19.2", "0"},
			Equal:    {46, 2, 0, 2, "40", "190", "45.8", "19.1", "20"},
			Weighted: {46, 2, 2, 0, "40", "180", "45.3", "18.9", "40"},
		},
		"tariff slowdown": {
			Greedy:   {6, 42, 36, 42, "200", "200", "197.8", "82.4", "5540"},
			Equal:    {0, 48, 48, 2, "123", "200", "126.0", "52.5", "9700"},
			Weighted: {0, 48, 48, 0, "93", "180", "96.4", "40.2", "11120"},
		},
	}
	for regime, policies := range want {
		for p, w := range policies {
			r, ok := rep.Run(regime, p)
			if !ok {
				t.Fatalf("no run %s/%s", regime, p)
			}
			got := row{r.Answered, r.Dropped, r.Failed.Tariff, r.Failed.Size, jsString(r.Median), jsString(r.Worst),
				toFixed(r.Average, 1), toFixed(cfg.HeldSlots(r.Average), 1), jsString(r.WastedWork)}
			if got != w {
				t.Errorf("%s/%s = %+v, want %+v", regime, p, got, w)
			}
			if r.N != 48 || len(r.EndToEnd) != 48 || r.Failed.Delivery != 0 {
				t.Errorf("%s/%s: n %d, %d durations, delivery failures %d", regime, p, r.N, len(r.EndToEnd), r.Failed.Delivery)
			}
		}
	}
	busy := map[SplitPolicy][4]string{
		Greedy:   {"82.4", "48.1", "130.5", "82.4"},
		Equal:    {"52.5", "84.2", "136.7", "52.5"},
		Weighted: {"40.2", "96.5", "136.7", "40.2"},
	}
	for _, b := range rep.BusySlots {
		got := [4]string{toFixed(b.Caller, 1), toFixed(b.Abandoned, 1), toFixed(b.TotalNoCancel, 1), toFixed(b.TotalCancel, 1)}
		if got != busy[b.Policy] {
			t.Errorf("busy slots %s = %v, want %v", b.Policy, got, busy[b.Policy])
		}
	}
	f := rep.DeadlineField
	if got := [4]string{jsString(f.BytesPerRequest), toFixed(f.PercentOfReply, 1), toFixed(f.BytesPerSecond, 2), toFixed(f.KiBPerSecond, 2)}; got != [4]string{"40", "8.3", "20555.60", "20.07"} {
		t.Errorf("deadline field cost = %v, want 40 B, 8.3%%, 20555.60 B/s, 20.07 KiB/s", got)
	}
	for _, ts := range rep.TightSplit {
		if ts.MoreDropped != 2 || ts.N != 48 || toFixed(ts.Percent, 2) != "4.17" || toFixed(ts.RequestsPerSec, 2) != "17.36" {
			t.Errorf("tight split %s = %d/%d, %s%%, %s req/s; want 2/48, 4.17%%, 17.36 req/s", ts.Policy, ts.MoreDropped, ts.N,
				toFixed(ts.Percent, 2), toFixed(ts.RequestsPerSec, 2))
		}
	}
	left := seedFigure(t, "000", "minutes-left")
	sens := [][3]string{{"12", "42.6%", "16.2"}, {"24", "85.1%", left}, {"24", "85.1%", left}}
	for i, s := range rep.Sensitivity {
		// The prose adds: twice a month leaves 4.2 minutes for the rest of the month.
		if got := [3]string{jsString(s.MinutesPerMonth), toFixed(s.PercentOfShare, 1) + "%", toFixed(s.MinutesLeft, 1)}; got != sens[i] {
			t.Errorf("sensitivity row %d = %v, want %v", i, got, sens[i])
		}
	}
}

// Cancellation changes only the abandoned work: the caller's side of every
// run is the same, and nothing is wasted.
// A non-default split makes figures fractional (a weighted share of
// 181.3 x 7/19 ms): each column keeps one precision, at most two decimals,
// and stays aligned under its header instead of running into its
// neighbour (it printed 19.018.69999999999999 for held slots 19.0 and
// wasted work 18.69999999999999).
func TestSplitColumnsForOtherSplits(t *testing.T) {
	cfg := DefaultSplitConfig()
	cfg.Threshold, cfg.Typical.Tariff, cfg.Requests = 201.3, 7, 49
	cfg.Slowdowns = []Slowdown{{12.5, 1.1}, {24, 1}}
	rep := simulate(t, SimulateSplit, cfg)
	out := textOf(t, rep.WriteText)
	for _, want := range []string{
		"remaining for the arm 181.3 ms",
		"equal             47       2            0          2      40  190.65   45.6         19.0           18.70",
		"weighted           0      49           49          0   99.79  186.79  103.1         43.0        10987.06",
		"          12.5     1.1      13.75",
		"          24.0     1.0      24.00",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("split with other values lacks %q:\n%s", want, out)
		}
	}
	// Every row of a table is as long as its header.
	width := 0
	for _, line := range strings.Split(out, "\n") {
		switch {
		case line == "" || strings.HasPrefix(line, "--"):
			width = 0
		case strings.HasPrefix(line, "policy") || strings.HasPrefix(line, " duration"):
			width = len(line)
		case width > 0 && !strings.Contains(line, ":") && !strings.HasPrefix(line, "at ") && len(line) != width:
			t.Errorf("row %q is %d wide, its header %d", line, len(line), width)
		}
	}
	data, err := json.Marshal(rep)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(data), `"wastedWorkMs":18.70`) || !strings.Contains(string(data), `"minutesPerMonth":13.75`) {
		t.Errorf("the JSON should carry the figures as the tables print them:\n%s", data)
	}
}

// A cell wider than the seed's column widens the column, keeping a space
// before the cell.
func TestTableWidens(t *testing.T) {
	tb := newTable(-4, 5, 3)
	tb.row("name", "a", "b")
	tb.row("x", "123456", "7")
	var b strings.Builder
	tb.writeTo(&b)
	if want := "name       a  b\nx     123456  7\n"; b.String() != want {
		t.Errorf("table = %q, want %q", b.String(), want)
	}
}

func TestSplitCancel(t *testing.T) {
	cfg := DefaultSplitConfig()
	for _, p := range SplitPolicies {
		a, b := cfg.RunSplit(cfg.Slowdown, p, false), cfg.RunSplit(cfg.Slowdown, p, true)
		if b.WastedWork != 0 || a.Average != b.Average || a.Answered != b.Answered {
			t.Errorf("%s: cancel changed more than the wasted work: %+v vs %+v", p, a, b)
		}
	}
}

// The seed's cycles are 17 steps long (body twice, then the tail); with 16
// the failure-free equal split would drop three requests, not two.
func TestLongTailCycle(t *testing.T) {
	c := LongTailCycle([]float64{1, 2}, 9)
	if len(c) != 5 || c[4] != 9 || c[2] != 1 {
		t.Errorf("LongTailCycle = %v", c)
	}
	if n := len(DefaultSplitConfig().FailureFree.Size); n != 17 {
		t.Errorf("default size cycle has %d steps, want 17", n)
	}
}

func TestSplitOtherFlags(t *testing.T) {
	cfg := DefaultSplitConfig()
	cfg.Threshold = 300
	cfg.Requests = 10
	rep := simulate(t, SimulateSplit, cfg)
	if rep.Remaining != 280 {
		t.Errorf("remaining = %v, want 280", rep.Remaining)
	}
	var b strings.Builder
	rep.WriteText(&b)
	if !strings.Contains(b.String(), "(10 external requests, no cancellation signal)") {
		t.Errorf("request count not printed:\n%s", b.String())
	}
	// A weighted split with non-integer shares still prints.
	cfg = DefaultSplitConfig()
	cfg.Typical.Tariff = 7
	cfg.Typical.Size = 12
	rep, _ = SimulateSplit(cfg)
	if got := toFixed(rep.Shares[2].Tariff, 1); got != "66.3" {
		t.Errorf("weighted tariff share with 7:12 = %s, want 66.3", got)
	}
	for _, bad := range []func(*SplitConfig){
		func(c *SplitConfig) { c.Requests = 0 },
		func(c *SplitConfig) { c.Slowdown.Tariff = nil },
		func(c *SplitConfig) { c.Typical.Tariff, c.Typical.Size = 0, 0 },
	} {
		c := DefaultSplitConfig()
		bad(&c)
		if _, err := SimulateSplit(c); err == nil {
			t.Errorf("config %+v should be rejected", c)
		}
	}
}

func TestSplitJSON(t *testing.T) {
	rep, _ := SimulateSplit(DefaultSplitConfig())
	data, err := json.Marshal(rep)
	if err != nil {
		t.Fatal(err)
	}
	var got struct {
		Regimes []struct {
			Regime string
			Runs   []struct {
				Policy    string
				Answered  int
				HeldSlots float64
				AverageMs float64
			}
		}
		BusySlots []struct {
			Policy                     string
			TotalNoCancel, TotalCancel float64
		}
		DeadlineFieldCost struct{ KiBPerSecond float64 }
	}
	if err := json.Unmarshal(data, &got); err != nil {
		t.Fatal(err)
	}
	g := got.Regimes[1].Runs[0]
	if got.Regimes[1].Regime != "tariff slowdown" || g.Policy != "greedy" || g.Answered != 6 || g.HeldSlots != 82.4 || g.AverageMs != 197.8 {
		t.Errorf("JSON greedy under the slowdown = %+v", g)
	}
	if b := got.BusySlots[1]; b.TotalNoCancel != 136.7 || b.TotalCancel != 52.5 {
		t.Errorf("JSON busy slots equal = %+v", b)
	}
	if got.DeadlineFieldCost.KiBPerSecond != 20.07 {
		t.Errorf("JSON KiB/s = %v", got.DeadlineFieldCost.KiBPerSecond)
	}
}

func TestToFixed(t *testing.T) {
	for _, c := range []struct {
		x      float64
		digits int
		want   string
	}{
		{46.25, 1, "46.3"}, // an exact tie goes up, where strconv would round to even
		{0.125, 2, "0.13"},
		{2.5, 0, "3"},
		{1.005, 2, "1.00"}, // 1.005 is below the tie in binary
		{180, 1, "180.0"},
		{-1.25, 1, "-1.3"},
		{0.04, 1, "0.0"},
		{-0.01, 1, "-0.0"},
		{20555.6, 2, "20555.60"},
		{math.Inf(1), 1, "Infinity"},
	} {
		if got := toFixed(c.x, c.digits); got != c.want {
			t.Errorf("toFixed(%v, %d) = %q, want %q", c.x, c.digits, got, c.want)
		}
	}
	for _, c := range []struct {
		x    float64
		want string
	}{{180, "180"}, {416.67, "416.67"}, {66.31578947368422, "66.31578947368422"}, {1e21, "1e+21"}, {1e-7, "1e-7"}, {0.000001, "0.000001"}} {
		if got := jsString(c.x); got != c.want {
			t.Errorf("jsString(%v) = %q, want %q", c.x, got, c.want)
		}
	}
	if padStart("abc", 2) != "abc" || padStart("a", 3) != "  a" || padEnd("a", 3) != "a  " {
		t.Errorf("padding is wrong")
	}
}
