package lsp

import (
	"context"
	"encoding/json"
	"fmt"
	"go/build"
	"go/token"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
	"unicode/utf16"

	"github.com/budgetlint/budgetlint/internal/driver"
)

// These tests run the server in-process with the driver replaced by a
// fake that answers from the text it is given, as the driver would; the
// tests in order_test.go run the real one.

// checkCall is one run of the fake driver: the settings and the text of
// the file under test that it saw.
type checkCall struct {
	set  settings
	text string
}

// fakeCheck answers a run with answer(text), where text is the file's
// content as the driver would read it: every open document is in the
// overlay. Each run is reported on calls.
func fakeCheck(t *testing.T, file string, answer func(text string) (*driver.Result, error)) (checker, chan checkCall) {
	calls := make(chan checkCall, 1000)
	return func(ctx context.Context, dir string, overlay map[string][]byte, set settings) (*driver.Result, error) {
		text, ok := overlay[file]
		if !ok {
			t.Errorf("%s is not in the overlay %v", file, overlay)
		}
		res, err := answer(string(text))
		calls <- checkCall{set, string(text)}
		return res, err
	}, calls
}

// found returns the driver's finding of pass with msg over the first
// occurrence of what in text, the content of file.
func found(file, text, what, msg string, fixes ...driver.Fix) driver.Diagnostic {
	off := strings.Index(text, what)
	url := "https://pkg.go.dev/github.com/budgetlint/budgetlint/passes/ctxbackground"
	return driver.Diagnostic{
		Analyzer: "ctxbackground", Message: msg, URL: url, Fixes: fixes,
		Posn: token.Position{Filename: file, Offset: off},
		End:  token.Position{Filename: file, Offset: off + len(what)},
	}
}

// replace is a fix that replaces the first occurrence of what in text,
// the content of file, with by.
func replace(file, text, what, by string) driver.Fix {
	off := strings.Index(text, what)
	return driver.Fix{Message: "Replace " + what + " with " + by, Edits: []driver.Edit{{
		Filename: file, New: by, Sum: driver.ContentSum([]byte(text)),
		Start: token.Position{Filename: file, Offset: off}, End: token.Position{Filename: file, Offset: off + len(what)},
	}}}
}

func none(string) (*driver.Result, error) { return &driver.Result{}, nil }

// start runs a server on pipes and returns a client and the server's
// exit status, once it has one. A nil check runs the driver.
func start(t *testing.T, opts Options, check checker) (*client, chan int) {
	return startContext(t, context.Background(), opts, check)
}

// startContext starts a server that stops when ctx is done, as on a signal.
func startContext(t *testing.T, ctx context.Context, opts Options, check checker) (*client, chan int) {
	if opts.Analyzers == nil {
		opts.Analyzers = analyzers
	}
	cr, sw := io.Pipe()
	sr, cw := io.Pipe()
	s, err := newServer(newConn(sr, sw), opts)
	if err != nil {
		t.Fatal(err)
	}
	if check != nil {
		s.check = check
	}
	code, done := make(chan int, 1), make(chan bool)
	go func() {
		code <- s.serve(ctx)
		sw.Close()
		close(done)
	}()
	// The server stops (removing its temporary directory) before the
	// test ends: the stream ends, and what it still writes goes nowhere.
	t.Cleanup(func() {
		cw.Close()
		cr.Close()
		select {
		case <-done:
		case <-time.After(30 * time.Second):
			t.Error("the server did not stop at the end of the stream")
		}
	})
	return newClient(t, cw, cr), code
}

func initialize(c *client, options any) {
	var r InitializeResult
	c.result("initialize", map[string]any{"capabilities": map[string]any{}, "initializationOptions": options}, &r)
	c.notify("initialized", map[string]any{})
}

func open(c *client, path string, version int32, text string) {
	c.notify("textDocument/didOpen", DidOpenTextDocumentParams{TextDocumentItem{URI: pathURI(path), LanguageID: "go", Version: version, Text: text}})
}

