package sim

import (
	"encoding/json"
	"fmt"
	"io"
	"slices"
	"strings"
)

// This file is seed 000, "Timeout Budgets": the billing arm of a tracking
// query has a 180 ms share (a 200 ms threshold minus a 20 ms gateway share)
// and must split it across two consecutive reads, tariff then size. The
// model runs the three split policies under a failure-free day and under a
// tariff-store slowdown (AY10), with and without a cancellation signal, and
// converts durations to held slots with L = lambda x W.
//
// The seed is a JavaScript program, so this model keeps its arithmetic in
// float64 milliseconds and formats with JavaScript's rules (toFixed,
// String), operation for operation, so the default run prints its tables.

// SplitPolicy decides how the arm's remaining share is split across the two
// consecutive reads.
type SplitPolicy string

const (
	// Greedy gives the whole remainder to each read; the second gets what
	// the first left.
	Greedy SplitPolicy = "greedy"
	// Equal halves the share.
	Equal SplitPolicy = "equal"
	// Weighted splits by the ratio of the reads' typical durations.
	Weighted SplitPolicy = "weighted"
)

// SplitPolicies is the order in which the seed prints the policies.
var SplitPolicies = []SplitPolicy{Greedy, Equal, Weighted}

// Durations holds one value per sub-call, in milliseconds.
type Durations struct {
	Delivery float64 // the delivery-operations arm's single read
	Tariff   float64 // the billing arm's first read
	Size     float64 // the billing arm's second read
}

// Regime is a day's sub-call durations: each sub-call reads its next
// duration from its own cycle, so a run is the same on every machine.
type Regime struct {
	Name     string
	Delivery []float64
	Tariff   []float64
	Size     []float64
}

// LongTailCycle is the seed's D(body, tail): the body twice, then one long
// tail. The seed calls it "a long tail once in sixteen"; note the cycle is
// therefore 2*len(body)+1 steps long (17 for the seed's 8-step bodies), and
// the seed's figures depend on that length.
func LongTailCycle(body []float64, tail float64) []float64 {
	return append(append(slices.Clone(body), body...), tail)
}

// Slowdown is one row of AY10's sensitivity table: how long the tariff
// store stays slow and how often.
type Slowdown struct {
	Minutes       float64
	TimesPerMonth float64
}

// SplitConfig holds every parameter of seed 000. Start from
// DefaultSplitConfig and override what you need.
type SplitConfig struct {
	// Threshold is K01's end-to-end read threshold: 200 ms.
	Threshold float64
	// GatewayShare is what the gateway keeps for itself (K03/U3): 20 ms.
	GatewayShare float64
	// Typical durations set the weighted split: delivery 8, tariff 6, size 12 ms.
	Typical Durations
	// ReadPeak is K01's peak read rate, the lambda in L = lambda x W: 416.67/s.
	ReadPeak float64
	// EdgePeak is K01's peak edge rate, which prices the deadline field: 513.89/s.
	EdgePeak float64
	// ResponseBytes is the tracking response's size: 480 B.
	ResponseBytes float64
	// DeadlineFieldBytes is the field that carries the remaining time: 8 B.
	DeadlineFieldBytes float64
	// SubCalls per external request that carry the field: 2 arms + 1 + 2 records = 5.
	SubCalls int
	// Requests is how many external requests one run counts: 48.
	Requests int
	// FailureFree and Slowdown are the two days the policies are compared on.
	FailureFree Regime
	Slowdown    Regime
	// MonthlyFailureShare is K01's monthly failure share in minutes: 28.2.
	MonthlyFailureShare float64
	// Slowdowns are the rows of AY10's sensitivity table.
	Slowdowns []Slowdown
}

