package sim

import (
	"encoding/xml"
	"fmt"
	"io"
	"math"
	"strings"
	"time"
)

// The pictures are plain SVG written with fmt: no dependency, and any
// browser opens them. Each one shows what the tables count: where the
// user's wait ends, and which work runs on after it.

const (
	colorOwn       = "#2b6cb0" // a hop's own work, an attempt
	colorWait      = "#bee3f8" // waiting for the hop below
	colorAbandoned = "#e53e3e" // work after the caller gave up
	colorAnswered  = "#38a169"
	colorMuted     = "#718096"
	colorGrid      = "#e2e8f0"
	colorBackoff   = "#a0aec0"
)

// svgDoc accumulates the body of one SVG document; the header is written
// last, when the drawing knows how tall it became.
type svgDoc struct {
	b     strings.Builder
	w     float64
	title string
}

func newSVG(w float64, title string) *svgDoc { return &svgDoc{w: w, title: title} }

// halo keeps a label readable where it crosses a line or a bar.
const halo = `stroke="white" stroke-width="3" paint-order="stroke"`

func esc(s string) string {
	var b strings.Builder
	_ = xml.EscapeText(&b, []byte(s)) // a strings.Builder does not fail
	return b.String()
}

func (d *svgDoc) rect(x, y, w, h float64, fill, extra string) {
	if w <= 0 {
		return
	}
	fmt.Fprintf(&d.b, `<rect x="%.1f" y="%.1f" width="%.1f" height="%.1f" fill="%s" %s/>`+"\n", x, y, w, h, fill, extra)
}

func (d *svgDoc) line(x1, y1, x2, y2 float64, stroke, extra string) {
	fmt.Fprintf(&d.b, `<line x1="%.1f" y1="%.1f" x2="%.1f" y2="%.1f" stroke="%s" %s/>`+"\n", x1, y1, x2, y2, stroke, extra)
}

func (d *svgDoc) text(x, y float64, s, extra string) {
	fmt.Fprintf(&d.b, `<text x="%.1f" y="%.1f" %s>%s</text>`+"\n", x, y, extra, esc(s))
}

// writeTo writes the document, h units tall.
func (d *svgDoc) writeTo(w io.Writer, h float64) error {
	var head strings.Builder
	fmt.Fprintf(&head, `<svg xmlns="http://www.w3.org/2000/svg" width="%g" height="%g" viewBox="0 0 %g %g" font-family="Helvetica, Arial, sans-serif" font-size="12">`+"\n",
		d.w, h, d.w, h)
	fmt.Fprintf(&head, "<title>%s</title>\n", esc(d.title))
	head.WriteString(`<defs><pattern id="abandoned" width="6" height="6" patternUnits="userSpaceOnUse" patternTransform="rotate(45)">` +
		`<rect width="6" height="6" fill="#fed7d7"/><rect width="3" height="6" fill="` + colorAbandoned + `"/></pattern></defs>` + "\n")
	fmt.Fprintf(&head, `<rect width="%g" height="%g" fill="white"/>`+"\n", d.w, h)
	_, err := io.WriteString(w, head.String()+d.b.String()+"</svg>\n")
	return err
}

// niceStep picks a tick step of 1, 2 or 5 times a power of ten that gives
// at most about eight ticks up to max.
func niceStep(max float64) float64 { return niceStepFor(max, 8) }

// niceStepFor picks a tick step of 1, 2 or 5 times a power of ten that
// gives at most about ticks ticks up to max.
func niceStepFor(max float64, ticks int) float64 {
	if max <= 0 {
		return 1
	}
	raw := max / float64(ticks)
	p := math.Pow(10, math.Floor(math.Log10(raw)))
	for _, m := range []float64{1, 2, 5, 10} {
		if m*p >= raw {
			return m * p
		}
	}
	return 10 * p
}

// timeAxis maps a span of the logical clock onto a panel.
type timeAxis struct {
	x0, width, max float64
}

func (a timeAxis) x(t float64) float64 { return a.x0 + a.width*t/a.max }

// draw puts grid lines and tick labels under a panel from y0 to y1.
func (a timeAxis) draw(d *svgDoc, y0, y1 float64, label func(float64) string) {
	step := niceStep(a.max)
	for t := 0.0; t <= a.max+step/1e6; t += step {
		x := a.x(t)
		d.line(x, y0, x, y1, colorGrid, "")
		d.text(x, y1+13, label(t), `text-anchor="middle" fill="`+colorMuted+`" font-size="10"`)
	}
}

