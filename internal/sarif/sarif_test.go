package sarif

import (
	"bytes"
	"encoding/json"
	"flag"
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"golang.org/x/tools/go/analysis"
)

var update = flag.Bool("update", false, "rewrite testdata/golden.sarif")

var rules = []Rule{
	{
		ID:      "ctxbackground",
		Short:   "report context.Background() and context.TODO() where the caller's context is in scope",
		Full:    "A fresh root where the caller's context exists loses its deadline and its cancellation.",
		HelpURI: "https://pkg.go.dev/github.com/budgetlint/budgetlint/passes/ctxbackground",
	},
	{ID: "fixedtimeout", Short: "report fixed timeouts and waits that ignore the caller's deadline", HelpURI: "https://pkg.go.dev/github.com/budgetlint/budgetlint/passes/fixedtimeout"},
	{ID: "dropcancel", Short: "report calls that cannot carry the caller's cancellation"},
}

// testFindings reports every fresh root in testdata/svc as ctxbackground
// would, through FromDiagnostic, the one on a //nolint line as suppressed,
// and adds a finding in a file outside the root that cannot be read.
func testFindings(t *testing.T) (root string, findings []Finding) {
	root, err := filepath.Abs("testdata")
	if err != nil {
		t.Fatal(err)
	}
	file := filepath.Join(root, "svc", "svc.go")
	src, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(string(src), "\n")
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, file, src, 0)
	if err != nil {
		t.Fatal(err)
	}
	ast.Inspect(f, func(n ast.Node) bool {
		call, ok := n.(*ast.CallExpr)
		if !ok {
			return true
		}
		sel, ok := call.Fun.(*ast.SelectorExpr)
		if !ok || sel.Sel.Name != "Background" && sel.Sel.Name != "TODO" {
			return true
		}
		d := analysis.Diagnostic{
			Pos:     call.Pos(),
			End:     call.End(),
			Message: fmt.Sprintf("context.%s() starts a fresh context where ctx is in scope; use ctx", sel.Sel.Name),
			SuggestedFixes: []analysis.SuggestedFix{{
				Message:   "Use ctx",
				TextEdits: []analysis.TextEdit{{Pos: call.Pos(), End: call.End(), NewText: []byte("ctx")}},
			}},
		}
		finding := FromDiagnostic(fset, "ctxbackground", d)
		if _, reason, ok := strings.Cut(lines[finding.Line-1], "//nolint:budgetlint // "); ok {
			finding.Suppressed, finding.Justification = true, reason
		}
		findings = append(findings, finding)
		return true
	})
	findings = append(findings, Finding{
		Rule: "fixedtimeout", File: "/elsewhere/gen.go", Line: 3, Column: 2, EndLine: 3, EndColumn: 40,
		Message: "2s timeout on a fresh context ignores the caller's deadline; derive it from ctx",
	})
	// A finding whose message names another place: a related location.
	findings = append(findings, Finding{
		Rule: "ctxbackground", File: file, Line: 17, Column: 6, EndLine: 17, EndColumn: 11,
		Message: "Twice starts a fresh context (context.Background() at svc.go:18), so the caller's deadline and cancellation stop at this call",
		Related: []Related{{Ref: "svc.go:18", File: file, Line: 18}},
	})
	return root, findings
}