// DefaultSplitConfig returns seed 000's parameters.
func DefaultSplitConfig() SplitConfig {
	delivery := LongTailCycle([]float64{8, 9, 8, 10, 8, 9, 8, 10}, 40)
	size := LongTailCycle([]float64{12, 13, 12, 14, 12, 13, 12, 14}, 100)
	return SplitConfig{
		Threshold:          200,
		GatewayShare:       20,
		Typical:            Durations{Delivery: 8, Tariff: 6, Size: 12},
		ReadPeak:           416.67,
		EdgePeak:           513.89,
		ResponseBytes:      480,
		DeadlineFieldBytes: 8,
		SubCalls:           5,
		Requests:           48,
		FailureFree: Regime{
			Name:     "failure-free",
			Delivery: delivery,
			Tariff:   LongTailCycle([]float64{6, 7, 6, 8, 6, 7, 6, 8}, 80),
			Size:     size,
		},
		Slowdown: Regime{ // AY10: only the tariff store slows down
			Name:     "tariff slowdown",
			Delivery: slices.Clone(delivery),
			Tariff:   LongTailCycle([]float64{150, 400, 220, 400, 180, 300, 260, 400}, 400),
			Size:     slices.Clone(size),
		},
		MonthlyFailureShare: 28.2,
		Slowdowns:           []Slowdown{{12, 1}, {12, 2}, {24, 1}},
	}
}

// Validate reports a configuration the model cannot run.
func (c SplitConfig) Validate() error {
	if err := checkCountIn("a run needs at least one request", "requests", c.Requests, MaxRequests); err != nil {
		return err
	}
	for _, x := range []struct {
		what string
		x    float64
	}{
		{"the threshold", c.Threshold}, {"the gateway share", c.GatewayShare}, {"the typical delivery read", c.Typical.Delivery},
		{"the typical tariff read", c.Typical.Tariff}, {"the typical size read", c.Typical.Size}, {"the read peak", c.ReadPeak},
		{"the edge peak", c.EdgePeak}, {"the response size", c.ResponseBytes}, {"the deadline field size", c.DeadlineFieldBytes},
		{"the monthly failure share", c.MonthlyFailureShare},
	} {
		if err := checkFinite(x.what, x.x); err != nil {
			return err
		}
	}
	for _, r := range []Regime{c.FailureFree, c.Slowdown} {
		for _, cycle := range []struct {
			name  string
			steps []float64
		}{{"delivery", r.Delivery}, {"tariff", r.Tariff}, {"size", r.Size}} {
			if len(cycle.steps) == 0 {
				return fmt.Errorf("regime %q has an empty %s cycle", r.Name, cycle.name)
			}
			for _, x := range cycle.steps {
				if err := checkFinite(fmt.Sprintf("regime %q's %s cycle", r.Name, cycle.name), x); err != nil {
					return err
				}
			}
		}
	}
	for _, s := range c.Slowdowns {
		if err := checkFinite("a slowdown's minutes", s.Minutes); err != nil {
			return err
		}
		if err := checkFinite("a slowdown's times a month", s.TimesPerMonth); err != nil {
			return err
		}
	}
	if c.Typical.Tariff+c.Typical.Size <= 0 {
		return fmt.Errorf("the weighted split needs positive typical durations for tariff and size")
	}
	if c.ResponseBytes <= 0 {
		return fmt.Errorf("the response size must be positive")
	}
	if c.MonthlyFailureShare <= 0 {
		return fmt.Errorf("the monthly failure share must be positive")
	}
	return nil
}

// Remaining is the arm's share: the threshold minus the gateway's share.
func (c SplitConfig) Remaining() float64 { return c.Threshold - c.GatewayShare }

// Shares splits the remaining share across the tariff and size reads.
func (c SplitConfig) Shares(policy SplitPolicy, remaining float64) (tariff, size float64) {
	switch policy {
	case Greedy:
		return remaining, remaining
	case Equal:
		return remaining / 2, remaining / 2
	}
	t := c.Typical.Tariff + c.Typical.Size // weighted: ratio of the typical durations
	return (remaining * c.Typical.Tariff) / t, (remaining * c.Typical.Size) / t
}

// HeldSlots converts a duration in ms to busy slots at the peak read rate,
// by L = lambda x W.
func (c SplitConfig) HeldSlots(ms float64) float64 { return (c.ReadPeak * ms) / 1000 }

// SubCallFailures counts the sub-calls that failed (timed out or never got
// any share), per sub-call: the seed's "blame" columns.
type SubCallFailures struct {
	Delivery, Tariff, Size int
}

