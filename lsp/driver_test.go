package lsp

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"golang.org/x/tools/go/analysis"

	"github.com/budgetlint/budgetlint/internal/passtest"
)

// shopFindings are the findings of examples/shop, as "line:col pass"
// (from 1, in bytes: the files are ASCII), by file.
var shopFindings = map[string][]string{
	"api/api.go":         {"27:33 ctxbackground", "44:12 ctxbackground"},
	"billing/billing.go": {"21:2 retrybudget", "49:15 dropcancel"},
	"store/store.go":     {"33:18 fixedtimeout", "41:9 dropcancel"},
}

func shop(t *testing.T) string {
	dir, err := filepath.Abs(filepath.Join("..", "examples", "shop"))
	if err != nil {
		t.Fatal(err)
	}
	return dir
}

func positions(diags []Diagnostic) []string {
	var out []string
	for _, d := range diags {
		out = append(out, fmt.Sprintf("%d:%d %s", d.Range.Start.Line+1, d.Range.Start.Character+1, d.Code))
	}
	return out
}

// Each file of examples/shop shows its findings whatever the order the
// files are opened in, with the driver and its cache (an editor that
// opened api.go, then store.go, showed nothing in store.go: store had
// been analysed as api's dependency, and that run was replayed), and
// again when they are reopened in the reverse order. The quick fix of
// api.go's first finding is offered.
func TestOpenOrder(t *testing.T) {
	if testing.Short() {
		t.Skip("analyses examples/shop with the standard library")
	}
	dir := shop(t)
	orders := [][]string{
		{"api/api.go", "store/store.go", "billing/billing.go"},
		{"store/store.go", "billing/billing.go", "api/api.go"},
		{"billing/billing.go", "api/api.go", "store/store.go"},
	}
	for _, order := range orders {
		t.Run(strings.Join(order, ","), func(t *testing.T) {
			cache := t.TempDir()
			c, _ := start(t, Options{Analyzers: allPasses, Cache: cache, ToolID: func([]*analysis.Analyzer) string { return "test" }}, nil)
			initialize(c, nil)
			reversed := slices.Clone(order)
			slices.Reverse(reversed)
			for round, files := range [][]string{order, reversed} {
				for _, name := range files {
					path := filepath.Join(dir, filepath.FromSlash(name))
					text := passtest.ReadFile(t, path)
					open(c, path, int32(round+1), text)
					diags := c.diagnostics(pathURI(path), int32(round+1)).Diagnostics
					if got := positions(diags); !slices.Equal(got, shopFindings[name]) {
						t.Errorf("round %d, %s: findings %q, want %q", round+1, name, got, shopFindings[name])
						continue
					}
					if name != "api/api.go" {
						continue
					}
					var actions []CodeAction
					c.result("textDocument/codeAction", CodeActionParams{TextDocument: TextDocumentIdentifier{pathURI(path)}, Range: diags[0].Range}, &actions)
					if len(actions) == 0 {
						t.Errorf("round %d: no quick fix for %s", round+1, toJSON(diags[0]))
						continue
					}
					fixed := applyEdits(t, text, actions[0].Edit.Changes[pathURI(path)])
					if !strings.Contains(fixed, "s.Orders.Status(r.Context(), r.PathValue(\"id\"))") {
						t.Errorf("round %d: the quick fix %q gives\n%s", round+1, actions[0].Title, fixed)
					}
				}
				for _, name := range files {
					c.notify("textDocument/didClose", DidCloseTextDocumentParams{TextDocumentIdentifier{pathURI(filepath.Join(dir, name))}})
				}
			}
		})
	}
}

// Settings reach the passes through the driver: -ctxbackground.tests
// loads the tests and reports in them, and once the setting is removed it
// is no longer in force.
func TestSettingsReachThePasses(t *testing.T) {
	if testing.Short() {
		t.Skip("analyses a module with the standard library")
	}
	dir := t.TempDir()
	files := map[string]string{
		"go.mod":    "module example.com/t\n\ngo 1.26\n",
		"a.go":      "package a\n\nimport \"context\"\n\nfunc Do(ctx context.Context) error { return ctx.Err() }\n",
		"a_test.go": "package a\n\nimport (\n\t\"context\"\n\t\"testing\"\n)\n\nfunc TestDo(t *testing.T) {\n\tDo(context.Background())\n}\n",
	}
	for name, text := range files {
		passtest.WriteFile(t, filepath.Join(dir, name), text)
	}
	test := filepath.Join(dir, "a_test.go")
	c, _ := start(t, Options{Analyzers: allPasses}, nil)
	initialize(c, map[string]any{"flags": map[string]any{"ctxbackground.tests": true}})
	open(c, test, 1, files["a_test.go"])
	if got := positions(c.diagnostics(pathURI(test), 1).Diagnostics); !slices.Equal(got, []string{"9:5 ctxbackground"}) {
		t.Errorf("with -ctxbackground.tests: %q, want the test's context.Background()", got)
	}
	c.notify("workspace/didChangeConfiguration", map[string]any{"settings": map[string]any{"flags": map[string]any{}}})
	change(c, test, 2, files["a_test.go"])
	if got := c.diagnostics(pathURI(test), 2).Diagnostics; len(got) != 0 {
		t.Errorf("without it: %q, want nothing", positions(got))
	}
}

