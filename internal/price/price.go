// Package price turns what a pass read from the code (a timeout, an
// attempt count, a wait) into the finding's cost, with package sim's
// models and the documents' figures for the values the code does not fix.
// It is the one place a finding is priced; it knows nothing of go/analysis.
//
// A finding carries its values in its Diagnostic's URL: the pass's
// documentation page with the values as a query string,
//
//	https://pkg.go.dev/github.com/budgetlint/budgetlint/passes/retrybudget?attempts=3&backoff=200ms&backoff-factor=1&timeout=unknown
//
// The URL is the one free-form field every driver that keeps more than the
// message keeps as written (the standalone driver, gopls' codeDescription,
// analysistest), and the link still opens the pass's documentation. go vet
// -json drops it. Each known value is the flag of the same name of
// `budgetlint explain <pass>`; "unknown" marks a value the code does not
// fix (not a constant), priced with the documents' figure.
package price

import (
	"fmt"
	"net/url"
	"strconv"
	"strings"
	"time"

	"github.com/budgetlint/budgetlint/sim"
)

// Unknown is the value of a parameter the code does not fix.
const Unknown = "unknown"

// Values is what a pass read from the code; zero is unknown.
type Values struct {
	Attempts      int           // attempts a retry loop makes
	Backoff       time.Duration // its wait before a retry
	BackoffFactor float64       // each wait is this many times the last
	Timeout       time.Duration // a fixed timeout (of each attempt, for a retry loop)
	Deadline      time.Duration // the caller's deadline, when the code sets it
	Unbounded     bool          // a retry loop without an attempt limit
}

// params lists a pass's parameters in the order the command gives them.
var params = map[string][]string{
	"ctxbackground": {"deadline"},
	"dropcancel":    {"deadline"},
	"fixedtimeout":  {"timeout", "deadline"},
	"retrybudget":   {"attempts", "backoff", "backoff-factor", "timeout", "deadline"},
}

// Priced reports whether findings of pass carry a price.
func Priced(pass string) bool { _, ok := params[pass]; return ok }

// value returns v's parameter name as a flag value, or Unknown.
func (v Values) value(name string) string {
	dur := func(d time.Duration) string {
		if d <= 0 {
			return Unknown
		}
		return d.String()
	}
	switch name {
	case "attempts":
		if v.Unbounded {
			return "unbounded"
		}
		if v.Attempts <= 0 {
			return Unknown
		}
		return strconv.Itoa(v.Attempts)
	case "backoff":
		return dur(v.Backoff)
	case "backoff-factor":
		if v.BackoffFactor <= 0 {
			return Unknown
		}
		return strconv.FormatFloat(v.BackoffFactor, 'g', -1, 64)
	case "timeout":
		return dur(v.Timeout)
	case "deadline":
		return dur(v.Deadline)
	}
	return Unknown
}

// URL is base (the pass's documentation) with v as its query.
func URL(base, pass string, v Values) string {
	q := make([]string, 0, len(params[pass]))
	for _, name := range params[pass] {
		q = append(q, name+"="+url.QueryEscape(v.value(name)))
	}
	return base + "?" + strings.Join(q, "&")
}

// Parse reads the values back from a finding's URL; ok is false for a URL
// that carries no price.
func Parse(pass, rawURL string) (v Values, ok bool) {
	u, err := url.Parse(rawURL)
	if err != nil || !Priced(pass) || u.RawQuery == "" {
		return v, false
	}
	q := u.Query()
	dur := func(name string) time.Duration {
		d, err := time.ParseDuration(q.Get(name))
		if err != nil || d <= 0 {
			return 0
		}
		return d
	}
	switch a := q.Get("attempts"); a {
	case "unbounded":
		v.Unbounded = true
	default:
		v.Attempts, _ = strconv.Atoi(a)
	}
	v.Backoff, v.Timeout, v.Deadline = dur("backoff"), dur("timeout"), dur("deadline")
	v.BackoffFactor, _ = strconv.ParseFloat(q.Get("backoff-factor"), 64)
	return v, true
}

// Price is a finding's cost.
type Price struct {
	Pass string `json:"pass"`
	// Cost is one line a reviewer reads.
	Cost string `json:"cost"`
	// Explain is the command that reproduces and explains it, with the
	// values in the code as its flags.
	Explain string `json:"explain"`
	// Values maps each parameter to the code's value or "unknown".
	Values map[string]string `json:"values"`
}

