package lsp

import (
	"reflect"
	"strings"
	"testing"

	"golang.org/x/tools/go/analysis"

	"github.com/budgetlint/budgetlint/passes/ctxbackground"
	"github.com/budgetlint/budgetlint/passes/inbound"
)

var analyzers = []*analysis.Analyzer{inbound.Analyzer, ctxbackground.Analyzer}

func TestSettingsToVetFlags(t *testing.T) {
	for _, tc := range []struct {
		what, json string
		args       []string
		warnings   []string
	}{
		{"none", `null`, nil, nil},
		{"passes and nested flags", `{
			"passes": {"ctxbackground": true},
			"flags": {"ctxbackground": {"tests": true, "detached": false},
			          "inbound": {"frameworks": ["example.com/web.Ctx", "example.com/rpc.Call:Ctx()"]}},
			"buildFlags": ["-tags=integration"]}`,
			[]string{"-tags=integration", "-ctxbackground.detached=false", "-ctxbackground.tests=true", "-ctxbackground=true",
				"-inbound.frameworks=example.com/web.Ctx,example.com/rpc.Call:Ctx()"}, nil},
		{"flat flags under a budgetlint key", `{"budgetlint": {"passes": {"ctxbackground": false}, "flags": {"ctxbackground.tests": "true"}}}`,
			[]string{"-ctxbackground.tests=true", "-ctxbackground=false"}, nil},
		{"unknown names are left out", `{"passes": {"nosuch": true}, "flags": {"ctxbackground": {"nosuch": 1}, "x.y": true, "ctxbackground.tests": {}}}`,
			nil, []string{`no pass named "nosuch"`, "no flag -ctxbackground.nosuch", "no flag -x.y", "-ctxbackground.tests: want a string"}},
	} {
		set, warnings, err := parseSettings([]byte(tc.json), analyzers)
		if err != nil {
			t.Errorf("%s: %v", tc.what, err)
			continue
		}
		args := vetArgs("/bin/budgetlint", "", set)
		wantArgs := append(append([]string{"vet", "-vettool=/bin/budgetlint", "-json"}, tc.args...), ".")
		if !reflect.DeepEqual(args, wantArgs) {
			t.Errorf("%s: args\n%q\nwant\n%q", tc.what, args, wantArgs)
		}
		if len(warnings) != len(tc.warnings) {
			t.Errorf("%s: warnings %q, want %d", tc.what, warnings, len(tc.warnings))
			continue
		}
		for i, w := range tc.warnings {
			if !strings.Contains(strings.Join(warnings, "\n"), w) {
				t.Errorf("%s: warnings %q lack %q", tc.what, warnings, tc.warnings[i])
			}
		}
	}
	if _, _, err := parseSettings([]byte(`{"passes": ["ctxbackground"]}`), analyzers); err == nil {
		t.Error("passes as a list: no error")
	}
	set, _, _ := parseSettings([]byte(`{"passes": {"ctxbackground": true}}`), analyzers)
	if args := vetArgs("bl", "/tmp/o.json", set); !reflect.DeepEqual(args, []string{"vet", "-vettool=bl", "-json", "-overlay=/tmp/o.json", "-ctxbackground=true", "."}) {
		t.Errorf("with an overlay: %q", args)
	}
}

func TestParseVetOutput(t *testing.T) {
	stdout := `{
	"example.com/p": {
		"ctxbackground": [
			{
				"posn": "/m/p/a.go:3:9",
				"end": "/m/p/a.go:3:29",
				"message": "m1",
				"suggested_fixes": [{"message": "fix", "edits": [{"filename": "/m/p/a.go", "start": 40, "end": 60, "new": "ctx"}]}]
			}
		]
	}
}
{
	"example.com/p [example.com/p.test]": {
		"ctxbackground": [{"posn": "/m/p/a_test.go:5:2", "end": "/m/p/a_test.go:5:3", "message": "m2"}],
		"fixedtimeout": {"error": "internal error: boom"}
	}
}
`
	// Older go commands wrote the JSON to stderr, among the text.
	stderr := "# example.com/q\n" + `{"example.com/q": {"ctxbackground": [{"posn": "/m/q/b.go:1:1", "message": "m3"}]}}` + "\nq.go:1:2: trailing text\n"
	found, text := parseVetOutput([]byte(stdout), []byte(stderr))
	var msgs []string
	for _, f := range found {
		msgs = append(msgs, f.pass+":"+f.Message)
	}
	if strings.Join(msgs, " ") != "ctxbackground:m1 ctxbackground:m2 ctxbackground:m3" {
		t.Errorf("findings %q", msgs)
	}
	if e := found[0].SuggestedFixes[0].Edits[0]; e != (vetEdit{"/m/p/a.go", 40, 60, "ctx"}) {
		t.Errorf("edit %+v", e)
	}
	wantText := "example.com/p [example.com/p.test]: fixedtimeout failed: internal error: boom\n# example.com/q\nq.go:1:2: trailing text"
	if text != wantText {
		t.Errorf("text %q\nwant %q", text, wantText)
	}
}

func TestSplitPosn(t *testing.T) {
	for _, tc := range []struct {
		posn      string
		file      string
		line, col int
		ok        bool
	}{
		{"/a/b.go:12:5", "/a/b.go", 12, 5, true},
		{`C:\a\b.go:12:5`, `C:\a\b.go`, 12, 5, true},
		{"/a/b.go:12", "/a/b.go", 12, 0, true},
		{"-", "", 0, 0, false},
	} {
		file, line, col, ok := splitPosn(tc.posn)
		if file != tc.file || line != tc.line || col != tc.col || ok != tc.ok {
			t.Errorf("splitPosn(%q) = %q %d %d %t", tc.posn, file, line, col, ok)
		}
	}
}