func change(c *client, path string, version int32, text string) {
	c.notify("textDocument/didChange", DidChangeTextDocumentParams{
		TextDocument:   VersionedTextDocumentIdentifier{pathURI(path), version},
		ContentChanges: []TextDocumentContentChangeEvent{{Text: text}},
	})
}

func save(c *client, path string) {
	c.notify("textDocument/didSave", DidSaveTextDocumentParams{TextDocumentIdentifier{pathURI(path)}})
}

// src has two findings; the first follows non-ASCII text on its line.
const src = "package p\n\nimport \"context\"\n\nfunc F(ctx context.Context) {\n\tg(\"ñ🚀\", context.Background())\n\tg(\"\", context.TODO())\n}\n"

func TestFindingsAndFixes(t *testing.T) {
	dir := t.TempDir()
	file, other := filepath.Join(dir, "a.go"), filepath.Join(dir, "b.go")
	os.WriteFile(file, []byte("package p\n"), 0o644) // the buffer is not saved
	const otherText = "package p\n\nvar x = 1\n"
	os.WriteFile(other, []byte(otherText), 0o644) // not open
	check, calls := fakeCheck(t, file, func(text string) (*driver.Result, error) {
		bg := found(file, text, "context.Background()", "use ctx", replace(file, text, "context.Background()", "ctx"))
		todo := found(file, text, "context.TODO()", "TODO: use ctx",
			replace(other, otherText, "1", "2"),                  // in a file that is not open, as analysed
			replace(other, "package p\n\nvar x = 0\n", "0", "3"), // in a file changed since
		)
		suppressed := found(file, text, "F(ctx", "silenced")
		suppressed.Suppressed = true
		variant := found(file, text, "context.Background()", "use ctx") // from the test variant, without the fix
		return &driver.Result{Diagnostics: []driver.Diagnostic{variant, todo, bg, suppressed, found(other, otherText, "var", "elsewhere")}}, nil
	})
	c, _ := start(t, Options{}, check)
	initialize(c, nil)
	uri := pathURI(file)
	open(c, file, 1, src)
	if call := <-calls; call.text != src {
		t.Errorf("the driver saw %q", call.text)
	}

	got := c.diagnostics(uri, 1).Diagnostics
	href := &CodeDescription{"https://pkg.go.dev/github.com/budgetlint/budgetlint/passes/ctxbackground"}
	bg := Range{Position{5, 10}, Position{5, 30}} // byte columns 14 and 34: ñ is 2 bytes, 🚀 4 bytes and 2 units
	want := []Diagnostic{
		{Range: bg, Severity: severityWarning, Code: "ctxbackground", CodeDescription: href, Source: "budgetlint", Message: "use ctx"},
		{Range: Range{Position{6, 7}, Position{6, 21}}, Severity: severityWarning, Code: "ctxbackground", CodeDescription: href, Source: "budgetlint", Message: "TODO: use ctx"},
	}
	if !equalJSON(got, want) {
		t.Errorf("diagnostics\n%s\nwant\n%s", toJSON(got), toJSON(want))
	}

	actions := func(r Range, only ...string) []CodeAction {
		var a []CodeAction
		c.result("textDocument/codeAction", CodeActionParams{TextDocument: TextDocumentIdentifier{uri}, Range: r, Context: CodeActionContext{Only: only}}, &a)
		return a
	}
	a := actions(Range{Position{5, 30}, Position{5, 30}}) // the cursor just after the call
	if len(a) != 1 || !a[0].IsPreferred || a[0].Kind != quickFix || !equalJSON(a[0].Diagnostics, want[:1]) {
		t.Fatalf("code actions %s", toJSON(a))
	}
	if fixed := applyEdits(t, src, a[0].Edit.Changes[uri]); !strings.Contains(fixed, "\tg(\"ñ🚀\", ctx)\n") {
		t.Errorf("the fix gives\n%s", fixed)
	}
	if a := actions(Range{Position{5, 31}, Position{6, 0}}); len(a) != 0 {
		t.Errorf("code actions off the finding: %s", toJSON(a))
	}
	if a := actions(bg, "refactor"); len(a) != 0 {
		t.Errorf("code actions of kind refactor: %s", toJSON(a))
	}
	if a := actions(bg, "quickfix"); len(a) != 1 {
		t.Errorf("code actions of kind quickfix: %s", toJSON(a))
	}
	a = actions(want[1].Range)
	if len(a) != 1 || applyEdits(t, otherText, a[0].Edit.Changes[pathURI(other)]) != "package p\n\nvar x = 2\n" {
		t.Errorf("code actions on TODO: %s, want the one that edits b.go as it is", toJSON(a))
	}

	c.notify("textDocument/didClose", DidCloseTextDocumentParams{TextDocumentIdentifier{uri}})
	raw := c.wait("textDocument/publishDiagnostics", func(raw json.RawMessage) bool { return true })
	if string(raw) != fmt.Sprintf(`{"uri":%q,"diagnostics":[]}`, uri) {
		t.Errorf("on close: %s, want the diagnostics cleared", raw)
	}
}

