package plugin

import (
	"flag"
	"slices"
	"strings"
	"testing"

	"github.com/golangci/plugin-module-register/register"
	"golang.org/x/tools/go/analysis"

	"github.com/budgetlint/budgetlint/internal/registry"
	"github.com/budgetlint/budgetlint/passes/ctxbackground"
	"github.com/budgetlint/budgetlint/passes/dropcancel"
	"github.com/budgetlint/budgetlint/passes/inbound"
)

// yaml is what golangci-lint hands the plugin for settings written in
// .golangci.yml: nested maps with string keys.
type yaml = map[string]any

func TestRegistered(t *testing.T) {
	if _, err := register.GetPlugin("budgetlint"); err != nil {
		t.Fatal(err)
	}
}

func TestNoSettings(t *testing.T) {
	for _, raw := range []any{nil, yaml{}} {
		p, err := New(raw)
		if err != nil {
			t.Fatalf("New(%v): %v", raw, err)
		}
		got, err := p.BuildAnalyzers()
		if err != nil || !slices.Equal(got, registry.Passes) {
			t.Errorf("New(%v).BuildAnalyzers() = %v, %v; want all passes", raw, got, err)
		}
		if mode := p.GetLoadMode(); mode != register.LoadModeTypesInfo {
			t.Errorf("load mode %q, want %q", mode, register.LoadModeTypesInfo)
		}
	}
}

// TestEveryFlagHasASetting fails when a pass gains a flag the plugin does
// not offer: with every key given, the settings must set every flag once.
func TestEveryFlagHasASetting(t *testing.T) {
	s, err := decode(yaml{
		"inbound":       yaml{"frameworks": []any{"example.com/web.Ctx"}, "testsupport": []any{"fake*"}, "commands": []any{"example.com/cmd.Command"}, "lifetimes": []any{"example.com/ctrl.Result"}},
		"ctxbackground": yaml{"tests": true, "detached": false, "latent": true},
		"dropcancel":    yaml{"exclude": []any{"example.com/log"}},
	})
	if err != nil {
		t.Fatal(err)
	}
	var set []string
	for _, f := range s.flagValues() {
		set = append(set, f.analyzer.Name+"."+f.name)
	}
	var flags []string
	for _, a := range registry.Configurable {
		a.Flags.VisitAll(func(f *flag.Flag) { flags = append(flags, a.Name+"."+f.Name) })
	}
	slices.Sort(set)
	slices.Sort(flags)
	if !slices.Equal(set, flags) {
		t.Errorf("settings set flags %v; the analyzers have %v", set, flags)
	}
	if got := strings.Join(flags, ", ") + ", disable"; !sameKeys(got, knownKeys) {
		t.Errorf("knownKeys = %q, want the keys %q", knownKeys, got)
	}
}

func sameKeys(a, b string) bool {
	x, y := strings.Split(a, ", "), strings.Split(b, ", ")
	slices.Sort(x)
	slices.Sort(y)
	return slices.Equal(x, y)
}

// TestSettingsReachTheFlags sets each kind of flag through New and reads it
// back from the analyzer, where every driver (checker, golangci, nogo)
// reads it.
func TestSettingsReachTheFlags(t *testing.T) {
	lookup := func(a *analysis.Analyzer, name string) string { return a.Flags.Lookup(name).Value.String() }
	t.Cleanup(func() {
		ctxbackground.Analyzer.Flags.Set("tests", "false")
		ctxbackground.Analyzer.Flags.Set("detached", "false")
	})
	_, err := New(yaml{
		"inbound":       yaml{"frameworks": []any{"example.com/web.Ctx:Request().Context()"}},
		"ctxbackground": yaml{"tests": true, "detached": true},
		"dropcancel":    yaml{"exclude": []any{"example.com/log", "example.com/trace"}},
	})
	if err != nil {
		t.Fatal(err)
	}
	if got := lookup(ctxbackground.Analyzer, "tests"); got != "true" {
		t.Errorf("ctxbackground tests = %s, want true", got)
	}
	if got := lookup(ctxbackground.Analyzer, "detached"); got != "true" {
		t.Errorf("ctxbackground detached = %s, want true", got)
	}
	if got := lookup(inbound.Analyzer, "frameworks"); !strings.Contains(got, "example.com/web.Ctx:Request().Context()") {
		t.Errorf("inbound frameworks = %s, want it to contain the configured type", got)
	}
	if got := lookup(dropcancel.Analyzer, "exclude"); !strings.Contains(got, "example.com/log,example.com/trace") {
		t.Errorf("dropcancel exclude = %s, want it to contain both packages", got)
	}

	// An absent boolean leaves the flag alone; an explicit false clears it.
	if _, err := New(yaml{"ctxbackground": yaml{"detached": false}}); err != nil {
		t.Fatal(err)
	}
	if got := lookup(ctxbackground.Analyzer, "tests"); got != "true" {
		t.Errorf("after a setting without tests, tests = %s, want it unchanged (true)", got)
	}
	if got := lookup(ctxbackground.Analyzer, "detached"); got != "false" {
		t.Errorf("after detached: false, detached = %s", got)
	}
}

func TestDisable(t *testing.T) {
	p, err := New(yaml{"disable": []any{"retrybudget", "dropcancel"}})
	if err != nil {
		t.Fatal(err)
	}
	got, _ := p.BuildAnalyzers()
	var names []string
	for _, a := range got {
		names = append(names, a.Name)
	}
	if want := []string{"ctxbackground", "fixedtimeout"}; !slices.Equal(names, want) {
		t.Errorf("analyzers %v, want %v", names, want)
	}
}

// TestRejected covers the mistakes users make: each must fail with a
// message that names the problem.
func TestRejected(t *testing.T) {
	for _, tc := range []struct {
		name string
		raw  any
		want []string // substrings of the error
	}{
		{"unknown top-level key", yaml{"frameworks": []any{"x.T"}}, []string{`unknown field "frameworks"`, "known keys: inbound.", "inbound.frameworks"}},
		{"unknown nested key", yaml{"ctxbackground": yaml{"test": true}}, []string{`unknown field "test"`, "ctxbackground.tests"}},
		{"unknown pass section", yaml{"ctxbackgound": yaml{}}, []string{`unknown field "ctxbackgound"`}},
		{"wrong type", yaml{"ctxbackground": yaml{"tests": "yes"}}, []string{"tests", "bool"}},
		{"string for a list", yaml{"dropcancel": yaml{"exclude": "example.com/log"}}, []string{"exclude", "[]string"}},
		{"unknown pass to disable", yaml{"disable": []any{"ctxbg"}}, []string{`unknown pass "ctxbg"`, "ctxbackground, fixedtimeout, retrybudget, dropcancel"}},
		{"bad framework type", yaml{"inbound": yaml{"frameworks": []any{"Ctx"}}}, []string{"inbound.frameworks", `"Ctx" is not of the form`}},
		{"not a map", []any{"tests"}, []string{"budgetlint settings"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := New(tc.raw)
			if err == nil {
				t.Fatalf("New(%v) succeeded, want an error", tc.raw)
			}
			for _, w := range tc.want {
				if !strings.Contains(err.Error(), w) {
					t.Errorf("error %q does not mention %q", err, w)
				}
			}
		})
	}
}