// SplitRun is the outcome of one policy over one regime.
type SplitRun struct {
	Policy   SplitPolicy
	Cancel   bool // whether the caller tells the dependency it gave up
	N        int
	Answered int
	Dropped  int
	// WastedWork is the ms a dependency kept working after its caller
	// gave up; zero when the cancellation signal is carried.
	WastedWork    float64
	TotalDuration float64
	Failed        SubCallFailures
	EndToEnd      []float64 // per request, in order
	Answers       []bool    // per request: answered within the threshold
	Median        float64   // the seed's sorted[n >> 1]
	Worst         float64
	Average       float64
}

// RunSplit is seed 000's run(): n requests through the chain, both arms in
// parallel, the billing arm's two reads in sequence under the policy's
// shares. A read whose limit is already spent does not start (and does not
// consume a duration from its cycle).
func (c SplitConfig) RunSplit(regime Regime, policy SplitPolicy, cancel bool) SplitRun {
	n := c.Requests
	remaining := c.Remaining()
	s := SplitRun{Policy: policy, Cancel: cancel, N: n}
	var cursorDelivery, cursorTariff, cursorSize int
	next := func(cycle []float64, cursor *int) float64 {
		d := cycle[*cursor%len(cycle)]
		*cursor++
		return d
	}
	// call is one sub-call with timeout limit; elapsed is what the caller waited.
	call := func(cycle []float64, cursor *int, limit float64) (ok bool, elapsed float64) {
		if limit <= 0 {
			return false, 0
		}
		d := next(cycle, cursor)
		if d <= limit {
			return true, d
		}
		if !cancel {
			s.WastedWork += d - limit // the caller gave up, the dependency keeps working
		}
		return false, limit
	}
	for range n {
		aOK, a := call(regime.Delivery, &cursorDelivery, remaining)
		p0, p1 := c.Shares(policy, remaining)
		b1OK, b1 := call(regime.Tariff, &cursorTariff, min(p0, remaining))
		b2OK, b2 := call(regime.Size, &cursorSize, min(p1, remaining-b1))
		if !aOK {
			s.Failed.Delivery++
		}
		if !b1OK {
			s.Failed.Tariff++
		}
		if !b2OK {
			s.Failed.Size++
		}
		elapsed := c.GatewayShare + max(a, b1+b2)
		s.EndToEnd = append(s.EndToEnd, elapsed)
		s.TotalDuration += elapsed
		answered := aOK && b1OK && b2OK && elapsed <= c.Threshold
		s.Answers = append(s.Answers, answered)
		if answered {
			s.Answered++
		} else {
			s.Dropped++
		}
	}
	sorted := slices.Clone(s.EndToEnd)
	slices.Sort(sorted)
	s.Median = sorted[n>>1]
	s.Worst = sorted[n-1]
	s.Average = s.TotalDuration / float64(n)
	return s
}

// runFigures are a regime table's ms figures as the table prints them.
type runFigures struct{ median, worst, wasted string }

// figures formats each column of the regime's ms figures with one
// precision (see column).
func (rr RegimeResult) figures() []runFigures {
	cells := columns(len(rr.Runs), func(i int) []float64 {
		return []float64{rr.Runs[i].Median, rr.Runs[i].Worst, rr.Runs[i].WastedWork}
	})
	out := make([]runFigures, len(cells))
	for i, c := range cells {
		out[i] = runFigures{c[0], c[1], c[2]}
	}
	return out
}

// PolicyShares is one row of the shares table.
type PolicyShares struct {
	Policy       SplitPolicy
	Tariff, Size float64
}

// RegimeResult is one regime's table: the three policies without a
// cancellation signal.
type RegimeResult struct {
	Regime string
	Runs   []SplitRun
}

// BusySlots is one row of the "slots the system keeps busy" table: the
// caller's held slots, the dependency's abandoned slots, and their sum with
// and without a cancellation signal.
type BusySlots struct {
	Policy        SplitPolicy
	Caller        float64
	Abandoned     float64
	TotalNoCancel float64
	TotalCancel   float64
}

// DeadlineFieldCost is the failure-free day's cost of carrying the
// remaining time with every sub-call.
type DeadlineFieldCost struct {
	BytesPerRequest float64
	PercentOfReply  float64
	BytesPerSecond  float64
	KiBPerSecond    float64
}