func msLabel(t float64) string { return fmt.Sprintf("%g ms", t) }

func durLabel(t float64) string { return time.Duration(t * float64(time.Millisecond)).String() }

func ms(d time.Duration) float64 { return float64(d) / float64(time.Millisecond) }

// hopsPanel draws one strategy's timeline of the chain: each hop's own
// work, its wait for the hop below, and the part that ran after its caller
// gave up; a dashed line where the user's wait ends.
func hopsPanel(d *svgDoc, a timeAxis, y float64, title string, r HopsResult, userEnds float64, userLabel string, unit func(float64) string) float64 {
	const rowH, barH = 20.0, 12.0
	d.text(a.x0, y, title, `font-weight="bold"`)
	top := y + 22
	bottom := top + rowH*float64(len(r.Spans))
	ux := a.x(userEnds)
	// Everything right of the user's line runs for nobody.
	d.rect(ux, top, a.x0+a.width-ux, bottom-top, "#fff5f5", "")
	a.draw(d, top, bottom, unit)
	for i, s := range r.Spans {
		ry := top + rowH*float64(i) + (rowH-barH)/2
		d.text(a.x0-8, ry+barH-2, s.Name, `text-anchor="end"`)
		if !s.Started {
			d.rect(a.x(ms(s.CalledAt))+2, ry, 62, barH, "none", `stroke="`+colorBackoff+`" stroke-dasharray="3 2"`)
			d.text(a.x(ms(s.CalledAt))+6, ry+barH-2, "not started", `fill="`+colorMuted+`" font-size="10"`)
			continue
		}
		d.rect(a.x(ms(s.CalledAt)), ry, a.x(ms(s.OwnEnd))-a.x(ms(s.CalledAt)), barH, colorOwn, "")
		d.rect(a.x(ms(s.OwnEnd)), ry, a.x(ms(s.End))-a.x(ms(s.OwnEnd)), barH, colorWait, "")
		if s.Abandoned() > 0 {
			from := max(s.CallerGaveUpAt, s.CalledAt)
			d.rect(a.x(ms(from)), ry, a.x(ms(s.End))-a.x(ms(from)), barH, "url(#abandoned)", `opacity="0.85"`)
		}
		if s.CutByDeadline {
			d.text(a.x(ms(s.OwnEnd))+4, ry+barH-2, "stopped at the deadline", `fill="`+colorMuted+`" font-size="10"`)
		}
	}
	d.line(ux, top-12, ux, bottom+2, "black", `stroke-width="1.5" stroke-dasharray="5 3"`)
	anchor, dx := "start", 3.0
	if ux > a.x0+a.width*0.6 {
		anchor, dx = "end", -3
	}
	d.text(ux+dx, top-4, userLabel, `font-size="10" text-anchor="`+anchor+`" `+halo)
	return bottom + 32
}

// textWidth is an estimate of a label's width per character and unit of
// font size: a little wider than the average glyph of the sans-serif fonts
// a viewer picks, so that the estimate errs towards room.
const textWidth = 0.55

// legendTextWidth is the estimate for the legend's 12-unit labels.
const legendTextWidth = 12 * textWidth

// legend draws a key of colour swatches and labels from x, wrapping to a
// new line before an item would come nearer the right edge than the left
// margin x; it returns the baseline of its last line.
func legend(d *svgDoc, x, y float64, items [][2]string) float64 {
	left := x
	for _, it := range items {
		w := 18 + legendTextWidth*float64(len(it[1]))
		if x > left && x+w > d.w-left {
			x, y = left, y+18
		}
		d.rect(x, y-9, 14, 10, it[0], `stroke="#cbd5e0" stroke-width="0.5"`)
		d.text(x+18, y, it[1], "")
		x += w + 22
	}
	return y
}

