package lsp

import (
	"bytes"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/budgetlint/budgetlint/internal/passtest"
)

// TestEditorSession drives the real budgetlint binary as an editor does:
// open a file with a finding, get the diagnostic and its fix, apply the
// fix as an unsaved edit and see the diagnostic go, break the package and
// see the server log it and keep answering, then shut it down. Nothing
// goes to stderr.
func TestEditorSession(t *testing.T) {
	bin := passtest.Command(t)
	mod := t.TempDir()
	if err := os.CopyFS(mod, os.DirFS(filepath.Join("..", "testdata", "lsp"))); err != nil {
		t.Fatal(err)
	}
	greetFile := filepath.Join(mod, "greet.go")
	testFile := filepath.Join(mod, "greet_test.go")
	greet, test := passtest.ReadFile(t, greetFile), passtest.ReadFile(t, testFile)

	cmd := exec.Command(bin, "lsp", "-debounce=50ms", "-cache="+t.TempDir())
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	stdin, err := cmd.StdinPipe()
	if err != nil {
		t.Fatal(err)
	}
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	exited := make(chan error, 1)
	go func() { exited <- cmd.Wait() }()
	defer func() {
		if t.Failed() {
			cmd.Process.Kill()
		}
		t.Logf("server stderr:\n%s", stderr.String())
	}()
	c := newClient(t, stdin, stdout)

	var init InitializeResult
	c.result("initialize", map[string]any{
		"processId":             os.Getpid(),
		"rootUri":               pathURI(mod),
		"capabilities":          map[string]any{},
		"initializationOptions": map[string]any{"passes": map[string]bool{"ctxbackground": true}},
	}, &init)
	if init.Capabilities.TextDocumentSync.Change != syncIncremental || len(init.Capabilities.CodeActionProvider.CodeActionKinds) == 0 {
		t.Fatalf("capabilities = %+v", init.Capabilities)
	}
	c.notify("initialized", map[string]any{})

	greetURI, testURI := pathURI(greetFile), pathURI(testFile)
	c.notify("textDocument/didOpen", map[string]any{"textDocument": TextDocumentItem{URI: greetURI, LanguageID: "go", Version: 1, Text: greet}})
	c.notify("textDocument/didOpen", map[string]any{"textDocument": TextDocumentItem{URI: testURI, LanguageID: "go", Version: 1, Text: test}})

	// The finding is on line 23 (22 from 0), at byte column 47 (46 from
	// 0); "Grüße 🚀" before it is 4 bytes longer than its 8 UTF-16 units
	// (ü and ß are two bytes and one unit, 🚀 four bytes and two units).
	want := Diagnostic{
		Range:           Range{Position{22, 42}, Position{22, 62}},
		Severity:        severityWarning,
		Code:            "ctxbackground",
		CodeDescription: &CodeDescription{Href: "https://pkg.go.dev/github.com/budgetlint/budgetlint/passes/ctxbackground"},
		Source:          "budgetlint",
	}
	got := c.diagnostics(greetURI, 1).Diagnostics
	if len(got) != 1 {
		t.Fatalf("diagnostics of greet.go = %+v, want one", got)
	}
	if !strings.Contains(got[0].Message, "context.Background() starts a fresh context where ctx is in scope") {
		t.Errorf("message = %q", got[0].Message)
	}
	want.Message = got[0].Message
	// The link opens the pass's documentation; its query carries what the
	// finding costs (internal/price), as the driver gives it.
	if href := got[0].CodeDescription; href != nil && strings.HasPrefix(href.Href, want.CodeDescription.Href+"?deadline=") {
		want.CodeDescription = href
	}
	// Its related information is its price (TestFindingsCarryTheirPrice).
	if len(got[0].RelatedInformation) == 1 && strings.Contains(got[0].RelatedInformation[0].Message, "budgetlint explain ctxbackground") {
		want.RelatedInformation = got[0].RelatedInformation
	}
	if !equalJSON(got[0], want) {
		t.Errorf("diagnostic = %s\nwant %s", toJSON(got[0]), toJSON(want))
	}
	// Progress is routine: the editor's log has it at the Log level, and
	// stderr, which editors log as errors, has nothing.
	if msg := c.logMessage(logLog, "analysed "+mod); !strings.Contains(msg, "1 findings") {
		t.Errorf("progress %q", msg)
	}
	if d := c.diagnostics(testURI, 1).Diagnostics; len(d) != 0 {
		t.Errorf("greet_test.go, another open file of the package: diagnostics %+v, want none", d)
	}

	// The fix, asked for with the cursor inside the finding.
	var actions []CodeAction
	c.result("textDocument/codeAction", CodeActionParams{
		TextDocument: TextDocumentIdentifier{greetURI},
		Range:        Range{Position{22, 50}, Position{22, 50}},
		Context:      CodeActionContext{Diagnostics: got},
	}, &actions)
	if len(actions) != 1 || actions[0].Kind != quickFix || actions[0].Title != "Replace context.Background() with ctx" {
		t.Fatalf("code actions = %s", toJSON(actions))
	}
	edits := actions[0].Edit.Changes[greetURI]
	if len(edits) != 1 || edits[0].Range != want.Range || edits[0].NewText != "ctx" {
		t.Fatalf("fix edits = %s, want ctx over %v", toJSON(actions[0].Edit), want.Range)
	}
	fixed := applyEdits(t, greet, edits)
	if !strings.Contains(fixed, `return fmt.Sprintf("Grüße 🚀 %s", d.Name(ctx, id))`) {
		t.Fatalf("fixed text:\n%s", fixed)
	}

	// Applying it sends the edit as an incremental change; the buffer is
	// not saved, so the server analyses it through an overlay.
	c.notify("textDocument/didChange", DidChangeTextDocumentParams{
		TextDocument:   VersionedTextDocumentIdentifier{greetURI, 2},
		ContentChanges: []TextDocumentContentChangeEvent{{Range: &edits[0].Range, Text: "ctx"}},
	})
	if d := c.diagnostics(greetURI, 2).Diagnostics; len(d) != 0 {
		t.Errorf("after the fix: diagnostics %s, want none", toJSON(d))
	}

	// A package that does not type-check is logged, naming the file (not
	// the overlay), and the server keeps answering.
	broken := strings.Replace(fixed, "d.Name(ctx, id)", "d.Nam(ctx, id)", 1)
	c.notify("textDocument/didChange", DidChangeTextDocumentParams{
		TextDocument:   VersionedTextDocumentIdentifier{greetURI, 3},
		ContentChanges: []TextDocumentContentChangeEvent{{Text: broken}},
	})
	raw := c.wait("window/logMessage", func(raw json.RawMessage) bool {
		return strings.Contains(string(raw), "not analysed")
	})
	var logged LogMessageParams
	json.Unmarshal(raw, &logged)
	if !strings.Contains(logged.Message, greetFile+":23:") || !strings.Contains(logged.Message, "Nam") {
		t.Errorf("log message = %q, want the type error in %s", logged.Message, greetFile)
	}
	c.result("textDocument/codeAction", CodeActionParams{TextDocument: TextDocumentIdentifier{greetURI}, Range: want.Range}, &actions)
	if len(actions) != 0 {
		t.Errorf("code actions on a broken package = %s, want none", toJSON(actions))
	}

	if m := c.call("shutdown", nil); m.Error != nil || string(m.Result) != "null" {
		t.Fatalf("shutdown: %s %+v", m.Result, m.Error)
	}
	c.notify("exit", nil)
	select {
	case err := <-exited:
		if err != nil {
			t.Errorf("server exit: %v", err)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("the server did not exit")
	}
	if stderr.Len() > 0 {
		t.Errorf("server stderr has %q, want nothing: nothing went wrong", stderr.String())
	}
}

func toJSON(v any) string {
	b, _ := json.Marshal(v)
	return string(b)
}

func equalJSON(a, b any) bool { return toJSON(a) == toJSON(b) }
