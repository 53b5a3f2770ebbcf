package main

// The reference simulator's command line: `budgetlint sim hops|split|retry`
// prints the documents' models (package sim), and `budgetlint explain
// <pass>` prices one finding with them. Every figure is computed here from
// the models; none is typed in.

import (
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"
	"time"

	"github.com/budgetlint/budgetlint/internal/price"
	"github.com/budgetlint/budgetlint/sim"
)

const simUsage = `usage: budgetlint sim <model> [flags]

models:
  hops    fixed per-hop timeouts vs a propagated budget over a call chain (seed 003)
  split   splitting a share across two reads: greedy, equal, weighted (seed 000)
  retry   fixed vs budget-aware retries, and per-layer timeouts that add up (seed 004)

Every model takes -json (the figures, machine-readable) and -svg FILE (a
picture). Run 'budgetlint sim <model> -h' for the model's flags.
`

// simCommand runs `budgetlint sim`; args are the arguments after "sim".
func simCommand(args []string, stdout, stderr io.Writer) int {
	if len(args) == 0 {
		fmt.Fprint(stderr, simUsage)
		return exitUsage
	}
	switch args[0] {
	case "hops":
		return simModel(args[1:], stdout, stderr, "hops", "seed 003: fixed per-hop timeouts vs a propagated budget", hopsFlags, sim.SimulateHops)
	case "split":
		return simModel(args[1:], stdout, stderr, "split", "seed 000: splitting the arm's share across two reads", splitFlags, sim.SimulateSplit)
	case "retry":
		retryDefaults := func(fs *flag.FlagSet) func() (sim.RetryConfig, error) {
			return retryFlags(fs, sim.DefaultRetryConfig())
		}
		return simModel(args[1:], stdout, stderr, "retry", "seed 004: fixed vs budget-aware retries", retryDefaults, sim.SimulateRetry)
	case "-h", "-help", "--help", "help":
		fmt.Fprint(stdout, simUsage)
		return exitClean
	}
	fmt.Fprintf(stderr, "budgetlint sim: unknown model %q\n\n%s", args[0], simUsage)
	return exitUsage
}

// simModel runs `budgetlint sim <model>`: the model's flags and the output
// flags, then the model, printed as they ask.
func simModel[C any, R simReport](args []string, stdout, stderr io.Writer, model, about string, flags func(*flag.FlagSet) func() (C, error), simulate func(C) (R, error)) int {
	fs := newFlagSet("sim "+model, "budgetlint sim "+model+" [flags]  ("+about+")", stderr)
	var out outputFlags
	out.register(fs)
	_, rep, code := runModel(fs, args, flags(fs), simulate)
	if code >= 0 {
		return code
	}
	return out.emit(rep, stdout, stderr)
}

// runModel parses args into fs, builds the model's configuration with
// config and runs it: the configuration and the report, or the exit code
// to stop with (-1 to go on).
func runModel[C, R any](fs *flag.FlagSet, args []string, config func() (C, error), simulate func(C) (R, error)) (C, R, int) {
	var cfg C
	var rep R
	if code := parseFlags(fs, args); code >= 0 {
		return cfg, rep, code
	}
	cfg, err := config()
	if err == nil {
		rep, err = simulate(cfg)
	}
	if err != nil {
		return cfg, rep, usageError(fs, err)
	}
	return cfg, rep, -1
}

// simReport is what every model's result can do.
type simReport interface {
	WriteText(io.Writer) error
	WriteSVG(io.Writer) error
}

// outputFlags are the flags every sim model shares.
type outputFlags struct {
	json bool
	svg  string
}

func (o *outputFlags) register(fs *flag.FlagSet) {
	fs.BoolVar(&o.json, "json", false, "print the figures as JSON instead of the tables")
	fs.StringVar(&o.svg, "svg", "", "also draw the model as an SVG picture into `FILE` (\"-\": to standard output, instead of the tables)")
}