// WriteSVG draws seed 003 as a picture: for each condition, the chain's
// timeline under fixed per-hop timeouts and under a propagated budget, side
// by side on one clock.
func (r HopsReport) WriteSVG(w io.Writer) error {
	const (
		margin = 40.0
		label  = 30.0
		panelW = 440.0
		gap    = 60.0
	)
	width := margin*2 + label*2 + panelW*2 + gap
	per, budget := ms(r.Config.PerHopTimeout), ms(r.Config.UserBudget)
	d := newSVG(width, "budgetlint sim hops: fixed per-hop timeouts vs a propagated budget")
	d.text(margin, 28, fmt.Sprintf("%d hops, a fixed %g ms timeout on each vs one %g ms budget carried down", len(r.Hops), per, budget),
		`font-size="16" font-weight="bold"`)
	d.text(margin, 48, "Per-hop timeouts compose by addition: the user leaves, the hops below work on. A budget stops them all at the deadline.",
		`fill="`+colorMuted+`"`)
	maxT := 0.0
	for _, row := range r.Rows {
		maxT = max(maxT, ms(row.LastWorkEnds()), ms(row.UserWait))
	}
	maxT = math.Ceil(maxT/niceStep(maxT)) * niceStep(maxT)
	left := timeAxis{x0: margin + label, width: panelW, max: maxT}
	right := timeAxis{x0: margin + label*2 + panelW + gap, width: panelW, max: maxT}
	y := 82.0
	for i := 0; i+1 < len(r.Rows); i += 2 {
		f, b := r.Rows[i], r.Rows[i+1]
		d.text(margin, y, "condition: "+f.Condition, `font-size="14" font-weight="bold"`)
		y += 20
		y1 := hopsPanel(d, left, y, "fixed per-hop timeouts", f.HopsResult, ms(f.UserWait),
			fmt.Sprintf("user's wait ends %g ms", ms(f.UserWait)), msLabel)
		hopsPanel(d, right, y, "propagated budget", b.HopsResult, ms(b.UserWait),
			fmt.Sprintf("user's wait ends %g ms", ms(b.UserWait)), msLabel)
		y = y1
		summary := func(row HopsRow) string {
			return fmt.Sprintf("%s · %g ms abandoned · last work ends %g ms · %d/%d hops started",
				map[bool]string{true: "ok", false: "failed"}[row.OK], ms(row.Wasted), ms(row.LastWorkEnds()), row.HopsStarted, len(r.Hops))
		}
		d.text(left.x0, y, summary(f), `font-size="11"`)
		d.text(right.x0, y, summary(b), `font-size="11"`)
		y += 32
	}
	y = legend(d, margin, y+6, [][2]string{{colorOwn, "own work"}, {colorWait, "waiting for the hop below"},
		{"url(#abandoned)", "running after its caller gave up"}, {"#fff5f5", "after the user's wait ended"}})
	return d.writeTo(w, y+18)
}