func write(t *testing.T) []byte {
	root, findings := testFindings(t)
	var buf bytes.Buffer
	if err := Write(&buf, root, "v0.1.0-test", rules, findings); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

func TestGolden(t *testing.T) {
	got := write(t)
	golden := filepath.Join("testdata", "golden.sarif")
	if *update {
		if err := os.WriteFile(golden, got, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(golden)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got, want) {
		t.Errorf("Write differs from %s (go test -update to accept):\n%s", golden, got)
	}
}

func TestValid(t *testing.T) {
	if errs := validate(write(t)); len(errs) > 0 {
		t.Errorf("the log is not valid SARIF 2.1.0:\n%s", strings.Join(errs, "\n"))
	}
}

// TestShapes asserts the choices the package documents on the decoded log,
// so that a golden file accepted by mistake still fails.
func TestShapes(t *testing.T) {
	var log struct {
		Runs []struct {
			Results []struct {
				RuleID    string
				RuleIndex int
				Message   struct{ Text string }
				Locations []struct {
					PhysicalLocation struct {
						ArtifactLocation struct{ URI, URIBaseID string }
						Region           struct{ StartLine, StartColumn, EndLine, EndColumn int }
					}
				}
				PartialFingerprints map[string]string
				Fixes               []struct {
					ArtifactChanges []struct {
						Replacements []struct {
							DeletedRegion   struct{ StartColumn, EndColumn int }
							InsertedContent struct{ Text string }
						}
					}
				}
				Suppressions     []struct{ Kind, Justification string }
				RelatedLocations []struct {
					ID               int
					PhysicalLocation struct {
						ArtifactLocation struct{ URI, URIBaseID string }
						Region           struct{ StartLine int }
					}
					Message struct{ Text string }
				}
			}
		}
	}
	if err := json.Unmarshal(write(t), &log); err != nil {
		t.Fatal(err)
	}
	results := log.Runs[0].Results
	if len(results) != 8 {
		t.Fatalf("%d results, want 8", len(results))
	}
	src, err := os.ReadFile(filepath.Join("testdata", "svc", "svc.go"))
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(string(src), "\n")
	// check compares result i's region, and its fix's, with the byte
	// column of call on its line less the UTF-16 saving before it.
	check := func(i int, call string, saving int) {
		t.Helper()
		r := results[i].Locations[0].PhysicalLocation.Region
		want := strings.Index(lines[r.StartLine-1], call) + 1 - saving
		if r.StartColumn != want || r.EndColumn != want+len(call) {
			t.Errorf("result %d: region columns %d-%d, want %d-%d", i, r.StartColumn, r.EndColumn, want, want+len(call))
		}
		d := results[i].Fixes[0].ArtifactChanges[0].Replacements[0].DeletedRegion
		if d.StartColumn != want || d.EndColumn != want+len(call) {
			t.Errorf("result %d: fix replaces columns %d-%d, want %d-%d", i, d.StartColumn, d.EndColumn, want, want+len(call))
		}
	}
	check(0, "context.Background()", 0) // an ASCII line: byte columns
	check(1, "context.TODO()", 0)       // non-ASCII text after the call
	// Before the call: ï, two bytes and one UTF-16 unit (1),
	// and 𝑥 (U+1D465), four bytes and two units (2).
	check(2, "context.TODO()", 3)
	for i, r := range results[:6] {
		if loc := r.Locations[0].PhysicalLocation.ArtifactLocation; loc.URI != "svc/svc.go" || loc.URIBaseID != "%SRCROOT%" {
			t.Errorf("result %d at %q base %q, want svc/svc.go below %%SRCROOT%%", i, loc.URI, loc.URIBaseID)
		}
		if len(r.Fixes) != 1 || r.Fixes[0].ArtifactChanges[0].Replacements[0].InsertedContent.Text != "ctx" {
			t.Errorf("result %d: fixes %+v, want the one that inserts ctx", i, r.Fixes)
		}
	}
	// Twice: equal lines and messages differ only in the occurrence.
	a, b := results[3].PartialFingerprints[FingerprintKey], results[4].PartialFingerprints[FingerprintKey]
	if ah, _, _ := strings.Cut(a, ":"); !strings.HasSuffix(a, ":1") || b != ah+":2" {
		t.Errorf("fingerprints of two equal findings %q and %q, want hash:1 and hash:2", a, b)
	}
	if s := results[5].Suppressions; len(s) != 1 || s[0].Kind != "inSource" || s[0].Justification != "the audit outlives the request" {
		t.Errorf("the //nolint finding's suppressions %+v, want inSource with its reason", s)
	}
	if s := results[0].Suppressions; s == nil || len(s) != 0 {
		t.Errorf("an unsuppressed finding's suppressions %+v, want []", s)
	}
	out := results[6]
	if loc := out.Locations[0].PhysicalLocation.ArtifactLocation; loc.URI != "file:///elsewhere/gen.go" || loc.URIBaseID != "" {
		t.Errorf("a file outside the root at %q base %q, want an absolute file URI", loc.URI, loc.URIBaseID)
	}
	if out.RuleID != "fixedtimeout" || out.RuleIndex != 1 {
		t.Errorf("rule %q index %d, want fixedtimeout at 1", out.RuleID, out.RuleIndex)
	}
	// The place another file's line names is a related location, linked
	// from the message by its id.
	twice := results[7]
	if rl := twice.RelatedLocations; len(rl) != 1 || rl[0].ID != 1 || rl[0].PhysicalLocation.ArtifactLocation.URI != "svc/svc.go" ||
		rl[0].PhysicalLocation.Region.StartLine != 18 || rl[0].Message.Text != "svc.go:18" {
		t.Errorf("related locations %+v, want svc/svc.go line 18 with id 1", rl)
	}
	if !strings.Contains(twice.Message.Text, "(context.Background() at [svc.go:18](1))") {
		t.Errorf("message %q does not link svc.go:18 to its related location", twice.Message.Text)
	}
	if len(results[0].RelatedLocations) != 0 {
		t.Errorf("a message naming no other place has related locations %+v", results[0].RelatedLocations)
	}
}

// TestFingerprintStable: moving a finding to another line keeps its
// fingerprint; a new message or new text on the line changes it.
func TestFingerprintStable(t *testing.T) {
	dir := t.TempDir()
	file := filepath.Join(dir, "a.go")
	source := func(src string) {
		if err := os.WriteFile(file, []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	fingerprint := func(line int, msg string) string {
		return fingerprintOf(t, dir, Finding{Rule: "ctxbackground", File: file, Line: line, Column: 14, Message: msg})
	}
	source("package a\n\nfunc f() { g(context.TODO()) }\n")
	base := fingerprint(3, "use ctx")
	source("package a\n\n// a comment pushes it down\n\tfunc f() { g(context.TODO()) }\n")
	if got := fingerprint(4, "use ctx"); got != base {
		t.Errorf("moving the line changed the fingerprint: %s, then %s", base, got)
	}
	if got := fingerprint(4, "use r.Context()"); got == base {
		t.Errorf("a new message kept the fingerprint %s", got)
	}
	source("package a\n\n// a comment pushes it down\nfunc f() { h(context.TODO()) }\n")
	if got := fingerprint(4, "use ctx"); got == base {
		t.Errorf("new text on the line kept the fingerprint %s", got)
	}
}

// Issue 16, item 3: a fingerprint changed when another file gained two
// lines, because the message names store.go:26. Positions of other places
// count without their line; another place, or another message, does not.
func TestFingerprintIgnoresOtherPlacesLines(t *testing.T) {
	dir := t.TempDir()
	file := filepath.Join(dir, "a.go")
	if err := os.WriteFile(file, []byte("package a\n\nfunc f() { Count() }\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	fingerprint := func(msg string) string {
		return fingerprintOf(t, dir, Finding{Rule: "ctxbackground", File: file, Line: 3, Column: 12, Message: msg})
	}
	base := fingerprint("Count starts a fresh context (context.Background() at store.go:26)")
	if got := fingerprint("Count starts a fresh context (context.Background() at store.go:28)"); got != base {
		t.Errorf("store.go's line moving changed the fingerprint: %s, then %s", base, got)
	}
	for _, msg := range []string{
		"Count starts a fresh context (context.Background() at orders.go:26)",
		"Count starts a fresh context (context.TODO() at store.go:26)",
	} {
		if got := fingerprint(msg); got == base {
			t.Errorf("%q kept the fingerprint %s", msg, got)
		}
	}
}

// fingerprintOf writes a log of one finding and returns its fingerprint.
func fingerprintOf(t *testing.T, root string, f Finding) string {
	t.Helper()
	var buf bytes.Buffer
	if err := Write(&buf, root, "", rules, []Finding{f}); err != nil {
		t.Fatal(err)
	}
	var log struct {
		Runs []struct {
			Results []struct{ PartialFingerprints map[string]string }
		}
	}
	if err := json.Unmarshal(buf.Bytes(), &log); err != nil {
		t.Fatal(err)
	}
	return log.Runs[0].Results[0].PartialFingerprints[FingerprintKey]
}

func TestReferences(t *testing.T) {
	got := References("Warm starts a fresh context (context.Background() at helpers.go:10 through cache_test.go:3); see x.go")
	want := []Reference{{"helpers.go:10", "helpers.go", 10}, {"cache_test.go:3", "cache_test.go", 3}}
	if fmt.Sprint(got) != fmt.Sprint(want) {
		t.Errorf("References: %v, want %v", got, want)
	}
}

func TestWriteRejects(t *testing.T) {
	ok := Finding{Rule: "ctxbackground", File: "a.go", Line: 1, Column: 1, Message: "m"}
	for _, tc := range []struct {
		name     string
		rules    []Rule
		findings []Finding
		want     string
	}{
		{"duplicate rule", []Rule{{ID: "a"}, {ID: "a"}}, nil, `rule "a" is listed twice`},
		{"rule without ID", []Rule{{Short: "x"}}, nil, "has no ID"},
		{"unknown rule", rules, []Finding{{Rule: "nosuch", File: "a.go", Line: 1, Message: "m"}}, `rule "nosuch" is not among the rules`},
		{"no line", rules, []Finding{{Rule: "ctxbackground", File: "a.go", Message: "m"}}, "has no line"},
		{"edit without line", rules, []Finding{{Rule: ok.Rule, File: ok.File, Line: 1, Message: "m", Fixes: []Fix{{Description: "d", Edits: []Edit{{File: "a.go"}}}}}}, "has no line"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			err := Write(&bytes.Buffer{}, ".", "", tc.rules, tc.findings)
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("Write: %v, want an error containing %q", err, tc.want)
			}
		})
	}
}

func TestRuleFor(t *testing.T) {
	a := &analysis.Analyzer{Name: "p", Doc: "report things\n\nMore about them.", URL: "https://example.com/p"}
	r := RuleFor(a)
	if r.ID != "p" || r.Short != "report things" || r.Full != a.Doc || r.HelpURI != a.URL {
		t.Errorf("RuleFor = %+v", r)
	}
}

// TestRuleHelp: every rule has help, as code scanning requires (GitHub's
// upload checks, Sarif.Multitool's GH2012): its full description, else
// its short one.
func TestRuleHelp(t *testing.T) {
	var log struct {
		Runs []struct {
			Tool struct {
				Driver struct {
					Rules []struct {
						ID   string
						Help *struct{ Text string }
					}
				}
			}
		}
	}
	if err := json.Unmarshal(write(t), &log); err != nil {
		t.Fatal(err)
	}
	got := log.Runs[0].Tool.Driver.Rules
	if len(got) != len(rules) {
		t.Fatalf("%d rules, want %d", len(got), len(rules))
	}
	for i, r := range rules {
		want := r.Full
		if want == "" {
			want = r.Short
		}
		if h := got[i].Help; h == nil || h.Text != want {
			t.Errorf("rule %s: help %+v, want text %q", r.ID, h, want)
		}
	}
}

// TestValidateCatchesErrors makes sure validate is not vacuous: each
// broken log must be reported.
func TestValidateCatchesErrors(t *testing.T) {
	good := write(t)
	for _, tc := range []struct{ name, old, new string }{
		{"version", `"version": "2.1.0"`, `"version": "2.0.0"`},
		{"tool name", `"name": "budgetlint"`, `"name": ""`},
		{"unknown ruleId", `"ruleId": "fixedtimeout"`, `"ruleId": "nosuch"`},
		{"ruleIndex", `"ruleIndex": 1`, `"ruleIndex": 2`},
		{"startLine", `"startLine": 3`, `"startLine": 0`},
		{"duplicate rule", `"id": "dropcancel"`, `"id": "fixedtimeout"`},
		{"level", `"level": "warning",`, `"level": "severe",`},
		{"suppression kind", `"kind": "inSource"`, `"kind": "inline"`},
		{"uri", `"uri": "svc/svc.go"`, `"uri": ""`},
		{"help", `"help": {`, `"nohelp": {`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if !bytes.Contains(good, []byte(tc.old)) {
				t.Fatalf("the log has no %s", tc.old)
			}
			broken := bytes.Replace(good, []byte(tc.old), []byte(tc.new), 1)
			if errs := validate(broken); len(errs) == 0 {
				t.Errorf("validate accepted a log with %s", tc.new)
			}
		})
	}
}

// validate checks the properties SARIF 2.1.0 requires of what budgetlint
// writes (sarif-schema-2.1.0.json and the specification's SHALLs), and the
// consistency code scanning relies on.
func validate(data []byte) (errs []string) {
	bad := func(format string, args ...any) { errs = append(errs, fmt.Sprintf(format, args...)) }
	// nonEmpty is the array v, which SARIF requires to hold an item:
	// without one, it says what is missing.
	nonEmpty := func(v any, missing string, args ...any) []any {
		l := list(v)
		if len(l) == 0 {
			bad(missing, args...)
		}
		return l
	}
	var doc map[string]any
	if err := json.Unmarshal(data, &doc); err != nil {
		return []string{err.Error()}
	}
	if doc["version"] != "2.1.0" {
		bad("version is %v, want 2.1.0", doc["version"])
	}
	if s, _ := doc["$schema"].(string); !isAbsURI(s) {
		bad("$schema %q is not an absolute URI", s)
	}
	for ri, r := range nonEmpty(doc["runs"], "no runs") {
		run := obj(r)
		driver := obj(obj(run["tool"])["driver"])
		if name, _ := driver["name"].(string); name == "" {
			bad("runs[%d].tool.driver.name is missing", ri)
		}
		if kind, ok := run["columnKind"]; ok && kind != "utf16CodeUnits" && kind != "unicodeCodePoints" {
			bad("runs[%d].columnKind %v", ri, kind)
		}
		ids := map[string]int{}
		for i, rule := range list(driver["rules"]) {
			rule := obj(rule)
			id, _ := rule["id"].(string)
			if id == "" {
				bad("rules[%d] has no id", i)
			}
			if _, dup := ids[id]; dup {
				bad("rule id %q is not unique", id)
			}
			ids[id] = i
			if u, ok := rule["helpUri"].(string); ok && !isAbsURI(u) {
				bad("rule %s: helpUri %q is not an absolute URI", id, u)
			}
			for _, key := range []string{"shortDescription", "fullDescription"} {
				if m, ok := rule[key]; ok && !isMessage(m) {
					bad("rule %s: %s has no text", id, key)
				}
			}
			if !isMessage(rule["help"]) {
				bad("rule %s: no help text (code scanning requires it)", id)
			}
		}
		results, ok := run["results"].([]any)
		if !ok {
			bad("runs[%d].results is missing (an empty array means no findings)", ri)
		}
		for i, r := range results {
			res := obj(r)
			where := fmt.Sprintf("runs[%d].results[%d]", ri, i)
			id, _ := res["ruleId"].(string)
			idx, hasIndex := ids[id]
			if !hasIndex {
				bad("%s: ruleId %q is not among the rules", where, id)
			}
			if n, ok := res["ruleIndex"].(float64); ok && (!hasIndex || int(n) != idx) {
				bad("%s: ruleIndex %v does not point at rule %q", where, n, id)
			}
			switch res["level"] {
			case "none", "note", "warning", "error", nil:
			default:
				bad("%s: level %v", where, res["level"])
			}
			if !isMessage(res["message"]) {
				bad("%s: message has no text", where)
			}
			for _, l := range nonEmpty(res["locations"], "%s: no locations", where) {
				physical(obj(obj(l)["physicalLocation"]), where, bad)
			}
			for k, v := range obj(res["partialFingerprints"]) {
				if s, _ := v.(string); s == "" {
					bad("%s: partialFingerprints[%s] is empty", where, k)
				}
			}
			for _, f := range list(res["fixes"]) {
				f := obj(f)
				if !isMessage(f["description"]) {
					bad("%s: a fix has no description", where)
				}
				for _, c := range nonEmpty(f["artifactChanges"], "%s: a fix has no artifactChanges", where) {
					c := obj(c)
					artifact(obj(c["artifactLocation"]), where, bad)
					for _, rep := range nonEmpty(c["replacements"], "%s: an artifactChange has no replacements", where) {
						checkRegion(obj(obj(rep)["deletedRegion"]), where+" deletedRegion", bad)
					}
				}
			}
			sups, ok := res["suppressions"].([]any)
			if !ok && res["suppressions"] != nil {
				bad("%s: suppressions is not an array", where)
			}
			for _, s := range sups {
				if k := obj(s)["kind"]; k != "inSource" && k != "external" {
					bad("%s: suppression kind %v", where, k)
				}
			}
		}
	}
	return errs
}

func physical(p map[string]any, where string, bad func(string, ...any)) {
	artifact(obj(p["artifactLocation"]), where, bad)
	region, ok := p["region"].(map[string]any)
	if !ok {
		bad("%s: no region", where)
		return
	}
	checkRegion(region, where, bad)
}

func artifact(a map[string]any, where string, bad func(string, ...any)) {
	uri, _ := a["uri"].(string)
	u, err := url.Parse(uri)
	switch {
	case uri == "" || err != nil:
		bad("%s: artifactLocation.uri %q is not a URI", where, uri)
	case a["uriBaseId"] != nil && u.IsAbs():
		bad("%s: uri %q is absolute but has a uriBaseId", where, uri)
	case a["uriBaseId"] == nil && !u.IsAbs():
		bad("%s: uri %q is relative without a uriBaseId", where, uri)
	}
}

func checkRegion(r map[string]any, where string, bad func(string, ...any)) {
	num := func(k string) int { n, _ := r[k].(float64); return int(n) }
	start, col, end, endCol := num("startLine"), num("startColumn"), num("endLine"), num("endColumn")
	if start < 1 {
		bad("%s: region.startLine %d < 1", where, start)
	}
	if _, ok := r["startColumn"]; ok && col < 1 {
		bad("%s: region.startColumn %d < 1", where, col)
	}
	if _, ok := r["endLine"]; ok && end < start {
		bad("%s: region ends (line %d) before it starts (line %d)", where, end, start)
	}
	if end == start && endCol != 0 && endCol < col {
		bad("%s: region.endColumn %d < startColumn %d", where, endCol, col)
	}
}

func obj(v any) map[string]any { m, _ := v.(map[string]any); return m }
func list(v any) []any         { l, _ := v.([]any); return l }

func isMessage(v any) bool {
	text, ok := obj(v)["text"].(string)
	return ok && text != ""
}

func isAbsURI(s string) bool {
	u, err := url.Parse(s)
	return err == nil && u.IsAbs()
}