// emit prints a model's result as the output flags ask. Output that cannot
// be written is exit status 2, as a file -fix cannot write: 1 is findings.
func (o outputFlags) emit(rep simReport, stdout, stderr io.Writer) int {
	if o.svg != "" && o.svg != "-" {
		f, err := os.Create(o.svg)
		if err == nil {
			err = rep.WriteSVG(f)
			if cerr := f.Close(); err == nil {
				err = cerr
			}
		}
		if err != nil {
			fmt.Fprintf(stderr, "budgetlint sim: %v\n", err)
			return exitUsage
		}
	}
	var err error
	switch {
	case o.svg == "-":
		err = rep.WriteSVG(stdout)
	case o.json:
		var data []byte
		if data, err = json.MarshalIndent(rep, "", "  "); err == nil {
			_, err = fmt.Fprintf(stdout, "%s\n", data)
		}
	default:
		err = rep.WriteText(stdout)
	}
	if err != nil {
		fmt.Fprintf(stderr, "budgetlint sim: %v\n", err)
		return exitUsage
	}
	return exitClean
}

// newFlagSet returns a flag set that reports to stderr and lets the caller
// choose the exit code.
func newFlagSet(name, synopsis string, stderr io.Writer) *flag.FlagSet {
	fs := flag.NewFlagSet(name, flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.Usage = func() {
		fmt.Fprintf(stderr, "usage: %s\n\nflags:\n", synopsis)
		fs.PrintDefaults()
	}
	return fs
}

func usageError(fs *flag.FlagSet, err error) int {
	fmt.Fprintf(fs.Output(), "%s: %v\n", fs.Name(), err)
	return exitUsage
}

// ---------------------------------------------------------------- flag types

// millis is a duration flag that also takes a bare number of milliseconds,
// the unit the documents use: "-per-hop 5000" and "-per-hop 5s" agree.
type millis struct{ d *time.Duration }

func (m millis) String() string {
	if m.d == nil {
		return ""
	}
	return m.d.String()
}

func (m millis) Set(s string) error {
	d, err := parseMillis(s)
	if err != nil {
		return err
	}
	*m.d = d
	return nil
}

// durationVar defines a millis flag.
func durationVar(fs *flag.FlagSet, d *time.Duration, name, usage string) {
	fs.Var(millis{d}, name, usage+" (a `duration` like 5s, or a number of ms)")
}

func parseMillis(s string) (time.Duration, error) {
	s = strings.TrimSpace(s)
	if f, err := strconv.ParseFloat(s, 64); err == nil {
		if err := sim.CheckMillis(f); err != nil {
			return 0, err
		}
		return time.Duration(f * float64(time.Millisecond)), nil
	}
	d, err := time.ParseDuration(s)
	if err != nil {
		return 0, fmt.Errorf("%q is neither a number of milliseconds nor a duration like 5s", s)
	}
	return d, nil
}

// listFlag is a flag that takes a comma-separated list: each element is
// read by parse and printed back by format.
type listFlag[T any] struct {
	xs     *[]T
	parse  func(string) (T, error)
	format func(T) string
}

func (l listFlag[T]) String() string {
	if l.xs == nil {
		return ""
	}
	parts := make([]string, len(*l.xs))
	for i, x := range *l.xs {
		parts[i] = l.format(x)
	}
	return strings.Join(parts, ",")
}

func (l listFlag[T]) Set(s string) error {
	var out []T
	for _, part := range strings.Split(s, ",") {
		x, err := l.parse(part)
		if err != nil {
			return err
		}
		out = append(out, x)
	}
	*l.xs = out
	return nil
}

// millisList is a list of millis: "1000,800,600,400" or "1s,800ms".
func millisList(ds *[]time.Duration) listFlag[time.Duration] {
	return listFlag[time.Duration]{ds, parseMillis, func(d time.Duration) string { return strconv.FormatInt(d.Milliseconds(), 10) }}
}

// floatList is a list of numbers (a duration cycle in ms).
func floatList(xs *[]float64) listFlag[float64] {
	parse := func(part string) (float64, error) {
		x, err := strconv.ParseFloat(strings.TrimSpace(part), 64)
		if err != nil {
			return 0, fmt.Errorf("%q is not a number of milliseconds", part)
		}
		return x, nil
	}
	return listFlag[float64]{xs, parse, func(x float64) string { return strconv.FormatFloat(x, 'f', -1, 64) }}
}

// slowdownList is AY10's sensitivity rows: "12x1,12x2,24x1" (minutes x
// times a month).
func slowdownList(ss *[]sim.Slowdown) listFlag[sim.Slowdown] {
	parse := func(part string) (sim.Slowdown, error) {
		m, t, ok := strings.Cut(strings.TrimSpace(part), "x")
		minutes, err1 := strconv.ParseFloat(m, 64)
		times, err2 := strconv.ParseFloat(t, 64)
		if !ok || err1 != nil || err2 != nil {
			return sim.Slowdown{}, fmt.Errorf("%q is not MINUTESxTIMES, e.g. 12x1", part)
		}
		return sim.Slowdown{Minutes: minutes, TimesPerMonth: times}, nil
	}
	return listFlag[sim.Slowdown]{ss, parse, func(s sim.Slowdown) string { return fmt.Sprintf("%gx%g", s.Minutes, s.TimesPerMonth) }}
}

// ---------------------------------------------------------------- sim hops

// hopsFlags registers the chain's parameters on fs and returns a function
// that builds the configuration once fs is parsed.
func hopsFlags(fs *flag.FlagSet) func() (sim.HopsConfig, error) {
	cfg := sim.DefaultHopsConfig()
	hops := fs.Int("hops", 0, "chain length (default: one hop per latency); extra hops repeat the deepest latency")
	fs.Var(millisList(&cfg.Latencies), "latencies", "each hop's own latency on a normal day, caller side first: a comma-separated `list` of ms or durations")
	durationVar(fs, &cfg.PerHopTimeout, "per-hop", "fixed timeout each hop puts on the hop below")
	durationVar(fs, &cfg.UserBudget, "budget", "the deadline set once at the edge and propagated")
	durationVar(fs, &cfg.SlowLastLatency, "slow-last", "the deepest hop's latency in the slow-last condition")
	slowEarlyHop := fs.String("slow-early-hop", "", "the `hop` that slows down with hops still below it (default B, or the last hop of a shorter chain)")
	durationVar(fs, &cfg.SlowEarlyLatency, "slow-early", "that hop's latency in the slow-early condition")
	return func() (sim.HopsConfig, error) {
		if *hops < 0 {
			return cfg, fmt.Errorf("-hops must not be negative")
		}
		if err := sim.CheckCount("-hops", *hops, sim.MaxHops); err != nil {
			return cfg, err // before the chain is made
		}
		c := cfg.WithChainLength(*hops)
		if *slowEarlyHop == "" {
			return c, c.Validate()
		}
		names := sim.HopNames(len(c.Latencies))
		c.SlowEarlyHop = -1
		for i, n := range names {
			if strings.EqualFold(n, *slowEarlyHop) {
				c.SlowEarlyHop = i
			}
		}
		if c.SlowEarlyHop < 0 {
			return c, fmt.Errorf("-slow-early-hop %q is not one of the chain's hops %s", *slowEarlyHop, strings.Join(names, ", "))
		}
		return c, c.Validate()
	}
}

// ---------------------------------------------------------------- sim split

func splitFlags(fs *flag.FlagSet) func() (sim.SplitConfig, error) {
	cfg := sim.DefaultSplitConfig()
	fs.Float64Var(&cfg.Threshold, "threshold", cfg.Threshold, "end-to-end read threshold in ms (K01)")
	fs.Float64Var(&cfg.GatewayShare, "gateway", cfg.GatewayShare, "the gateway's own share in ms (K03/U3)")
	fs.Float64Var(&cfg.Typical.Delivery, "typical-delivery", cfg.Typical.Delivery, "typical delivery read in ms")
	fs.Float64Var(&cfg.Typical.Tariff, "typical-tariff", cfg.Typical.Tariff, "typical tariff read in ms (weights the split)")
	fs.Float64Var(&cfg.Typical.Size, "typical-size", cfg.Typical.Size, "typical size read in ms (weights the split)")
	fs.Float64Var(&cfg.ReadPeak, "read-peak", cfg.ReadPeak, "peak read rate per second, the lambda in L = lambda x W")
	fs.Float64Var(&cfg.EdgePeak, "edge-peak", cfg.EdgePeak, "peak edge rate per second, prices the deadline field")
	fs.Float64Var(&cfg.ResponseBytes, "response-bytes", cfg.ResponseBytes, "size of the tracking response in bytes")
	fs.Float64Var(&cfg.DeadlineFieldBytes, "deadline-bytes", cfg.DeadlineFieldBytes, "size of the field carrying the remaining time")
	fs.IntVar(&cfg.SubCalls, "sub-calls", cfg.SubCalls, "sub-calls per external request that carry the field")
	fs.IntVar(&cfg.Requests, "requests", cfg.Requests, "external requests per run")
	fs.Float64Var(&cfg.MonthlyFailureShare, "failure-share", cfg.MonthlyFailureShare, "monthly failure share in minutes (K01)")
	fs.Var(slowdownList(&cfg.Slowdowns), "slowdowns", "AY10 sensitivity rows, a comma-separated `list` of MINUTESxTIMES a month")
	for _, r := range []struct {
		prefix string
		regime *sim.Regime
	}{{"ff", &cfg.FailureFree}, {"slow", &cfg.Slowdown}} {
		fs.Var(floatList(&r.regime.Delivery), r.prefix+"-delivery", r.regime.Name+": delivery read durations, one cycle as a comma-separated `list` of ms")
		fs.Var(floatList(&r.regime.Tariff), r.prefix+"-tariff", r.regime.Name+": tariff read durations, one cycle as a comma-separated `list` of ms")
		fs.Var(floatList(&r.regime.Size), r.prefix+"-size", r.regime.Name+": size read durations, one cycle as a comma-separated `list` of ms")
	}
	return func() (sim.SplitConfig, error) { return cfg, cfg.Validate() }
}

// ---------------------------------------------------------------- sim retry

// retryFlags registers the retry model's parameters, with cfg's values as
// the defaults.
func retryFlags(fs *flag.FlagSet, cfg sim.RetryConfig) func() (sim.RetryConfig, error) {
	durationVar(fs, &cfg.Deadline, "deadline", "the retry loop's caller's deadline, from the request's start")
	durationVar(fs, &cfg.Spent, "spent", "time the request used before the retry loop starts")
	fs.IntVar(&cfg.Attempts, "attempts", cfg.Attempts, "attempts the retry policy allows")
	durationVar(fs, &cfg.AttemptTimeout, "timeout", "fixed timeout of each attempt")
	durationVar(fs, &cfg.Backoff, "backoff", "wait before the second attempt")
	fs.Float64Var(&cfg.BackoffFactor, "backoff-factor", cfg.BackoffFactor, "each further wait is this many times longer")
	durationVar(fs, &cfg.Floor, "floor", "least budget a budget-aware loop starts an attempt with")
	durationVar(fs, &cfg.MinUseful, "min-useful", "least time an attempt needs to succeed: a budget-aware loop skips one that would start with less left")
	durationVar(fs, &cfg.SafetyMargin, "margin", "safety margin kept back from each capped attempt")
	durationVar(fs, &cfg.FailsAfter, "fails-after", "an attempt fails on its own after this long (0: it hangs until its timeout)")
	durationVar(fs, &cfg.CallerCancelsAt, "cancel-at", "the caller cancels at this time (0: it waits until its deadline)")
	fs.IntVar(&cfg.Layers, "layers", cfg.Layers, "layers in the chain of fixed per-layer timeouts")
	durationVar(fs, &cfg.LayerTimeout, "layer-timeout", "each layer's fixed timeout")
	durationVar(fs, &cfg.LayerDeadline, "layer-deadline", "the deadline carried down the chain of layers instead (-deadline is the retry loop's)")
	return func() (sim.RetryConfig, error) { return cfg, cfg.Validate() }
}

// ---------------------------------------------------------------- explain

// explanation is what budgetlint explain says about a pass.
type explanation struct {
	pass, summary string
	run           func(args []string, stdout, stderr io.Writer) int
}

// explanations are the four passes, in the order they are documented.
var explanations = []explanation{
	{"ctxbackground", "a fresh root context where an inbound one exists: abandoned work", explainCtxBackground},
	{"fixedtimeout", "a fixed timeout instead of the remaining budget: timeouts add up", explainFixedTimeout},
	{"retrybudget", "a retry loop that never looks at the budget: the worst case multiplies", explainRetryBudget},
	{"dropcancel", "a call that cannot carry the cancel signal: busy slots", explainDropCancel},
}

func explainUsage(w io.Writer) {
	fmt.Fprint(w, "usage: budgetlint explain <pass> [flags]\n\nWhat a finding costs, computed by the reference simulator with the documents' numbers.\n\npasses:\n")
	for _, e := range explanations {
		fmt.Fprintf(w, "  %-14s %s\n", e.pass, e.summary)
	}
	fmt.Fprint(w, "\nRun 'budgetlint explain <pass> -h' for the values a finding can pass in.\n")
}

// explainCommand runs `budgetlint explain`; args are the arguments after
// "explain".
func explainCommand(args []string, stdout, stderr io.Writer) int {
	if len(args) == 0 {
		explainUsage(stderr)
		return exitUsage
	}
	switch args[0] {
	case "-h", "-help", "--help", "help":
		explainUsage(stdout)
		return exitClean
	}
	for _, e := range explanations {
		if e.pass == args[0] {
			return e.run(args[1:], stdout, stderr)
		}
	}
	names := make([]string, len(explanations))
	for i, e := range explanations {
		names[i] = e.pass
	}
	fmt.Fprintf(stderr, "budgetlint explain: unknown pass %q; the passes are %s\n", args[0], strings.Join(names, ", "))
	return exitUsage
}

// explainEnd closes an explanation: the fix, its lines indented under the
// first, and the model that priced it.
func explainEnd(w io.Writer, model string, fix ...string) int {
	fmt.Fprintln(w)
	for i, line := range fix {
		if i == 0 {
			fmt.Fprintln(w, "fix: "+line)
		} else {
			fmt.Fprintln(w, "     "+line)
		}
	}
	fmt.Fprintln(w, "model: "+model)
	return exitClean
}

// explainHead opens an explanation: what the pass finds, then the
// finding's own price.
func explainHead(w io.Writer, title, cost string) {
	fmt.Fprintln(w, title)
	fmt.Fprintln(w)
	wrapParagraph(w, "This finding: %s.", cost)
}

// explainTable closes an explanation with a model's table, then the fix
// and the model as explainEnd does.
func explainTable(stdout, stderr io.Writer, table func(io.Writer) error, model string, fix ...string) int {
	if err := table(stdout); err != nil {
		fmt.Fprintf(stderr, "budgetlint explain: %v\n", err)
		return exitUsage
	}
	return explainEnd(stdout, model, fix...)
}

// wrapParagraph prints text wrapped at 78 columns, then a blank line.
func wrapParagraph(w io.Writer, format string, a ...any) {
	col := 0
	for i, word := range strings.Fields(fmt.Sprintf(format, a...)) {
		if i > 0 && col+1+len(word) > 78 {
			fmt.Fprintln(w)
			col = 0
		} else if i > 0 {
			fmt.Fprint(w, " ")
			col++
		}
		fmt.Fprint(w, word)
		col += len(word)
	}
	fmt.Fprint(w, "\n\n")
}

func countNoun(n int, word string) string {
	if n == 1 {
		return "1 " + word
	}
	return fmt.Sprintf("%d %ss", n, word)
}

// explained is what explain -json prints: the finding's price and the
// figures behind it, in the models' JSON.
type explained struct {
	Pass string `json:"pass"`
	Cost string `json:"cost"`
	// Finding is the model of the finding's own situation, with its values.
	Finding any `json:"finding"`
	// Model is the documents' model the text compares it with.
	Model any `json:"model,omitempty"`
}

func writeExplained(stdout, stderr io.Writer, e explained) int {
	data, err := json.MarshalIndent(e, "", "  ")
	if err == nil {
		_, err = fmt.Fprintf(stdout, "%s\n", data)
	}
	if err != nil {
		fmt.Fprintf(stderr, "budgetlint explain: %v\n", err)
		return exitUsage
	}
	return exitClean
}

// oneHopFlags registers the one-hop model's situation, the documents'
// figures as defaults: the caller's deadline and the work below the hop.
func oneHopFlags(fs *flag.FlagSet, cfg *sim.OneHopConfig) {
	durationVar(fs, &cfg.Deadline, "deadline", "the caller's deadline, which the finding's hop drops or replaces")
	durationVar(fs, &cfg.Work, "work", "how long the work below the hop takes (seed 003's hanging hop)")
}

// explainHop is how the explanation of a finding whose hop drops the
// deadline starts (ctxbackground, dropcancel): the one-hop model's flags,
// the document model's flags and -json; both models run, and with -json
// their figures are printed. It returns the exit code to stop with, or -1
// for the caller to go on and print its text.
func explainHop[C, R any](pass, flagsAbout string, args []string, stdout, stderr io.Writer, flags func(*flag.FlagSet) func() (C, error), simulate func(C) (R, error)) (C, R, sim.OneHopReport, int) {
	fs := newFlagSet("explain "+pass, "budgetlint explain "+pass+" [-deadline D] [-work D] [-json] ["+flagsAbout+"]", stderr)
	hop := price.OneHop(pass, price.Values{})
	oneHopFlags(fs, &hop)
	asJSON := fs.Bool("json", false, "print the figures as JSON")
	cfg, rep, code := runModel(fs, args, flags(fs), simulate)
	if code >= 0 {
		return cfg, rep, sim.OneHopReport{}, code
	}
	one, err := sim.SimulateOneHop(hop)
	if err != nil {
		return cfg, rep, one, usageError(fs, err)
	}
	if *asJSON {
		return cfg, rep, one, writeExplained(stdout, stderr, explained{pass, price.OneHopCost(one), one, rep})
	}
	return cfg, rep, one, -1
}

func explainCtxBackground(args []string, stdout, stderr io.Writer) int {
	cfg, rep, one, code := explainHop("ctxbackground", "chain flags", args, stdout, stderr, hopsFlags, sim.SimulateHops)
	if code >= 0 {
		return code
	}
	_, slowLast, slowEarly := cfg.Conditions()
	lf, _ := rep.Row(slowLast.Name, "fixed")
	lb, _ := rep.Row(slowLast.Name, "budget")
	ef, _ := rep.Row(slowEarly.Name, "fixed")
	eb, _ := rep.Row(slowEarly.Name, "budget")
	n := len(rep.Hops)
	explainHead(stdout, "ctxbackground: context.Background() or context.TODO() where an inbound context exists", price.OneHopCost(one))
	wrapParagraph(stdout, "A fresh root drops both the caller's deadline and its cancel signal, so everything below it "+
		"keeps working after the caller has given up: abandoned work that the system does instead of work it could still finish.")
	wrapParagraph(stdout, "In the %d-hop chain of seed 003 with %s slow, fixed per-hop timeouts of %v leave %d ms of work "+
		"running after a caller gave up, and the last hop stops only at %d ms. A %v budget carried in the context "+
		"wastes %d ms and stops everything at %d ms. When the budget runs out early (%s), it does not even start "+
		"the hops it has no time for: %d/%d started instead of %d/%d.",
		n, rep.Hops[n-1], cfg.PerHopTimeout, lf.Wasted.Milliseconds(), lf.LastWorkEnds().Milliseconds(),
		cfg.UserBudget, lb.Wasted.Milliseconds(), lb.LastWorkEnds().Milliseconds(),
		slowEarly.Name, eb.HopsStarted, n, ef.HopsStarted, n)
	fmt.Fprintln(stdout, sim.HopsTableHeader)
	for _, row := range []sim.HopsRow{lf, lb, ef, eb} {
		fmt.Fprintln(stdout, row)
	}
	return explainEnd(stdout, "budgetlint sim hops",
		"pass the inbound context (ctx, r.Context()) instead of the fresh root.")
}

func explainFixedTimeout(args []string, stdout, stderr io.Writer) int {
	fs := newFlagSet("explain fixedtimeout", "budgetlint explain fixedtimeout [-timeout D] [-deadline D] [-work D] [-hops N] [-json]", stderr)
	seed := sim.DefaultHopsConfig()
	hop := price.OneHop("fixedtimeout", price.Values{})
	oneHopFlags(fs, &hop)
	durationVar(fs, &hop.Timeout, "timeout", "the fixed timeout the finding names")
	hops := fs.Int("hops", len(seed.Latencies), "hops in the chain that each use such a timeout")
	asJSON := fs.Bool("json", false, "print the figures as JSON")
	if code := parseFlags(fs, args); code >= 0 {
		return code
	}
	timeout, deadline := hop.Timeout, hop.Deadline
	if timeout <= 0 || *hops < 1 || deadline <= 0 {
		return usageError(fs, fmt.Errorf("-timeout and -deadline must be positive and -hops at least 1"))
	}
	for _, err := range []error{
		sim.CheckCount("-hops", *hops, sim.MaxHops),
		sim.CheckDuration("-timeout", timeout),
		sim.CheckDuration("-deadline", deadline),
	} {
		if err != nil {
			return usageError(fs, err)
		}
	}
	chain := sim.WorstCaseFixedChain(*hops, timeout)
	lat := make([]time.Duration, *hops)
	for i := range lat {
		lat[i] = timeout
	}
	// The fix, context.WithTimeout(ctx, timeout), keeps the timeout and
	// takes the sooner of it and the caller's deadline.
	carried := sim.RunPropagatedBudget(lat, min(deadline, timeout))
	one, err := sim.SimulateOneHop(hop)
	if err != nil {
		return usageError(fs, err)
	}
	rep, err := sim.SimulateHops(seed)
	if err != nil {
		return usageError(fs, err)
	}
	retry, err := sim.SimulateRetry(sim.DefaultRetryConfig())
	if err != nil {
		return usageError(fs, err)
	}
	layers := retry.LayersFixed
	normal, _ := rep.Row("normal", "budget")
	_, slowLast, _ := seed.Conditions()
	lf, _ := rep.Row(slowLast.Name, "fixed")
	lb, _ := rep.Row(slowLast.Name, "budget")

	if *asJSON {
		return writeExplained(stdout, stderr, explained{"fixedtimeout", price.OneHopCost(one), one, rep})
	}
	explainHead(stdout, "fixedtimeout: a step bounded by a fixed timeout instead of the remaining budget", price.OneHopCost(one))
	wrapParagraph(stdout, "A fixed timeout bounds one step, not the request. Timeouts compose by addition along the chain: "+
		"each hop waits its own timeout for the one below, and nobody tells the hop below that its caller left. "+
		"The user's wait is the sum along the path, not any one configured value.")
	wrapParagraph(stdout, "This case: %d hops with a %v timeout each, each slow right up to its timeout. The user gives up "+
		"after %v; the last hop works on until %v (%d x %v), and %v of work runs after a caller gave up. "+
		"Derived from the caller's %v deadline instead, every hop stops by %v.",
		*hops, timeout, chain.UserWait, chain.LastWorkEnds(), *hops, timeout, chain.Wasted, deadline, carried.LastWorkEnds())
	wrapParagraph(stdout, "The documents' numbers: in seed 003's chain the normal-path wait is the sum of the hops, %d ms, not "+
		"any single timeout. With %s slow, the top hop measures %d ms, yet the chain works on until %d ms; a %d ms budget "+
		"stops it at %d ms. Seed 004: %d layers with a %v timeout each keep a request alive %v while the user left after %v.",
		normal.UserWait.Milliseconds(), rep.Hops[len(rep.Hops)-1], lf.UserWait.Milliseconds(), lf.LastWorkEnds().Milliseconds(),
		seed.UserBudget.Milliseconds(), lb.LastWorkEnds().Milliseconds(),
		retry.Config.Layers, retry.Config.LayerTimeout, layers.LastWorkEnds(), layers.UserWait)
	fmt.Fprintln(stdout, sim.HopsTableHeader)
	for _, row := range rep.Rows[:4] {
		fmt.Fprintln(stdout, row)
	}
	return explainEnd(stdout, "budgetlint sim hops, budgetlint sim retry",
		"derive the timeout from the inbound context, context.WithTimeout(ctx, d):",
		"the child gets the earlier of the two deadlines.")
}

func explainRetryBudget(args []string, stdout, stderr io.Writer) int {
	fs := newFlagSet("explain retrybudget", "budgetlint explain retrybudget [-attempts N] [-timeout D] [-backoff D] [-deadline D] [-json] [flags]", stderr)
	asJSON := fs.Bool("json", false, "print the figures as JSON")
	cfg, rep, code := runModel(fs, args, retryFlags(fs, price.Retry(price.Values{})), sim.SimulateRetry)
	if code >= 0 {
		return code
	}
	if *asJSON {
		return writeExplained(stdout, stderr, explained{"retrybudget", price.RetryCost(rep, false), rep, nil})
	}
	f, b := rep.Fixed, rep.BudgetAware
	explainHead(stdout, "retrybudget: a retry loop that never consults the remaining budget", price.RetryCost(rep, false))
	wrapParagraph(stdout, "A retry loop that does not look at the context runs every attempt with its full timeout and "+
		"sleeps every backoff, whatever the caller's deadline, and it retries after the caller has cancelled: "+
		"%d attempts x %v = %v worst case, plus %v backoff = %v.",
		cfg.Attempts, cfg.AttemptTimeout, rep.FixedWorstCase, rep.TotalBackoff, rep.FixedWorstCase+rep.TotalBackoff)
	start := ""
	if cfg.Spent > 0 {
		start = fmt.Sprintf(" and %v already spent (%v left when the loop starts)", cfg.Spent, max(cfg.Deadline-cfg.Spent, 0))
	}
	wrapParagraph(stdout, "With a %v deadline%s, the blind loop returns at %v and does %v of work after the caller gave up "+
		"at %v. A budget-aware loop checks the deadline before each attempt and its wait, caps the attempt to what "+
		"remains, skips it when less than it needs to finish (%v) or than the %v floor would be left, and stops on "+
		"cancellation: it returns at %v with %s run, %d skipped, %v of work after the caller gave up.",
		cfg.Deadline, start, f.ReturnsAt, f.AfterGiveUp, cfg.GiveUpAt(),
		cfg.MinUseful, cfg.Floor, b.ReturnsAt, countNoun(b.Run, "attempt"), b.Skipped, b.AfterGiveUp)
	return explainTable(stdout, stderr, rep.WriteStrategies, "budgetlint sim retry",
		"check ctx.Err() before each attempt, wait in a select on ctx.Done(), and give",
		"each attempt context.WithTimeout(ctx, d), which the caller's deadline caps.")
}

func explainDropCancel(args []string, stdout, stderr io.Writer) int {
	cfg, rep, one, code := explainHop("dropcancel", "split flags", args, stdout, stderr, splitFlags, sim.SimulateSplit)
	if code >= 0 {
		return code
	}
	byPolicy := map[sim.SplitPolicy]sim.BusySlots{}
	for _, b := range rep.BusySlots {
		byPolicy[b.Policy] = b
	}
	g, w := byPolicy[sim.Greedy], byPolicy[sim.Weighted]
	gr, _ := rep.Run(cfg.Slowdown.Name, sim.Greedy)
	wr, _ := rep.Run(cfg.Slowdown.Name, sim.Weighted)
	fix := sim.FormatFigure
	explainHead(stdout, "dropcancel: a call that cannot carry the inbound cancellation signal", price.OneHopCost(one))
	wrapParagraph(stdout, "Passing the remaining time says when the caller will give up; the cancellation signal says that "+
		"it has. A call that cannot carry the signal keeps the dependency working for nobody after the caller gave up.")
	wrapParagraph(stdout, "Seed 000, %s over %d requests: without the signal, a tight split only moves the load from the "+
		"caller to the dependency. Abandoned work grows from %s ms (greedy) to %s ms (weighted), and the system keeps "+
		"%s busy slots under greedy against %s under weighted, no gain. With the signal the abandoned work stops, "+
		"and the totals become %s against %s.",
		cfg.Slowdown.Name, cfg.Requests, fix(gr.WastedWork, 0), fix(wr.WastedWork, 0),
		fix(g.TotalNoCancel, 1), fix(w.TotalNoCancel, 1), fix(g.TotalCancel, 1), fix(w.TotalCancel, 1))
	return explainTable(stdout, stderr, rep.WriteBusySlots, "budgetlint sim split",
		"call the context-aware variant with the inbound context (http.NewRequestWithContext,",
		"db.QueryContext, exec.CommandContext, (&net.Dialer{}).DialContext, ...).")
}
