package sim

import (
	"crypto/sha256"
	"fmt"
	"io"
	"os"
	"path/filepath"
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

// seedOutput reads a seed's printed output, copied verbatim from
// shared/seeds into testdata: the figures the models must reproduce.
func seedOutput(t *testing.T, name string) string {
	t.Helper()
	data, err := os.ReadFile(filepath.Join("testdata", name))
	if err != nil {
		t.Fatal(err)
	}
	return string(data)
}

// simulate runs a model on cfg, which it must accept.
func simulate[C, R any](t *testing.T, model func(C) (R, error), cfg C) R {
	t.Helper()
	rep, err := model(cfg)
	if err != nil {
		t.Fatal(err)
	}
	return rep
}

// textOf is what write prints.
func textOf(t *testing.T, write func(io.Writer) error) string {
	t.Helper()
	var b strings.Builder
	if err := write(&b); err != nil {
		t.Fatal(err)
	}
	return b.String()
}

// diffText fails with the first differing line, which is what one needs to
// see when a figure drifts.
func diffText(t *testing.T, got, want string) {
	t.Helper()
	if got == want {
		return
	}
	g, w := strings.Split(got, "\n"), strings.Split(want, "\n")
	for i := 0; i < max(len(g), len(w)); i++ {
		var gl, wl string
		if i < len(g) {
			gl = g[i]
		}
		if i < len(w) {
			wl = w[i]
		}
		if gl != wl {
			t.Fatalf("line %d differs:\n got: %q\nwant: %q\n\nfull output:\n%s", i+1, gl, wl, got)
		}
	}
	t.Fatalf("outputs differ in length:\n%s", got)
}

// seedFigure is a figure a seed states in its text, from
// testdata/seed_figures.txt: the value as the models print it.
func seedFigure(t *testing.T, seed, name string) string {
	t.Helper()
	for _, f := range seedFigures(t) {
		if f.seed == seed && f.name == name {
			return f.value
		}
	}
	t.Fatalf("testdata/seed_figures.txt has no figure %s of seed %s", name, seed)
	return ""
}

type textFigure struct{ seed, name, value, words string }

func seedFigures(t *testing.T) []textFigure {
	t.Helper()
	var out []textFigure
	for _, line := range strings.Split(seedOutput(t, "seed_figures.txt"), "\n") {
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		f := strings.Split(line, "\t")
		if len(f) != 4 {
			t.Fatalf("testdata/seed_figures.txt: %q is not seed, name, value and words, tab-separated", line)
		}
		out = append(out, textFigure{f[0], f[1], f[2], f[3]})
	}
	return out
}

// The test data is what the seeds print and state, and stays so. Its
// files are pinned by their SHA-256 in testdata/SHA256SUMS, so that a
// golden file edited to agree with a model that drifted fails here, with
// or without the seeds at hand. Where they are (shared/ beside the
// repository), each golden file must also be a verbatim block of its seed
// and each figure's words must stand in its seed.
func TestTestdataIsTheSeeds(t *testing.T) {
	for _, line := range strings.Split(strings.TrimSpace(seedOutput(t, "SHA256SUMS")), "\n") {
		sum, name, ok := strings.Cut(line, "  ")
		if !ok {
			t.Fatalf("testdata/SHA256SUMS: %q is not a sha256sum line", line)
		}
		if got := fmt.Sprintf("%x", sha256.Sum256([]byte(seedOutput(t, name)))); got != sum {
			t.Errorf("testdata/%s changed (sha256 %s, pinned %s): the golden files are the seeds' output, not the models'", name, got, sum)
		}
	}
	seeds := map[string]string{}
	for _, prefix := range []string{"000", "003", "004"} {
		files, _ := filepath.Glob(filepath.Join("..", "..", "shared", "seeds", prefix+"_*.txt"))
		if len(files) == 1 {
			data, err := os.ReadFile(files[0])
			if err != nil {
				t.Fatal(err)
			}
			seeds[prefix] = string(data)
		}
	}
	if len(seeds) == 0 {
		t.Log("shared/seeds is not beside the repository: the test data is checked against its pinned sums only")
		return
	}
	for golden, seed := range map[string]string{"seed003_output.txt": "003", "seed000_output.txt": "000"} {
		if text, ok := seeds[seed]; ok && !strings.Contains(text, seedOutput(t, golden)) {
			t.Errorf("testdata/%s is not a verbatim block of seed %s", golden, seed)
		}
	}
	for _, f := range seedFigures(t) {
		if text, ok := seeds[f.seed]; ok && !strings.Contains(text, f.words) {
			t.Errorf("seed %s does not say %q (figure %s)", f.seed, f.words, f.name)
		}
	}
}