// WriteSVG draws seed 000 as a picture: every request's end-to-end time
// under each policy and regime, and the slots the tariff slowdown keeps
// busy with and without a cancellation signal.
func (r SplitReport) WriteSVG(w io.Writer) error {
	const margin, labelW = 40.0, 200.0
	cfg := r.Config
	n := float64(cfg.Requests)
	barW := math.Min(10, 480/n)
	stripW := barW * n
	width := margin*2 + labelW + math.Max(stripW, 480) + 200
	const stripH = 60.0
	d := newSVG(width, "budgetlint sim split: splitting the arm's share across two reads")
	d.text(margin, 28, fmt.Sprintf("Splitting a %g ms share across two reads: greedy, equal, weighted", r.Remaining),
		`font-size="16" font-weight="bold"`)
	d.text(margin, 48, fmt.Sprintf("Each bar is one of %d requests, as tall as its end-to-end time in ms; the dashed line is the %s ms threshold.",
		cfg.Requests, jsString(cfg.Threshold)), `fill="`+colorMuted+`"`)
	y := legend(d, margin, 70, [][2]string{{colorAnswered, "answered: both arms' reads finished within their shares and the threshold"}})
	y = legend(d, margin, y+18, [][2]string{{colorAbandoned,
		"dropped: a read ran out of its share (or got none) or the request overran the threshold; the caller gave up on it"}})
	maxT := cfg.Threshold
	for _, rr := range r.Regimes {
		for _, run := range rr.Runs {
			maxT = max(maxT, run.Worst)
		}
	}
	y += 30
	yStep := niceStepFor(maxT, 2)
	for _, rr := range r.Regimes {
		d.text(margin, y, rr.Regime+" (no cancellation signal)", `font-size="14" font-weight="bold"`)
		y += 10
		figures := rr.figures()
		for i, run := range rr.Runs {
			f := figures[i]
			x0 := margin + labelW
			d.text(margin, y+stripH/2, string(run.Policy), `font-weight="bold"`)
			d.text(margin, y+stripH/2+14, fmt.Sprintf("%d answered, median %s ms", run.Answered, f.median),
				`font-size="10" fill="`+colorMuted+`"`)
			d.rect(x0, y, stripW, stripH, "#f7fafc", "")
			// The y axis: end-to-end time, the same scale in every strip.
			for v := 0.0; v <= maxT+yStep/1e6; v += yStep {
				ty := y + stripH - stripH*v/maxT
				d.line(x0, ty, x0+stripW, ty, colorGrid, "")
				d.line(x0-3, ty, x0, ty, colorMuted, "")
				label := jsString(v)
				if v+yStep > maxT+yStep/1e6 {
					label += " ms"
				}
				d.text(x0-5, ty+3, label, `text-anchor="end" font-size="9" fill="`+colorMuted+`"`)
			}
			for j, e := range run.EndToEnd {
				h := stripH * e / maxT
				fill := colorAbandoned
				if run.Answers[j] {
					fill = colorAnswered
				}
				d.rect(x0+barW*float64(j)+barW*0.1, y+stripH-h, barW*0.8, h, fill, "")
			}
			ty := y + stripH - stripH*cfg.Threshold/maxT
			d.line(x0, ty, x0+stripW, ty, "black", `stroke-dasharray="4 3"`)
			d.text(x0+stripW+8, y+stripH/2, fmt.Sprintf("avg %s ms · %s held slots", toFixed(run.Average, 1),
				toFixed(cfg.HeldSlots(run.Average), 1)), `font-size="11"`)
			d.text(x0+stripW+8, y+stripH/2+14, fmt.Sprintf("%s ms abandoned", f.wasted), `font-size="11" fill="`+colorAbandoned+`"`)
			y += stripH + 26
		}
	}
	y += 6
	d.text(margin, y, fmt.Sprintf("%s: slots kept busy at %s req/s (L = lambda x W)", cfg.Slowdown.Name, jsString(cfg.ReadPeak)),
		`font-size="14" font-weight="bold"`)
	y += 14
	maxSlots := 0.0
	for _, b := range r.BusySlots {
		maxSlots = max(maxSlots, b.TotalNoCancel, b.TotalCancel)
	}
	scale := 420 / math.Max(maxSlots, 1)
	x0 := margin + labelW
	for _, b := range r.BusySlots {
		d.text(margin, y+12, string(b.Policy), `font-weight="bold"`)
		d.text(x0-8, y+11, "no cancel", `text-anchor="end" font-size="10" fill="`+colorMuted+`"`)
		d.rect(x0, y+2, b.Caller*scale, 12, colorOwn, "")
		d.rect(x0+b.Caller*scale, y+2, b.Abandoned*scale, 12, "url(#abandoned)", "")
		d.text(x0+b.TotalNoCancel*scale+6, y+12, toFixed(b.TotalNoCancel, 1)+" slots", `font-size="11"`)
		d.text(x0-8, y+31, "cancel", `text-anchor="end" font-size="10" fill="`+colorMuted+`"`)
		d.rect(x0, y+22, b.TotalCancel*scale, 12, colorOwn, "")
		d.text(x0+b.TotalCancel*scale+6, y+32, toFixed(b.TotalCancel, 1)+" slots", `font-size="11"`)
		y += 52
	}
	y = legend(d, margin, y+10, [][2]string{{colorOwn, "caller's held slots"},
		{"url(#abandoned)", "slots of work the dependency does after its caller gave up"}})
	return d.writeTo(w, y+18)
}