// A re-check after an edit analyses the edited package and type-checks
// nothing else: the dependencies' types are kept from the first check,
// their findings and facts in the cache.
func TestRecheckKeepsDependencies(t *testing.T) {
	if testing.Short() {
		t.Skip("analyses examples/shop with the standard library")
	}
	api := filepath.Join(shop(t), "api", "api.go")
	text := passtest.ReadFile(t, api)
	c, _ := start(t, Options{Analyzers: allPasses, Cache: t.TempDir(), ToolID: func([]*analysis.Analyzer) string { return "test" }}, nil)
	initialize(c, nil)
	open(c, api, 1, text)
	c.diagnostics(pathURI(api), 1)
	if msg := c.logMessage(logLog, "analysed "); strings.Contains(msg, " 0 type-checked)") {
		t.Errorf("first check: %q, want the dependencies type-checked", msg)
	}
	change(c, api, 2, text+"\n// edited\n")
	if got := positions(c.diagnostics(pathURI(api), 2).Diagnostics); !slices.Equal(got, shopFindings["api/api.go"]) {
		t.Errorf("after the edit: %q", got)
	}
	if msg := c.logMessage(logLog, "analysed "); !strings.Contains(msg, "(packages: 1 analysed, 2 from the cache, ") || !strings.HasSuffix(msg, " 0 type-checked)") {
		t.Errorf("re-check: %q, want api analysed and nothing type-checked again", msg)
	}
}

// The quick fix the editor is offered for api.go's first finding leaves
// examples/shop building and vetting (it left "context" imported and not
// used), applied as an editor applies it.
func TestQuickFixBuilds(t *testing.T) {
	if testing.Short() {
		t.Skip("analyses and builds examples/shop")
	}
	dir := t.TempDir()
	if err := os.CopyFS(dir, os.DirFS(shop(t))); err != nil {
		t.Fatal(err)
	}
	api := filepath.Join(dir, "api", "api.go")
	text := passtest.ReadFile(t, api)
	c, _ := start(t, Options{Analyzers: allPasses}, nil)
	initialize(c, nil)
	open(c, api, 1, text)
	diags := c.diagnostics(pathURI(api), 1).Diagnostics
	if len(diags) == 0 {
		t.Fatal("no findings in api.go")
	}
	var actions []CodeAction
	c.result("textDocument/codeAction", CodeActionParams{TextDocument: TextDocumentIdentifier{pathURI(api)}, Range: diags[0].Range}, &actions)
	if len(actions) == 0 {
		t.Fatalf("no quick fix for %s", toJSON(diags[0]))
	}
	for uri, edits := range actions[0].Edit.Changes {
		path, ok := uriPath(uri)
		if !ok {
			t.Fatalf("an edit of %s", uri)
		}
		if err := os.WriteFile(path, []byte(applyEdits(t, passtest.ReadFile(t, path), edits)), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	for _, args := range [][]string{{"build", "./..."}, {"vet", "./..."}} {
		cmd := exec.Command("go", args...)
		cmd.Dir = dir
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Errorf("go %s after the fix %q: %v\n%s", strings.Join(args, " "), actions[0].Title, err, out)
		}
	}
}

// TestFindingsCarryTheirPrice checks that each finding of the example
// carries its cost and the explain command as related information, for
// editors to show beside it (issue 17).
func TestFindingsCarryTheirPrice(t *testing.T) {
	dir := shop(t)
	c, _ := start(t, Options{Analyzers: allPasses, Cache: t.TempDir(), ToolID: func([]*analysis.Analyzer) string { return "test" }}, nil)
	initialize(c, nil)
	path := filepath.Join(dir, "billing", "billing.go")
	open(c, path, 1, passtest.ReadFile(t, path))
	diags := c.diagnostics(pathURI(path), 1).Diagnostics
	found := false
	for _, d := range diags {
		if d.Code != "retrybudget" {
			continue
		}
		found = true
		if len(d.RelatedInformation) != 1 || !strings.Contains(d.RelatedInformation[0].Message, "budgetlint explain retrybudget -attempts 3 -backoff 200ms") {
			t.Errorf("retrybudget finding without its price: %s", toJSON(d))
		}
	}
	if !found {
		t.Fatalf("no retrybudget finding in %s: %s", path, toJSON(diags))
	}
}

// The same mistake in two places is one diagnostic, whose other place is
// related information in the same document.
func TestOtherPlaceIsRelated(t *testing.T) {
	dir, err := filepath.Abs(filepath.Join("..", "testdata", "vet"))
	if err != nil {
		t.Fatal(err)
	}
	c, _ := start(t, Options{Analyzers: allPasses, Cache: t.TempDir(), ToolID: func([]*analysis.Analyzer) string { return "test" }}, nil)
	initialize(c, nil)
	path := filepath.Join(dir, "twice", "twice.go")
	open(c, path, 1, passtest.ReadFile(t, path))
	diags := c.diagnostics(pathURI(path), 1).Diagnostics
	if len(diags) != 1 {
		t.Fatalf("want one diagnostic, got %s", toJSON(diags))
	}
	var other *DiagnosticRelatedInformation
	for i, r := range diags[0].RelatedInformation {
		if r.Message == "the same mistake again" {
			other = &diags[0].RelatedInformation[i]
		}
	}
	if other == nil || other.Location.URI != pathURI(path) || other.Location.Range.Start != (Position{Line: 13, Character: 8}) {
		t.Errorf("want the other place at 14:9 as related information, got %s", toJSON(diags[0]))
	}
}