// TightSplitCost is the failure-free day's cost of a tighter split than
// greedy: healthy requests it drops.
type TightSplitCost struct {
	Policy         SplitPolicy
	MoreDropped    int // than greedy, on the same failure-free day
	N              int
	Percent        float64
	RequestsPerSec float64 // at the peak read rate
}

// SensitivityRow is one row of AY10's sensitivity table.
type SensitivityRow struct {
	Slowdown
	MinutesPerMonth float64
	PercentOfShare  float64
	MinutesLeft     float64 // of the monthly failure share, for the rest of the month
}

// SplitReport is everything seed 000 prints.
type SplitReport struct {
	Config        SplitConfig
	Remaining     float64
	Shares        []PolicyShares
	Regimes       []RegimeResult // failure-free, then slowdown
	BusySlots     []BusySlots    // under the slowdown
	DeadlineField DeadlineFieldCost
	TightSplit    []TightSplitCost // equal and weighted against greedy, failure-free
	Sensitivity   []SensitivityRow
}

// Run returns the run of a policy in a regime's table.
func (r SplitReport) Run(regime string, policy SplitPolicy) (SplitRun, bool) {
	for _, rr := range r.Regimes {
		if rr.Regime != regime {
			continue
		}
		for _, run := range rr.Runs {
			if run.Policy == policy {
				return run, true
			}
		}
	}
	return SplitRun{}, false
}

// SimulateSplit runs every table of seed 000.
func SimulateSplit(cfg SplitConfig) (SplitReport, error) {
	if err := cfg.Validate(); err != nil {
		return SplitReport{}, err
	}
	rep := SplitReport{Config: cfg, Remaining: cfg.Remaining()}
	for _, p := range SplitPolicies {
		a, b := cfg.Shares(p, rep.Remaining)
		rep.Shares = append(rep.Shares, PolicyShares{p, a, b})
	}
	for _, regime := range []Regime{cfg.FailureFree, cfg.Slowdown} {
		rr := RegimeResult{Regime: regime.Name}
		for _, p := range SplitPolicies {
			rr.Runs = append(rr.Runs, cfg.RunSplit(regime, p, false))
		}
		rep.Regimes = append(rep.Regimes, rr)
	}
	n := float64(cfg.Requests)
	for _, p := range SplitPolicies {
		r := cfg.RunSplit(cfg.Slowdown, p, false)
		rc := cfg.RunSplit(cfg.Slowdown, p, true)
		c, t := cfg.HeldSlots(r.Average), cfg.HeldSlots(r.WastedWork/n)
		rep.BusySlots = append(rep.BusySlots, BusySlots{
			Policy: p, Caller: c, Abandoned: t, TotalNoCancel: c + t,
			TotalCancel: cfg.HeldSlots(rc.Average) + cfg.HeldSlots(rc.WastedWork/n),
		})
	}
	perRequest := float64(cfg.SubCalls) * cfg.DeadlineFieldBytes
	bytes := cfg.EdgePeak * float64(cfg.SubCalls) * cfg.DeadlineFieldBytes
	rep.DeadlineField = DeadlineFieldCost{
		BytesPerRequest: perRequest,
		PercentOfReply:  perRequest / cfg.ResponseBytes * 100,
		BytesPerSecond:  bytes,
		KiBPerSecond:    bytes / 1024,
	}
	base := cfg.RunSplit(cfg.FailureFree, Greedy, false)
	for _, p := range []SplitPolicy{Equal, Weighted} {
		r := cfg.RunSplit(cfg.FailureFree, p, false)
		diff := r.Dropped - base.Dropped
		rep.TightSplit = append(rep.TightSplit, TightSplitCost{
			Policy: p, MoreDropped: diff, N: r.N,
			Percent:        (float64(diff) / float64(r.N)) * 100,
			RequestsPerSec: (cfg.ReadPeak * float64(diff)) / float64(r.N),
		})
	}
	for _, s := range cfg.Slowdowns {
		m := float64(s.Minutes * s.TimesPerMonth) // the conversion forbids fusing into the subtraction below
		rep.Sensitivity = append(rep.Sensitivity, SensitivityRow{
			Slowdown: s, MinutesPerMonth: m,
			PercentOfShare: (m / cfg.MonthlyFailureShare) * 100,
			MinutesLeft:    cfg.MonthlyFailureShare - m,
		})
	}
	return rep, nil
}