// logMessage waits for a log message of type typ holding text, and
// returns it.
func (c *client) logMessage(typ int, text string) string {
	c.t.Helper()
	var p LogMessageParams
	json.Unmarshal(c.wait("window/logMessage", func(raw json.RawMessage) bool {
		var p LogMessageParams
		json.Unmarshal(raw, &p)
		return p.Type == typ && strings.Contains(p.Message, text)
	}), &p)
	return p.Message
}

// A package that stops type-checking while it is edited: the server logs
// the error once as a warning, keeps the findings shown, offers no fixes
// for text that changed, and goes on. Its progress is at the Log level.
func TestBrokenPackage(t *testing.T) {
	dir := t.TempDir()
	file := filepath.Join(dir, "a.go")
	os.WriteFile(file, []byte(src), 0o644)
	check, _ := fakeCheck(t, file, func(text string) (*driver.Result, error) {
		switch {
		case strings.Contains(text, "h("):
			return &driver.Result{Broken: []driver.Broken{{Package: "p", Err: file + ":6:2: undefined: h", More: 1}}}, nil
		case strings.Contains(text, "context.Background"):
			return &driver.Result{Diagnostics: []driver.Diagnostic{found(file, text, "context.Background()", "use ctx", replace(file, text, "context.Background()", "ctx"))}}, nil
		}
		return &driver.Result{}, nil
	})
	// Edits are analysed on save only, so that none stops another.
	c, _ := start(t, Options{Debounce: time.Hour}, check)
	initialize(c, nil)
	uri := pathURI(file)
	open(c, file, 1, src)
	if got := c.diagnostics(uri, 1).Diagnostics; len(got) != 1 {
		t.Fatalf("diagnostics %s", toJSON(got))
	}
	c.logMessage(logLog, "analysed "+dir)

	broken := strings.Replace(src, "g(\"ñ", "h(\"ñ", 1)
	change(c, file, 2, broken)
	save(c, file)
	msg := c.logMessage(logWarning, "not analysed")
	if !strings.Contains(msg, "\np: "+file+":6:2: undefined: h (and 1 more)") {
		t.Errorf("log message %q, want the error naming %s:6:2", msg, file)
	}
	c.logMessage(logLog, "not analysed")
	change(c, file, 3, broken+"// still broken\n")
	save(c, file)
	c.logMessage(logLog, "not analysed")
	var a []CodeAction
	c.result("textDocument/codeAction", CodeActionParams{TextDocument: TextDocumentIdentifier{uri}, Range: Range{Position{5, 12}, Position{5, 12}}}, &a)
	if len(a) != 0 {
		t.Errorf("fixes for a changed file: %s", toJSON(a))
	}
	change(c, file, 4, "package p\n")
	save(c, file)
	if got := c.diagnostics(uri, 4).Diagnostics; len(got) != 0 {
		t.Errorf("after the repair: %s", toJSON(got))
	}
	for _, m := range c.backlog {
		var p LogMessageParams
		switch json.Unmarshal(m.Params, &p); {
		case m.Method == "textDocument/publishDiagnostics":
			t.Errorf("published while broken: %s", m.Params)
		case m.Method == "window/logMessage" && p.Type != logLog:
			t.Errorf("logged again: %s", m.Params)
		}
	}
}

