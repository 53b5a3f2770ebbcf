package main

import (
	"bytes"
	"encoding/json"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/budgetlint/budgetlint/sim"
)

// callCommand runs one of the two commands with buffers.
func callCommand(command func([]string, io.Writer, io.Writer) int, args ...string) (stdout, stderr string, code int) {
	var out, errb bytes.Buffer
	code = command(args, &out, &errb)
	return out.String(), errb.String(), code
}

// seedGolden is a seed's printed output, kept verbatim by package sim.
func seedGolden(t *testing.T, name string) string {
	t.Helper()
	data, err := os.ReadFile(filepath.Join("..", "..", "sim", "testdata", name))
	if err != nil {
		t.Fatal(err)
	}
	return string(data)
}

func TestSimDefaultsPrintTheSeeds(t *testing.T) {
	for _, c := range []struct{ model, golden string }{
		{"hops", "seed003_output.txt"},
		{"split", "seed000_output.txt"},
	} {
		out, errOut, code := callCommand(simCommand, c.model)
		if code != 0 || errOut != "" {
			t.Fatalf("sim %s: exit %d, stderr %q", c.model, code, errOut)
		}
		if want := seedGolden(t, c.golden); !strings.HasPrefix(out, want) {
			t.Errorf("sim %s with default flags differs from the seed's output:\n%s", c.model, out)
		}
	}
	// Seed 000 states one more figure below its last table: 4.2 minutes.
	out, _, _ := callCommand(simCommand, "split")
	if !strings.HasSuffix(out, "\nat 24 minutes/mo, 4.2 of the 28.2 minutes are left for the rest of the month\n") {
		t.Errorf("sim split should end with what 24 minutes a month leave of the failure share:\n%s", out)
	}
	out, _, code := callCommand(simCommand, "retry")
	for _, want := range []string{"3 x 2s = 6s, plus 300ms backoff", "the last layer works on until 50s (5 x 10s)"} {
		if code != 0 || !strings.Contains(out, want) {
			t.Errorf("sim retry (exit %d) lacks %q:\n%s", code, want, out)
		}
	}
}

func TestSimOtherFlags(t *testing.T) {
	out, _, code := callCommand(simCommand, "hops", "-hops", "5", "-per-hop", "3s", "-budget", "4000")
	for _, want := range []string{"slow-E     fixed", "per-hop timeout: 3000 ms across 5 hops", "propagated budget: 4000 ms total"} {
		if code != 0 || !strings.Contains(out, want) {
			t.Errorf("sim hops -hops 5 (exit %d) lacks %q:\n%s", code, want, out)
		}
	}
	out, _, code = callCommand(simCommand, "split", "-threshold", "250", "-requests", "16", "-slow-tariff", "500")
	for _, want := range []string{"remaining for the arm 230 ms", "(16 external requests", "greedy             0      16"} {
		if code != 0 || !strings.Contains(out, want) {
			t.Errorf("sim split with flags (exit %d) lacks %q:\n%s", code, want, out)
		}
	}
	out, _, code = callCommand(simCommand, "retry", "-attempts", "5", "-timeout", "1s", "-backoff", "0", "-spent", "0")
	if code != 0 || !strings.Contains(out, "5 x 1s = 5s, plus 0s backoff = 5s") {
		t.Errorf("sim retry with flags (exit %d):\n%s", code, out)
	}
	// -deadline is the retry loop's; -layer-deadline the layer chain's.
	out, _, code = callCommand(simCommand, "retry", "-deadline", "5s")
	if code != 0 || !strings.Contains(out, "one 2s deadline set at the edge and carried down: every layer stops by 2s") ||
		!strings.Contains(out, "deadline 5s, floor 50ms, an attempt needs 100ms") {
		t.Errorf("sim retry -deadline 5s (exit %d):\n%s", code, out)
	}
	out, _, code = callCommand(simCommand, "retry", "-layer-deadline", "3s", "-min-useful", "200ms")
	if code != 0 || !strings.Contains(out, "one 3s deadline set at the edge and carried down: every layer stops by 3s") ||
		!strings.Contains(out, "deadline 2s, floor 50ms, an attempt needs 200ms") {
		t.Errorf("sim retry -layer-deadline 3s (exit %d):\n%s", code, out)
	}
}