// WriteText prints the report as seed 000's run.mjs prints it; with the
// default configuration the output is the seed's text byte for byte, and
// one line more: what the most slowdown a month leaves of the failure
// share, a figure the seed gives in its text (4.2 minutes).
func (r SplitReport) WriteText(w io.Writer) error {
	cfg := r.Config
	var b strings.Builder
	p := func(parts ...string) { b.WriteString(strings.Join(parts, "") + "\n") }
	js := jsString
	p("end-to-end threshold ", js(cfg.Threshold), " ms (K01), gateway share ", js(cfg.GatewayShare),
		" ms (K03/U3), remaining for the arm ", figure(r.Remaining), " ms")
	p("typical durations: delivery ", js(cfg.Typical.Delivery), ", tariff ", js(cfg.Typical.Tariff),
		", size ", js(cfg.Typical.Size), " ms")
	shares := newTable(-11, 17, 15)
	shares.row("policy", "tariff share(ms)", "size share(ms)")
	for _, s := range r.Shares {
		shares.row(string(s.Policy), toFixed(s.Tariff, 1), toFixed(s.Size, 1))
	}
	shares.writeTo(&b)
	for _, rr := range r.Regimes {
		p()
		p("-- ", rr.Regime, " (", fmt.Sprint(cfg.Requests), " external requests, no cancellation signal) --")
		t := newTable(-11, 9, 8, 13, 11, 8, 8, 7, 13, 16)
		t.row("policy", "answered", "dropped", "blame:tariff", "blame:size", "median", "worst", "avg.", "held slots", "wasted work(ms)")
		for i, f := range rr.figures() {
			run := rr.Runs[i]
			t.row(string(run.Policy), fmt.Sprint(run.Answered), fmt.Sprint(run.Dropped), fmt.Sprint(run.Failed.Tariff),
				fmt.Sprint(run.Failed.Size), f.median, f.worst, toFixed(run.Average, 1),
				toFixed(cfg.HeldSlots(run.Average), 1), f.wasted)
		}
		t.writeTo(&b)
	}
	p()
	r.writeBusySlots(&b)
	f := r.DeadlineField
	p()
	p("-- ", cfg.FailureFree.Name, " day's cost (computed value) --")
	p("deadline field ", js(cfg.DeadlineFieldBytes), " B x ", fmt.Sprint(cfg.SubCalls), " sub-calls = ",
		figure(f.BytesPerRequest), " B/request, ", toFixed(f.PercentOfReply, 1), "% of the tracking response (",
		js(cfg.ResponseBytes), " B)")
	p("at ", js(cfg.EdgePeak), " req/s peak edge -> ", toFixed(f.BytesPerSecond, 2), " B/s = ",
		toFixed(f.KiBPerSecond, 2), " KiB/s")
	for _, t := range r.TightSplit {
		p(padEnd(string(t.Policy), 11), ": ", fmt.Sprint(t.MoreDropped), "/", fmt.Sprint(t.N),
			" more dropped requests than greedy = ", toFixed(t.Percent, 2), "% -> ",
			toFixed(t.RequestsPerSec, 2), " req/s at peak read")
	}
	p()
	p("-- AY10's sensitivity: how long the tariff store stays slow --")
	sens := newTable(14, 8, 11, 27)
	sens.row("duration(min)", "a month", "minutes/mo", "of failure share("+js(cfg.MonthlyFailureShare)+" min)")
	figures := r.sensitivityFigures()
	for _, s := range figures {
		sens.row(s.minutes, s.times, s.perMonth, s.percent+"%")
	}
	sens.writeTo(&b)
	if len(r.Sensitivity) > 0 {
		// What the most slowdown a month leaves of the failure share: the
		// seed states it below its table (4.2 minutes at 24 a month).
		i := 0
		for j, s := range r.Sensitivity {
			if s.MinutesPerMonth > r.Sensitivity[i].MinutesPerMonth {
				i = j
			}
		}
		f, share := figures[i], js(cfg.MonthlyFailureShare)
		if r.Sensitivity[i].MinutesLeft >= 0 {
			p("at ", f.perMonth, " minutes/mo, ", f.left, " of the ", share, " minutes are left for the rest of the month")
		} else {
			p("at ", f.perMonth, " minutes/mo, the ", share, "-minute failure share is overrun by ", figure(-r.Sensitivity[i].MinutesLeft), " minutes")
		}
	}
	_, err := io.WriteString(w, b.String())
	return err
}