func TestSettings(t *testing.T) {
	dir := t.TempDir()
	file := filepath.Join(dir, "a.go")
	check, calls := fakeCheck(t, file, none)
	c, _ := start(t, Options{}, check)
	initialize(c, map[string]any{
		"passes": map[string]bool{"ctxbackground": true},
		"flags":  map[string]any{"ctxbackground": map[string]any{"nosuch": 1, "tests": "maybe"}},
	})
	for _, want := range []string{"no flag -ctxbackground.nosuch", "-ctxbackground.tests: parse error"} {
		if msg := c.logMessage(logWarning, want); !strings.HasPrefix(msg, "budgetlint settings: ") {
			t.Errorf("warning %q", msg)
		}
	}
	open(c, file, 1, "package p\n")
	if set := (<-calls).set; !set.passes["ctxbackground"] || len(set.flags) != 0 {
		t.Errorf("settings %+v", set)
	}
	c.notify("workspace/didChangeConfiguration", map[string]any{"settings": map[string]any{
		"budgetlint": map[string]any{"flags": map[string]any{"ctxbackground.tests": true}},
	}})
	if set := (<-calls).set; len(set.passes) != 0 || set.flags["ctxbackground.tests"] != "true" {
		t.Errorf("after the change: %+v", set)
	}
	// Settings for other servers leave budgetlint's as they are.
	c.notify("workspace/didChangeConfiguration", map[string]any{"settings": map[string]any{}})
	change(c, file, 2, "package p // 2\n")
	if set := (<-calls).set; set.flags["ctxbackground.tests"] != "true" {
		t.Errorf("after empty settings: %+v", set)
	}
}

// Edits in quick succession are analysed once, after the last.
func TestDebounce(t *testing.T) {
	dir := t.TempDir()
	file := filepath.Join(dir, "a.go")
	check, calls := fakeCheck(t, file, none)
	c, _ := start(t, Options{Debounce: 200 * time.Millisecond}, check)
	initialize(c, nil)
	open(c, file, 1, "package p\n")
	c.diagnostics(pathURI(file), 1)
	for v := int32(2); v <= 6; v++ {
		change(c, file, v, fmt.Sprintf("package p // %d\n", v))
	}
	c.diagnostics(pathURI(file), 6)
	if n := len(calls); n != 2 {
		t.Errorf("%d runs of the driver, want 2 (open, then the last edit)", n)
	}
}

func TestLifecycle(t *testing.T) {
	check := func(context.Context, string, map[string][]byte, settings) (*driver.Result, error) {
		return &driver.Result{}, nil
	}
	c, code := start(t, Options{}, check)
	if m := c.call("textDocument/codeAction", map[string]any{}); m.Error == nil || m.Error.Code != codeNotInitialized {
		t.Errorf("before initialize: %+v", m)
	}
	initialize(c, nil)
	if m := c.call("textDocument/hover", map[string]any{}); m.Error == nil || m.Error.Code != codeMethodNotFound {
		t.Errorf("an unknown method: %+v", m)
	}
	if m := c.call("textDocument/codeAction", []int{1}); m.Error == nil || m.Error.Code != codeInvalidParams {
		t.Errorf("invalid params: %+v", m)
	}
	fmt.Fprintf(c.w, "Content-Length: 5\r\n\r\n{nope")
	if m := c.next(5 * time.Second); m.Error == nil || m.Error.Code != codeParseError || m.ID != nil {
		t.Errorf("a body that is not JSON: %+v", m)
	}
	c.notify("textDocument/didOpen", DidOpenTextDocumentParams{TextDocumentItem{URI: "untitled:1", Text: "x"}})
	c.notify("$/cancelRequest", map[string]any{"id": 1})
	if m := c.call("shutdown", nil); m.Error != nil || string(m.Result) != "null" {
		t.Errorf("shutdown: %+v", m)
	}
	if m := c.call("textDocument/codeAction", map[string]any{}); m.Error == nil || m.Error.Code != codeInvalidRequest {
		t.Errorf("after shutdown: %+v", m)
	}
	c.notify("exit", nil)
	if got := <-code; got != 0 {
		t.Errorf("exit after shutdown: status %d", got)
	}

	c, code = start(t, Options{}, check)
	initialize(c, nil)
	c.notify("exit", nil)
	if got := <-code; got != 1 {
		t.Errorf("exit without shutdown: status %d", got)
	}

	c, code = start(t, Options{}, check)
	c.w.(io.Closer).Close()
	if got := <-code; got != 1 {
		t.Errorf("the client gone: status %d", got)
	}
}