func TestSimJSON(t *testing.T) {
	var hops struct {
		Rows []struct {
			Condition, Strategy string
			WastedMs            int
		}
		ChecksPassed, ChecksRun int
	}
	var split struct {
		BusySlots []struct{ TotalNoCancel, TotalCancel float64 }
	}
	var retry struct {
		FixedWorstCaseMs float64
		Layers           struct{ LastLayerStopsAtMs float64 }
	}
	for model, v := range map[string]any{"hops": &hops, "split": &split, "retry": &retry} {
		out, errOut, code := callCommand(simCommand, model, "-json")
		if code != 0 {
			t.Fatalf("sim %s -json: exit %d: %s", model, code, errOut)
		}
		if err := json.Unmarshal([]byte(out), v); err != nil {
			t.Fatalf("sim %s -json does not parse: %v\n%s", model, err, out)
		}
	}
	if hops.ChecksPassed != 6 || hops.ChecksRun != 6 || hops.Rows[2].Condition != "slow-D" || hops.Rows[2].WastedMs != 6400 {
		t.Errorf("hops JSON: %+v", hops)
	}
	if b := split.BusySlots; len(b) != 3 || b[0].TotalNoCancel != 130.5 || b[2].TotalNoCancel != 136.7 || b[0].TotalCancel != 82.4 || b[2].TotalCancel != 40.2 {
		t.Errorf("split JSON busy slots: %+v", split.BusySlots)
	}
	if retry.FixedWorstCaseMs != 6000 || retry.Layers.LastLayerStopsAtMs != 50000 {
		t.Errorf("retry JSON: %+v", retry)
	}
}

// TestSimSVG: -svg FILE writes the model's picture under the default
// figures, as package sim draws it (its tests check the picture itself).
func TestSimSVG(t *testing.T) {
	dir := t.TempDir()
	hops, _ := sim.SimulateHops(sim.DefaultHopsConfig())
	split, _ := sim.SimulateSplit(sim.DefaultSplitConfig())
	retry, _ := sim.SimulateRetry(sim.DefaultRetryConfig())
	for model, draw := range map[string]func(io.Writer) error{"hops": hops.WriteSVG, "split": split.WriteSVG, "retry": retry.WriteSVG} {
		file := filepath.Join(dir, model+".svg")
		out, errOut, code := callCommand(simCommand, model, "-svg", file)
		if code != 0 || errOut != "" || out == "" {
			t.Fatalf("sim %s -svg: exit %d, stderr %q, %d bytes of text", model, code, errOut, len(out))
		}
		data, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		var want bytes.Buffer
		if err := draw(&want); err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(data, want.Bytes()) {
			t.Errorf("%s.svg is not the model's picture:\n%.200s", model, data)
		}
	}
	out, _, code := callCommand(simCommand, "hops", "-svg", "-")
	if code != 0 || !strings.HasPrefix(out, "<svg") {
		t.Errorf("sim hops -svg - should write the picture to stdout, got exit %d:\n%.80s", code, out)
	}
	if _, errOut, code := callCommand(simCommand, "hops", "-svg", filepath.Join(dir, "missing", "x.svg")); code == 0 || errOut == "" {
		t.Errorf("an unwritable -svg file should fail loudly, got exit %d", code)
	}
}

func TestExplain(t *testing.T) {
	for _, c := range []struct {
		args []string
		want []string
	}{
		{[]string{"ctxbackground"}, []string{"6400 ms of work", "wastes 0 ms", "slow-D     fixed     5000       0   6400       4"}},
		{[]string{"fixedtimeout"}, []string{"the last hop works on until 20s (4 x 5s)", "2800 ms", "keep a request alive 50s",
			"normal     budget    2800"}},
		{[]string{"fixedtimeout", "-timeout", "10s", "-hops", "5"}, []string{"5 hops with a 10s timeout", "until 50s (5 x 10s)"}},
		{[]string{"retrybudget"}, []string{"3 attempts x 2s = 6s worst case, plus 300ms backoff = 6.3s", "returns at 2s with 1 attempt run"}},
		{[]string{"retrybudget", "-attempts", "3", "-timeout", "2s", "-backoff", "100ms", "-deadline", "2s"},
			[]string{"= 6s worst case", "fixed                6.3s             3        0                  4s"}},
		{[]string{"retrybudget", "-attempts", "5", "-timeout", "1s", "-backoff", "0", "-deadline", "10s"},
			[]string{"5 attempts x 1s = 5s worst case, plus 0s backoff = 5s"}},
		{[]string{"dropcancel"}, []string{"130.5 busy slots", "136.7 under weighted", "82.4 against 40.2", "5540 ms", "11120 ms",
			"total(no cancel)"}},
	} {
		out, errOut, code := callCommand(explainCommand, c.args...)
		if code != 0 || errOut != "" {
			t.Fatalf("explain %v: exit %d, stderr %q", c.args, code, errOut)
		}
		// The prose is wrapped; compare with the line breaks and runs of
		// spaces folded.
		flat := strings.Join(strings.Fields(out), " ")
		for _, w := range c.want {
			if !strings.Contains(flat, strings.Join(strings.Fields(w), " ")) {
				t.Errorf("explain %v lacks %q:\n%s", c.args, w, out)
			}
		}
	}
}