// WriteBusySlots prints the table of slots the slowdown keeps busy, with
// and without a cancellation signal, as seed 000 prints it.
func (r SplitReport) WriteBusySlots(w io.Writer) error { return writeBuilt(w, r.writeBusySlots) }

func (r SplitReport) writeBusySlots(b *strings.Builder) {
	p := func(parts ...string) { b.WriteString(strings.Join(parts, "") + "\n") }
	p("-- ", r.Config.Slowdown.Name, ": slots the system keeps busy (peak read ", jsString(r.Config.ReadPeak), "/s) --")
	t := newTable(-11, 9, 12, 17, 16)
	t.row("policy", "caller", "abandoned", "total(no cancel)", "total(cancel)")
	for _, s := range r.BusySlots {
		t.row(string(s.Policy), toFixed(s.Caller, 1), toFixed(s.Abandoned, 1), toFixed(s.TotalNoCancel, 1), toFixed(s.TotalCancel, 1))
	}
	t.writeTo(b)
}

// sensitivityCells are a sensitivity row's figures as the table prints them.
type sensitivityCells struct{ minutes, times, perMonth, left, percent string }

// sensitivityFigures formats the sensitivity table's columns, each with
// one precision (see column).
func (r SplitReport) sensitivityFigures() []sensitivityCells {
	cells := columns(len(r.Sensitivity), func(i int) []float64 {
		s := r.Sensitivity[i]
		return []float64{s.Minutes, s.TimesPerMonth, s.MinutesPerMonth, s.MinutesLeft}
	})
	out := make([]sensitivityCells, len(cells))
	for i, c := range cells {
		out[i] = sensitivityCells{c[0], c[1], c[2], c[3], toFixed(r.Sensitivity[i].PercentOfShare, 1)}
	}
	return out
}

// FormatFigure formats a figure the way seed 000's tables do
// (JavaScript's toFixed), for callers that quote single figures.
func FormatFigure(x float64, digits int) string { return toFixed(x, digits) }