// A file opened from the standard library (by a jump to a definition) is
// not the user's to fix: it is not analysed.
func TestStandardLibraryLeftAlone(t *testing.T) {
	dir := t.TempDir()
	file := filepath.Join(dir, "a.go")
	check, calls := fakeCheck(t, file, none)
	c, _ := start(t, Options{}, check)
	initialize(c, nil)
	std := filepath.Join(build.Default.GOROOT, "src", "context", "context.go")
	open(c, std, 1, "package context\n")
	open(c, file, 1, "package p\n")
	c.diagnostics(pathURI(file), 1)
	if n := len(calls); n != 1 {
		t.Errorf("%d runs of the driver, want 1 (for %s only)", n, file)
	}
	for _, m := range c.backlog {
		if m.Method == "textDocument/publishDiagnostics" && strings.Contains(string(m.Params), "context.go") {
			t.Errorf("published for the standard library: %s", m.Params)
		}
	}
}

// Editors send settings that are not budgetlint's: an empty object, an
// empty Lua table, or every server's settings. They change nothing.
func TestSettingsForOthers(t *testing.T) {
	for _, raw := range []string{``, `null`, `{}`, `[]`, `{"gopls": {"staticcheck": true}}`} {
		if forBudgetlint([]byte(raw)) {
			t.Errorf("%q taken as budgetlint's settings", raw)
		}
	}
	for _, raw := range []string{`{"passes": {}}`, `{"budgetlint": {}}`, `{"flags": {}, "gopls": {}}`, `"ctxbackground"`} {
		if !forBudgetlint([]byte(raw)) {
			t.Errorf("%q not taken as budgetlint's settings", raw)
		}
	}
}

// An edit stops the analysis of the version before it (the driver stops
// at its context: see TestContextStopsTheRun in internal/driver), and the
// new version is analysed and published.
func TestEditStopsStaleAnalysis(t *testing.T) {
	dir := t.TempDir()
	file := filepath.Join(dir, "a.go")
	started, stopped := make(chan bool, 1), make(chan error, 1)
	check := func(ctx context.Context, _ string, overlay map[string][]byte, _ settings) (*driver.Result, error) {
		if strings.Contains(string(overlay[file]), "slow") {
			started <- true
			<-ctx.Done() // it never ends by itself
			stopped <- ctx.Err()
			return nil, ctx.Err()
		}
		return &driver.Result{}, nil
	}
	c, _ := start(t, Options{Debounce: time.Hour}, check)
	initialize(c, nil)
	open(c, file, 1, "package p // slow\n")
	<-started
	change(c, file, 2, "package p\n")
	select {
	case <-stopped:
	case <-time.After(30 * time.Second):
		t.Fatal("an edit did not stop the analysis of the version before it")
	}
	save(c, file) // no debounce
	c.diagnostics(pathURI(file), 2)
	if msg := c.logMessage(logLog, "stopped after"); !strings.Contains(msg, dir) {
		t.Errorf("log %q", msg)
	}
	for _, m := range c.backlog {
		if m.Method == "textDocument/publishDiagnostics" {
			t.Errorf("published from the stopped analysis: %s", m.Params)
		}
	}
}