// Compute prices a finding of pass with the values read from the code.
func Compute(pass string, v Values) (Price, error) {
	p := Price{Pass: pass, Values: map[string]string{}}
	args := []string{"budgetlint", "explain", pass}
	for _, name := range params[pass] {
		val := v.value(name)
		p.Values[name] = val
		if val != Unknown && val != "unbounded" {
			args = append(args, "-"+name, val)
		}
	}
	p.Explain = strings.Join(args, " ")
	var err error
	switch pass {
	case "retrybudget":
		var rep sim.RetryReport
		if rep, err = sim.SimulateRetry(Retry(v)); err == nil {
			p.Cost = RetryCost(rep, v.Unbounded)
		}
	case "fixedtimeout", "ctxbackground", "dropcancel":
		var rep sim.OneHopReport
		if rep, err = sim.SimulateOneHop(OneHop(pass, v)); err == nil {
			p.Cost = OneHopCost(rep)
		}
	default:
		return p, fmt.Errorf("%s findings carry no price", pass)
	}
	return p, err
}

// Retry is the retry model's configuration for a loop with v: seed 004's
// figures for the rest, with the whole deadline ahead of the loop (a
// finding's loop is priced from its start).
func Retry(v Values) sim.RetryConfig {
	c := sim.DefaultRetryConfig()
	c.Spent = 0
	if v.Attempts > 0 {
		c.Attempts = min(v.Attempts, sim.MaxAttempts)
	}
	if v.Backoff > 0 {
		c.Backoff = v.Backoff
	}
	if v.BackoffFactor > 0 {
		c.BackoffFactor = v.BackoffFactor
	}
	if v.Timeout > 0 {
		c.AttemptTimeout = v.Timeout
	}
	if v.Deadline > 0 {
		c.Deadline = v.Deadline
	}
	return c
}

// RetryCost is the one line for a retry loop priced by rep.
func RetryCost(rep sim.RetryReport, unbounded bool) string {
	f := rep.Fixed
	s := fmt.Sprintf("after the caller's %v deadline this loop keeps working up to %v: %v of attempts for nobody (%d x %v timeout + %v of waits); checking the deadline, it returns by %v",
		rep.Config.Deadline, f.ReturnsAt, f.AfterGiveUp, rep.Config.Attempts, rep.Config.AttemptTimeout, rep.TotalBackoff, rep.BudgetAware.ReturnsAt)
	if unbounded {
		s = "with no attempt limit this loop can retry forever; priced at " + strconv.Itoa(rep.Config.Attempts) + " attempts, " + s
	}
	return s
}

// OneHop is the one-hop model's configuration for a finding of pass with
// v: only fixedtimeout's hop has a timeout of its own.
func OneHop(pass string, v Values) sim.OneHopConfig {
	c := sim.DefaultOneHopConfig()
	if v.Deadline > 0 {
		c.Deadline = v.Deadline
	}
	if pass == "fixedtimeout" {
		c.Timeout = sim.DefaultHopsConfig().PerHopTimeout
		if v.Timeout > 0 {
			c.Timeout = v.Timeout
		}
	}
	return c
}

// OneHopCost is the one line for the hop priced by rep.
func OneHopCost(rep sim.OneHopReport) string {
	c, b := rep.Config, rep.Broken
	if b.Strategy == "fixed" {
		if b.Unused > 0 {
			return fmt.Sprintf("this %v timeout fails the call %v before the caller's %v deadline, with budget left; derived from the caller's context it would stop at %v",
				c.Timeout, b.Unused, c.Deadline, rep.Carried.WorkEnds)
		}
		return fmt.Sprintf("after the caller's %v deadline this %v timeout keeps the work below going up to %v: %v for nobody; derived from the caller's context it stops at %v",
			c.Deadline, c.Timeout, b.WorkEnds, b.AfterGiveUp, rep.Carried.WorkEnds)
	}
	return fmt.Sprintf("after the caller's %v deadline the work below keeps going to its end, %v with a hop as slow as seed 003's: %v for nobody; with the caller's context it stops at %v",
		c.Deadline, b.WorkEnds, b.AfterGiveUp, rep.Carried.WorkEnds)
}