// MarshalJSON gives the report's figures with the precision the tables
// print them, so the JSON and the text never disagree.
func (r SplitReport) MarshalJSON() ([]byte, error) {
	cfg := r.Config
	fixed := func(x float64, digits int) json.Number { return json.Number(toFixed(x, digits)) }
	num := func(x float64) json.Number { return json.Number(jsString(x)) }
	type share struct {
		Policy   SplitPolicy `json:"policy"`
		TariffMs json.Number `json:"tariffShareMs"`
		SizeMs   json.Number `json:"sizeShareMs"`
	}
	type run struct {
		Policy      SplitPolicy `json:"policy"`
		Answered    int         `json:"answered"`
		Dropped     int         `json:"dropped"`
		BlameTariff int         `json:"blameTariff"`
		BlameSize   int         `json:"blameSize"`
		MedianMs    json.Number `json:"medianMs"`
		WorstMs     json.Number `json:"worstMs"`
		AverageMs   json.Number `json:"averageMs"`
		HeldSlots   json.Number `json:"heldSlots"`
		WastedMs    json.Number `json:"wastedWorkMs"`
		EndToEndMs  []float64   `json:"endToEndMs"`
	}
	type regime struct {
		Regime   string `json:"regime"`
		Requests int    `json:"requests"`
		Runs     []run  `json:"runs"`
	}
	type busy struct {
		Policy        SplitPolicy `json:"policy"`
		Caller        json.Number `json:"caller"`
		Abandoned     json.Number `json:"abandoned"`
		TotalNoCancel json.Number `json:"totalNoCancel"`
		TotalCancel   json.Number `json:"totalCancel"`
	}
	type tight struct {
		Policy         SplitPolicy `json:"policy"`
		MoreDropped    int         `json:"moreDroppedThanGreedy"`
		Requests       int         `json:"requests"`
		Percent        json.Number `json:"percent"`
		RequestsPerSec json.Number `json:"requestsPerSecAtPeakRead"`
	}
	type sens struct {
		Minutes         json.Number `json:"minutes"`
		TimesPerMonth   json.Number `json:"timesPerMonth"`
		MinutesPerMonth json.Number `json:"minutesPerMonth"`
		PercentOfShare  json.Number `json:"percentOfFailureShare"`
		MinutesLeft     json.Number `json:"minutesLeftOfFailureShare"`
	}
	out := struct {
		ThresholdMs       json.Number `json:"thresholdMs"`
		GatewayShareMs    json.Number `json:"gatewayShareMs"`
		RemainingMs       json.Number `json:"remainingMs"`
		ReadPeak          json.Number `json:"readPeakPerSec"`
		Shares            []share     `json:"shares"`
		Regimes           []regime    `json:"regimes"`
		BusySlotsRegime   string      `json:"busySlotsRegime"`
		BusySlots         []busy      `json:"busySlots"`
		DeadlineFieldCost struct {
			BytesPerRequest json.Number `json:"bytesPerRequest"`
			PercentOfReply  json.Number `json:"percentOfResponse"`
			BytesPerSecond  json.Number `json:"bytesPerSecond"`
			KiBPerSecond    json.Number `json:"kibPerSecond"`
		} `json:"deadlineFieldCost"`
		TightSplitCost      []tight     `json:"tightSplitCost"`
		MonthlyFailureShare json.Number `json:"monthlyFailureShareMin"`
		Sensitivity         []sens      `json:"sensitivity"`
	}{
		ThresholdMs: num(cfg.Threshold), GatewayShareMs: num(cfg.GatewayShare), RemainingMs: json.Number(figure(r.Remaining)),
		ReadPeak: num(cfg.ReadPeak), BusySlotsRegime: cfg.Slowdown.Name, MonthlyFailureShare: num(cfg.MonthlyFailureShare),
	}
	for _, s := range r.Shares {
		out.Shares = append(out.Shares, share{s.Policy, fixed(s.Tariff, 1), fixed(s.Size, 1)})
	}
	for _, rr := range r.Regimes {
		o := regime{Regime: rr.Regime, Requests: cfg.Requests}
		for i, f := range rr.figures() {
			x := rr.Runs[i]
			o.Runs = append(o.Runs, run{x.Policy, x.Answered, x.Dropped, x.Failed.Tariff, x.Failed.Size,
				json.Number(f.median), json.Number(f.worst), fixed(x.Average, 1), fixed(cfg.HeldSlots(x.Average), 1),
				json.Number(f.wasted), x.EndToEnd})
		}
		out.Regimes = append(out.Regimes, o)
	}
	for _, s := range r.BusySlots {
		out.BusySlots = append(out.BusySlots, busy{s.Policy, fixed(s.Caller, 1), fixed(s.Abandoned, 1),
			fixed(s.TotalNoCancel, 1), fixed(s.TotalCancel, 1)})
	}
	f := r.DeadlineField
	out.DeadlineFieldCost.BytesPerRequest = json.Number(figure(f.BytesPerRequest))
	out.DeadlineFieldCost.PercentOfReply = fixed(f.PercentOfReply, 1)
	out.DeadlineFieldCost.BytesPerSecond = fixed(f.BytesPerSecond, 2)
	out.DeadlineFieldCost.KiBPerSecond = fixed(f.KiBPerSecond, 2)
	for _, t := range r.TightSplit {
		out.TightSplitCost = append(out.TightSplitCost, tight{t.Policy, t.MoreDropped, t.N,
			fixed(t.Percent, 2), fixed(t.RequestsPerSec, 2)})
	}
	for _, s := range r.sensitivityFigures() {
		out.Sensitivity = append(out.Sensitivity, sens{json.Number(s.minutes), json.Number(s.times),
			json.Number(s.perMonth), json.Number(s.percent), json.Number(s.left)})
	}
	return json.Marshal(out)
}
