package report

import "testing"

func TestParseDirective(t *testing.T) {
	tests := []struct {
		text      string
		ok        bool
		wholeFile bool
		covers    []string // passes it must cover
		spares    []string // passes it must not cover
		reason    string
	}{
		{text: "//nolint:ctxbackground", ok: true, covers: []string{"ctxbackground"}, spares: []string{"dropcancel"}},
		{text: "//nolint:ctxbackground,dropcancel // why", ok: true, covers: []string{"ctxbackground", "dropcancel"}, spares: []string{"retrybudget"}, reason: "why"},
		{text: "//nolint:budgetlint", ok: true, covers: []string{"ctxbackground", "retrybudget"}},
		{text: "//nolint:all", ok: true, covers: []string{"fixedtimeout"}},
		{text: "//nolint", ok: true, covers: []string{"ctxbackground"}},
		{text: "//nolint // legacy", ok: true, covers: []string{"dropcancel"}, reason: "legacy"},
		{text: "//nolint:errcheck", ok: true, spares: []string{"ctxbackground"}},
		{text: "//nolintfoo", ok: false},
		{text: "// nolint is mentioned in prose", ok: false},
		{text: "//lint:ignore ctxbackground the audit log outlives the request", ok: true, covers: []string{"ctxbackground"}, spares: []string{"dropcancel"}, reason: "the audit log outlives the request"},
		{text: "//lint:ignore ctxbackground", ok: true, spares: []string{"ctxbackground"}}, // malformed: staticcheck requires a reason
		{text: "//lint:ignore", ok: false},
		{text: "//lint:file-ignore dropcancel generated client", ok: true, wholeFile: true, covers: []string{"dropcancel"}, reason: "generated client"},
	}
	for _, tt := range tests {
		s, whole, ok := parseDirective(tt.text)
		if ok != tt.ok || whole != tt.wholeFile {
			t.Errorf("%q: ok=%v whole=%v, want %v %v", tt.text, ok, whole, tt.ok, tt.wholeFile)
			continue
		}
		for _, p := range tt.covers {
			if !s.covers(p) {
				t.Errorf("%q does not cover %s", tt.text, p)
			}
		}
		for _, p := range tt.spares {
			if s.covers(p) {
				t.Errorf("%q covers %s", tt.text, p)
			}
		}
		if ok && s.reason != tt.reason {
			t.Errorf("%q: reason %q, want %q", tt.text, s.reason, tt.reason)
		}
	}
}