// WriteSVG draws seed 004 as a picture: the two retry strategies on the
// request's clock, then the chain of fixed layer timeouts against one
// deadline.
func (r RetryReport) WriteSVG(w io.Writer) error {
	const margin, label, panelW = 40.0, 100.0, 760.0
	c := r.Config
	width := margin*2 + label + panelW
	d := newSVG(width, "budgetlint sim retry: fixed vs budget-aware retries")
	d.text(margin, 28, fmt.Sprintf("%d attempts x %v: fixed retries vs budget-aware retries, deadline %v", c.Attempts, c.AttemptTimeout, c.Deadline),
		`font-size="16" font-weight="bold"`)
	d.text(margin, 48, "Budget-aware retries check the deadline before each attempt, cap it to what remains, and stop when the caller does.",
		`fill="`+colorMuted+`"`)
	maxT := max(ms(r.Fixed.ReturnsAt), ms(r.BudgetAware.ReturnsAt), ms(c.Deadline))
	maxT = math.Ceil(maxT/niceStep(maxT)) * niceStep(maxT)
	a := timeAxis{x0: margin + label, width: panelW, max: maxT}
	top := 78.0
	bottom := top + 2*50
	a.draw(d, top, bottom, durLabel)
	gx := a.x(ms(c.GiveUpAt()))
	d.line(gx, top-6, gx, bottom, "black", `stroke-width="1.5" stroke-dasharray="5 3"`)
	d.text(gx+3, top-8, fmt.Sprintf("caller gives up at %v", c.GiveUpAt()), `font-size="10" `+halo)
	for i, res := range []RetryResult{r.Fixed, r.BudgetAware} {
		ry := top + 50*float64(i) + 14
		d.text(a.x0-8, ry+12, res.Strategy, `text-anchor="end" font-weight="bold"`)
		d.rect(a.x0, ry+5, a.x(ms(c.Spent))-a.x0, 4, colorBackoff, "")
		skipped := 0
		for _, at := range res.Attempts {
			if at.Skipped {
				sx := a.x(ms(at.Start)) + 4 + 72*float64(skipped)
				d.rect(sx, ry, 68, 16, "none", `stroke="`+colorBackoff+`" stroke-dasharray="3 2"`)
				d.text(sx+4, ry+12, fmt.Sprintf("#%d skipped", at.N), `fill="`+colorMuted+`" font-size="10"`)
				skipped++
				continue
			}
			if at.Backoff > 0 {
				d.rect(a.x(ms(at.Start-at.Backoff)), ry+6, a.x(ms(at.Start))-a.x(ms(at.Start-at.Backoff)), 3, colorBackoff, "")
			}
			d.rect(a.x(ms(at.Start)), ry, a.x(ms(at.End))-a.x(ms(at.Start)), 16, colorOwn, `stroke="white"`)
			if at.AfterGiveUp > 0 {
				from := at.End - at.AfterGiveUp
				d.rect(a.x(ms(from)), ry, a.x(ms(at.End))-a.x(ms(from)), 16, "url(#abandoned)", `opacity="0.85"`)
			}
			d.text(a.x(ms(at.Start))+2, ry-3, fmt.Sprintf("#%d", at.N), `fill="`+colorMuted+`" font-size="10"`)
		}
		summary := fmt.Sprintf("returns at %v · %d run · %d skipped · %v after the caller gave up", res.ReturnsAt, res.Run, res.Skipped, res.AfterGiveUp)
		d.text(a.x0, ry+30, summary, `font-size="11" `+halo)
	}
	y := bottom + 50
	d.text(margin, y, fmt.Sprintf("%d layers with a fixed %v timeout each vs one %v deadline carried down", c.Layers, c.LayerTimeout, c.LayerDeadline),
		`font-size="14" font-weight="bold"`)
	y += 24
	layersMax := ms(r.LayersFixed.LastWorkEnds())
	layersMax = math.Ceil(layersMax/niceStep(layersMax)) * niceStep(layersMax)
	la := timeAxis{x0: margin + label, width: panelW, max: layersMax}
	y = hopsPanel(d, la, y, "fixed per-layer timeouts", r.LayersFixed, ms(r.LayersFixed.UserWait),
		fmt.Sprintf("user gives up at %v; the last layer stops at %v", r.LayersFixed.UserWait, r.LayersFixed.LastWorkEnds()), durLabel)
	y += 16
	y = hopsPanel(d, la, y, "one deadline carried down", r.LayersBudget, ms(c.LayerDeadline),
		fmt.Sprintf("deadline %v: every layer stops", c.LayerDeadline), durLabel)
	y = legend(d, margin, y+6, [][2]string{{colorOwn, "attempt / own work"}, {colorWait, "waiting"}, {colorBackoff, "backoff, time spent before the loop"},
		{"url(#abandoned)", "after the caller gave up"}, {"#fff5f5", "after the user's wait ended"}})
	return d.writeTo(w, y+18)
}