func TestBadUsage(t *testing.T) {
	for _, c := range []struct {
		command func([]string, io.Writer, io.Writer) int
		args    []string
		stderr  string
	}{
		{simCommand, nil, "usage: budgetlint sim"},
		{simCommand, []string{"bogus"}, `unknown model "bogus"`},
		{simCommand, []string{"hops", "-nope"}, "flag provided but not defined: -nope"},
		{simCommand, []string{"hops", "-per-hop", "soon"}, "neither a number of milliseconds nor a duration"},
		{simCommand, []string{"hops", "-slow-early-hop", "Q"}, `"Q" is not one of the chain's hops A, B, C, D`},
		{simCommand, []string{"hops", "extra"}, `unexpected argument "extra"`},
		{simCommand, []string{"split", "-requests", "0"}, "at least one request"},
		{simCommand, []string{"split", "-slowdowns", "12"}, "MINUTESxTIMES"},
		{simCommand, []string{"retry", "-attempts", "0"}, "at least one attempt"},
		{explainCommand, nil, "usage: budgetlint explain"},
		{explainCommand, []string{"nosuchpass"}, "the passes are ctxbackground, fixedtimeout, retrybudget, dropcancel"},
		{explainCommand, []string{"fixedtimeout", "-timeout", "0"}, "must be positive"},
		{explainCommand, []string{"retrybudget", "-deadline", "x"}, "invalid value"},
		// Values beyond the models' limits (issue 15): they ran for minutes
		// and to 10 GB, or overflowed into negative times.
		{explainCommand, []string{"retrybudget", "-attempts", "1000000000"}, "attempts: 1000000000 is above the limit of 1000"},
		{explainCommand, []string{"fixedtimeout", "-hops", "1000000000", "-timeout", "1ns"}, "-hops: 1000000000 is above the limit of 1000"},
		{explainCommand, []string{"fixedtimeout", "-timeout", "1000h"}, "-timeout: 1000h0m0s is above the limit of 24h0m0s"},
		{explainCommand, []string{"ctxbackground", "-hops", "5000"}, "-hops: 5000 is above the limit of 1000"},
		{explainCommand, []string{"dropcancel", "-requests", "1000000000"}, "requests: 1000000000 is above the limit of 100000"},
		{simCommand, []string{"hops", "-per-hop", "1e300"}, "beyond the limit of 24h0m0s"},
		{simCommand, []string{"hops", "-latencies", "1,NaN"}, "NaN is not a number of milliseconds"},
		{simCommand, []string{"retry", "-attempts", "70"}, "the backoff before attempt 70"},
		{simCommand, []string{"split", "-threshold", "Inf"}, "the threshold must be a finite number"},
	} {
		_, errOut, code := callCommand(c.command, c.args...)
		if code != 2 || !strings.Contains(errOut, c.stderr) {
			t.Errorf("%v: exit %d, stderr %q; want exit 2 and %q", c.args, code, errOut, c.stderr)
		}
	}
	for _, args := range [][]string{{"hops", "-h"}, {"-h"}} {
		if _, _, code := callCommand(simCommand, args...); code != 0 {
			t.Errorf("sim %v: exit %d, want 0", args, code)
		}
	}
	if out, _, code := callCommand(explainCommand, "-h"); code != 0 || !strings.Contains(out, "dropcancel") {
		t.Errorf("explain -h: exit %d:\n%s", code, out)
	}
}

// The docs' pictures are these commands' output; keep them current.
func TestDocsPictureIsCurrent(t *testing.T) {
	for _, model := range []string{"hops", "split", "retry"} {
		have, err := os.ReadFile(filepath.Join("..", "..", "docs", "sim-"+model+".svg"))
		if err != nil {
			t.Fatal(err)
		}
		out, _, code := callCommand(simCommand, model, "-svg", "-")
		if code != 0 || out != string(have) {
			t.Errorf("docs/sim-%s.svg is stale: regenerate it with\n\tgo run ./cmd/budgetlint sim %s -svg docs/sim-%s.svg", model, model, model)
		}
	}
}
