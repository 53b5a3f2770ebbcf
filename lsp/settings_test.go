package lsp

import (
	"maps"
	"slices"
	"strings"
	"testing"

	"golang.org/x/tools/go/analysis"

	"github.com/budgetlint/budgetlint/internal/registry"
	"github.com/budgetlint/budgetlint/passes/ctxbackground"
	"github.com/budgetlint/budgetlint/passes/dropcancel"
	"github.com/budgetlint/budgetlint/passes/inbound"
)

var (
	analyzers = []*analysis.Analyzer{inbound.Analyzer, ctxbackground.Analyzer, dropcancel.Analyzer}
	allPasses = registry.Configurable // as `budgetlint lsp` has them
)

func TestParseSettings(t *testing.T) {
	for _, tc := range []struct {
		what, json string
		passes     []string // enabled ones, then "-" and disabled ones
		flags      map[string]string
		build      []string
		warnings   []string
	}{
		{"none", `null`, nil, nil, nil, nil},
		{"passes and nested flags", `{
			"passes": {"ctxbackground": true},
			"flags": {"ctxbackground": {"tests": true, "detached": false},
			          "inbound": {"frameworks": ["example.com/web.Ctx", "example.com/rpc.Call:Ctx()"]}},
			"buildFlags": ["-tags=integration"]}`,
			[]string{"ctxbackground"},
			map[string]string{"ctxbackground.tests": "true", "ctxbackground.detached": "false", "inbound.frameworks": "example.com/web.Ctx,example.com/rpc.Call:Ctx()"},
			[]string{"-tags=integration"}, nil},
		{"flat flags under a budgetlint key", `{"budgetlint": {"passes": {"ctxbackground": false}, "flags": {"ctxbackground.tests": "true"}}}`,
			[]string{"-", "ctxbackground"}, map[string]string{"ctxbackground.tests": "true"}, nil, nil},
		{"unknown names and bad values are left out", `{"passes": {"nosuch": true}, "flags": {"ctxbackground": {"nosuch": 1}, "x.y": true, "ctxbackground.tests": {}, "ctxbackground.detached": "maybe", "inbound.frameworks": "nodot"}}`,
			nil, map[string]string{}, nil,
			[]string{`no pass named "nosuch"`, "no flag -ctxbackground.nosuch", "no flag -x.y", "-ctxbackground.tests: want a string",
				"-ctxbackground.detached: parse error", `-inbound.frameworks: framework type "nodot"`}},
	} {
		set, warnings, err := parseSettings([]byte(tc.json), analyzers)
		if err != nil {
			t.Errorf("%s: %v", tc.what, err)
			continue
		}
		var passes []string
		for _, on := range []bool{true, false} {
			if !on && len(set.passes) > len(passes) {
				passes = append(passes, "-")
			}
			for _, name := range slices.Sorted(maps.Keys(set.passes)) {
				if set.passes[name] == on {
					passes = append(passes, name)
				}
			}
		}
		if !slices.Equal(passes, tc.passes) || !maps.Equal(set.flags, tc.flags) || !slices.Equal(set.buildFlags, tc.build) {
			t.Errorf("%s: passes %q flags %q build %q\nwant %q %q %q", tc.what, passes, set.flags, set.buildFlags, tc.passes, tc.flags, tc.build)
		}
		if len(warnings) != len(tc.warnings) {
			t.Errorf("%s: warnings %q, want %d", tc.what, warnings, len(tc.warnings))
			continue
		}
		for _, w := range tc.warnings {
			if !strings.Contains(strings.Join(warnings, "\n"), w) {
				t.Errorf("%s: warnings %q lack %q", tc.what, warnings, w)
			}
		}
	}
	if _, _, err := parseSettings([]byte(`{"passes": ["ctxbackground"]}`), analyzers); err == nil {
		t.Error("passes as a list: no error")
	}
}

// Passes are chosen as by the command's -NAME flags.
func TestSelectedPasses(t *testing.T) {
	names := func(json string) []string {
		set, _, err := parseSettings([]byte(json), analyzers)
		if err != nil {
			t.Fatal(err)
		}
		var out []string
		for _, a := range set.selected(analyzers) {
			out = append(out, a.Name)
		}
		return out
	}
	for json, want := range map[string][]string{
		`{}`:                                {"inbound", "ctxbackground", "dropcancel"},
		`{"passes": {"dropcancel": true}}`:  {"dropcancel"},
		`{"passes": {"dropcancel": false}}`: {"inbound", "ctxbackground"},
		`{"passes": {"dropcancel": true, "ctxbackground": false}}`: {"dropcancel"},
	} {
		if got := names(json); !slices.Equal(got, want) {
			t.Errorf("%s: %q, want %q", json, got, want)
		}
	}
}

// The passes' flags are set for one analysis and put back after it, list
// flags too (their Set adds): a setting removed is no longer in force,
// as with a new go vet process.
func TestFlagsArePutBack(t *testing.T) {
	value := func(name string) string {
		pass, flag, _ := strings.Cut(name, ".")
		for _, a := range analyzers {
			if a.Name == pass {
				return a.Flags.Lookup(flag).Value.String()
			}
		}
		t.Fatalf("no flag %s", name)
		return ""
	}
	names := []string{"ctxbackground.tests", "inbound.frameworks", "inbound.testsupport", "dropcancel.exclude"}
	before := map[string]string{}
	for _, name := range names {
		before[name] = value(name)
	}
	set, warnings, err := parseSettings([]byte(`{"flags": {
		"ctxbackground": {"tests": true},
		"inbound": {"frameworks": ["example.com/web.Ctx"], "testsupport": ["x"]},
		"dropcancel": {"exclude": ["example.com/log"]}}}`), analyzers)
	if err != nil || len(warnings) > 0 {
		t.Fatal(err, warnings)
	}
	for range 2 {
		withFlags(analyzers, set, func() {
			during := map[string]string{}
			for _, name := range names {
				during[name] = value(name)
			}
			want := map[string]string{
				"ctxbackground.tests": "true",
				"inbound.frameworks":  strings.Join(slices.Sorted(slices.Values(append(strings.Split(before["inbound.frameworks"], ","), "example.com/web.Ctx"))), ","),
				"inbound.testsupport": "x",
				"dropcancel.exclude":  "example.com/log",
			}
			if !maps.Equal(during, want) {
				t.Errorf("during the analysis: %q\nwant %q", during, want)
			}
		})
		for _, name := range names {
			if got := value(name); got != before[name] {
				t.Errorf("after the analysis: -%s=%s, want %s", name, got, before[name])
			}
		}
	}
}

// Settings are checked without the flags an analysis holds: the message
// loop does not wait for the analysis to end.
func TestSettingsWhileAnalysing(t *testing.T) {
	running, done := make(chan bool), make(chan bool)
	go withFlags(analyzers, settings{}, func() {
		running <- true
		<-done
	})
	<-running
	defer close(done)
	_, warnings, err := parseSettings([]byte(`{"flags": {"ctxbackground.tests": "maybe", "inbound.frameworks": "example.com/web.Ctx"}}`), analyzers)
	if err != nil || len(warnings) != 1 || !strings.Contains(warnings[0], "-ctxbackground.tests: parse error") {
		t.Errorf("warnings %q, %v; want one for -ctxbackground.tests", warnings, err)
	}
}