// A message over the limit is answered at once with an error naming the
// limit, without reading it into memory (4611686018427387904 panicked in
// makeslice); here the stream ends inside the skipped body, and the server
// stops as when the client goes away.
func TestOversizedMessage(t *testing.T) {
	c, code := start(t, Options{}, func(context.Context, string, map[string][]byte, settings) (*driver.Result, error) {
		return &driver.Result{}, nil
	})
	initialize(c, nil)
	fmt.Fprintf(c.w, "Content-Length: 4611686018427387904\r\n\r\n{")
	m := c.next(30 * time.Second)
	if m.Error == nil || m.Error.Code != codeInvalidRequest || m.ID != nil || !strings.Contains(m.Error.Message, "over the limit of 67108864 bytes") {
		t.Errorf("a message over the limit: %+v", m)
	}
	c.w.(io.Closer).Close()
	if got := <-code; got != 1 {
		t.Errorf("the client gone: status %d", got)
	}
}

// The buffer: a large file with a finding on every line, edited
// 200 times and closed with exit. Each version is indexed once and every
// finding converted through the index (scanning the text for each one
// took minutes); the last version's findings are published, where an
// editor places them, and exit returns.
func TestManyFindingsManyEdits(t *testing.T) {
	const n = 30000
	dir := t.TempDir()
	file := filepath.Join(dir, "a.go")
	var b strings.Builder
	b.WriteString("package p\n\nimport \"context\"\n\nfunc F(ctx context.Context) {\n")
	for i := range n {
		fmt.Fprintf(&b, "\tg(\"ñ🚀 %d\", context.Background())\n", i)
	}
	b.WriteString("}\n")
	text := b.String()
	// The driver finds every context.Background() in the text it is given.
	check, _ := fakeCheck(t, file, func(text string) (*driver.Result, error) {
		res := &driver.Result{}
		for off := 0; ; {
			i := strings.Index(text[off:], "context.Background()")
			if i < 0 {
				return res, nil
			}
			off += i
			res.Diagnostics = append(res.Diagnostics, driver.Diagnostic{
				Analyzer: "ctxbackground", Message: "use ctx",
				Posn: token.Position{Filename: file, Offset: off},
				End:  token.Position{Filename: file, Offset: off + 20},
			})
			off += 20
		}
	})
	c, code := start(t, Options{Debounce: 50 * time.Millisecond}, check)
	initialize(c, nil)
	uri := pathURI(file)
	open(c, file, 1, text)
	check1 := func(version int32, text string) {
		t.Helper()
		got := c.diagnostics(uri, version).Diagnostics
		var want []Range
		for i, line := range strings.Split(text, "\n") {
			if col := strings.Index(line, "context.Background()"); col >= 0 {
				char := len(utf16.Encode([]rune(line[:col])))
				want = append(want, Range{Position{i, char}, Position{i, char + 20}})
			}
		}
		if len(got) != len(want) {
			t.Fatalf("version %d: %d diagnostics, want %d", version, len(got), len(want))
		}
		for i := range got {
			if got[i].Range != want[i] {
				t.Fatalf("version %d: diagnostic %d at %v, want %v", version, i, got[i].Range, want[i])
			}
		}
	}
	check1(1, text)
	for v := int32(2); v <= 201; v++ {
		// Insert "🚀" before g on a line further down each time.
		at := Position{Line: 5 + int(v)*100, Character: 1}
		edit := TextEdit{Range: Range{at, at}, NewText: "🚀"}
		text = applyEdits(t, text, []TextEdit{edit})
		c.notify("textDocument/didChange", DidChangeTextDocumentParams{
			TextDocument:   VersionedTextDocumentIdentifier{uri, v},
			ContentChanges: []TextDocumentContentChangeEvent{{Range: &edit.Range, Text: edit.NewText}},
		})
	}
	check1(201, text)
	c.call("shutdown", nil)
	c.notify("exit", nil)
	select {
	case got := <-code:
		if got != 0 {
			t.Errorf("exit after shutdown: status %d", got)
		}
	case <-time.After(30 * time.Second):
		t.Fatal("exit did not return")
	}
}
