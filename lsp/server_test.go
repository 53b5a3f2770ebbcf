package lsp

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"go/build"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
	"unicode/utf16"
)

// These tests run the server in-process with go vet replaced by a fake
// that answers from the text it is given, as go vet would.

// vetCall is one run of the fake go vet: its arguments and the text of
// the file under test that it saw (from the overlay, or from disk).
type vetCall struct {
	args []string
	text string
}

// fakeVet answers a run with answer(text, name), where text is the file's
// content as go vet would read it and name the file it read it from (the
// overlay's or the file itself); each run is reported on calls.
func fakeVet(t *testing.T, file string, answer func(text, name string) (stdout, stderr string, err error)) (runner, chan vetCall) {
	calls := make(chan vetCall, 100)
	return func(ctx context.Context, dir string, args []string) ([]byte, []byte, error) {
		name := vetReads(t, file, args)
		b, _ := os.ReadFile(name)
		stdout, stderr, err := answer(string(b), name)
		calls <- vetCall{args, string(b)}
		return []byte(stdout), []byte(stderr), err
	}, calls
}

// vetReads returns where go vet would read file: the overlay's
// replacement if the -overlay argument names one, else file.
func vetReads(t *testing.T, file string, args []string) string {
	for _, a := range args {
		name, ok := strings.CutPrefix(a, "-overlay=")
		if !ok {
			continue
		}
		var o struct{ Replace map[string]string }
		if b, err := os.ReadFile(name); err != nil || json.Unmarshal(b, &o) != nil {
			t.Errorf("overlay %s unreadable: %v", name, err)
		}
		if r, ok := o.Replace[file]; ok {
			if filepath.Base(r) != filepath.Base(file) {
				t.Errorf("overlay file %s for %s: want the same base name (build constraints, _test)", r, file)
			}
			return r
		}
	}
	return file
}

// start runs a server on pipes and returns a client and the server's
// exit status, once it has one. A nil run runs opts.Go.
func start(t *testing.T, opts Options, run runner) (*client, chan int) {
	return startContext(t, context.Background(), opts, run)
}

// startContext starts a server that stops when ctx is done, as on a signal.
func startContext(t *testing.T, ctx context.Context, opts Options, run runner) (*client, chan int) {
	opts.Analyzers = analyzers
	cr, sw := io.Pipe()
	sr, cw := io.Pipe()
	s, err := newServer(newConn(sr, sw), opts)
	if err != nil {
		t.Fatal(err)
	}
	if run != nil {
		s.run = run
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

// src has two findings; the first follows non-ASCII text on its line.
const src = "package p\n\nimport \"context\"\n\nfunc F(ctx context.Context) {\n\tg(\"ñ🚀\", context.Background())\n\tg(\"\", context.TODO())\n}\n"

// vetJSON is go vet's answer for src, as a go command with a warm cache
// gives it: the first finding names this run's overlay file; the second
// one an overlay file of an earlier server, replayed from the cache; the
// first comes again from the test variant, and one is in a file that is
// not open.
func vetJSON(overlay, earlier, other string) string {
	bg := strings.Index(src, "context.Background")
	return fmt.Sprintf(`{"p": {"ctxbackground": [
	{"posn": "%[1]s:6:14", "end": "%[1]s:6:34", "message": "use ctx",
	 "suggested_fixes": [{"message": "Replace context.Background() with ctx", "edits": [{"filename": "%[1]s", "start": %[4]d, "end": %[5]d, "new": "ctx"}]}]},
	{"posn": "%[2]s:7:8", "end": "%[2]s:7:22", "message": "TODO: use ctx"},
	{"posn": "%[3]s:1:1", "end": "%[3]s:1:2", "message": "elsewhere"}]},
 "p [p.test]": {"ctxbackground": [
	{"posn": "%[1]s:6:14", "end": "%[1]s:6:34", "message": "use ctx"}]}}`,
		overlay, earlier, other, bg, bg+len("context.Background()"))
}

func TestFindingsAndFixes(t *testing.T) {
	dir := t.TempDir()
	file := filepath.Join(dir, "a.go")
	os.WriteFile(file, []byte("package p\n"), 0o644) // the buffer is not saved
	earlier := filepath.Join(os.TempDir(), "budgetlint-lsp-1", overlayKey(file), "a.go")
	run, calls := fakeVet(t, file, func(text, name string) (string, string, error) {
		if name == file {
			t.Errorf("go vet read %s from disk, not the unsaved buffer", file)
		}
		return vetJSON(name, earlier, filepath.Join(dir, "b.go")), "", nil
	})
	c, _ := start(t, Options{Tool: "budgetlint"}, run)
	initialize(c, nil)
	uri := pathURI(file)
	open(c, file, 1, src)
	if call := <-calls; call.text != src {
		t.Errorf("go vet saw %q", call.text)
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

	c.notify("textDocument/didClose", DidCloseTextDocumentParams{TextDocumentIdentifier{uri}})
	raw := c.wait("textDocument/publishDiagnostics", func(raw json.RawMessage) bool { return true })
	if string(raw) != fmt.Sprintf(`{"uri":%q,"diagnostics":[]}`, uri) {
		t.Errorf("on close: %s, want the diagnostics cleared", raw)
	}
}

// A package that stops type-checking while it is edited: the server logs
// the error once, naming the file rather than the overlay, keeps the
// findings shown, offers no fixes for text that changed, and goes on.
func TestBrokenPackage(t *testing.T) {
	dir := t.TempDir()
	file := filepath.Join(dir, "a.go")
	os.WriteFile(file, []byte(src), 0o644)
	run, calls := fakeVet(t, file, func(text, name string) (string, string, error) {
		switch {
		case strings.Contains(text, "h("):
			rel, _ := filepath.Rel(dir, name) // go vet shortens names to the working directory
			return "", "# p\n" + rel + ":6:2: undefined: h\n", errors.New("exit status 1")
		case strings.Contains(text, "context.Background"):
			return vetJSON(name, name, filepath.Join(dir, "b.go")), "", nil
		}
		return "{}", "", nil
	})
	c, _ := start(t, Options{}, run)
	initialize(c, nil)
	uri := pathURI(file)
	open(c, file, 1, src)
	if got := c.diagnostics(uri, 1).Diagnostics; len(got) != 2 {
		t.Fatalf("diagnostics %s", toJSON(got))
	}
	<-calls

	broken := strings.Replace(src, "g(\"ñ", "h(\"ñ", 1)
	change(c, file, 2, broken)
	<-calls
	change(c, file, 3, broken+"// still broken\n")
	<-calls
	var a []CodeAction
	c.result("textDocument/codeAction", CodeActionParams{TextDocument: TextDocumentIdentifier{uri}, Range: Range{Position{5, 12}, Position{5, 12}}}, &a)
	if len(a) != 0 {
		t.Errorf("fixes for a changed file: %s", toJSON(a))
	}
	change(c, file, 4, "package p\n")
	if got := c.diagnostics(uri, 4).Diagnostics; len(got) != 0 {
		t.Errorf("after the repair: %s", toJSON(got))
	}
	var logs []string
	for _, m := range c.backlog {
		switch m.Method {
		case "window/logMessage":
			var p LogMessageParams
			json.Unmarshal(m.Params, &p)
			logs = append(logs, p.Message)
		case "textDocument/publishDiagnostics":
			t.Errorf("published while broken: %s", m.Params)
		}
	}
	if len(logs) != 1 || !strings.Contains(logs[0], "not analysed") || !strings.Contains(logs[0], "\n"+file+":6:2: undefined: h") {
		t.Errorf("log messages %q, want one naming %s:6:2", logs, file)
	}
}

func TestSettings(t *testing.T) {
	dir := t.TempDir()
	file := filepath.Join(dir, "a.go")
	os.WriteFile(file, []byte("package p\n"), 0o644)
	run, calls := fakeVet(t, file, func(string, string) (string, string, error) { return "{}", "", nil })
	c, _ := start(t, Options{Tool: "/bin/budgetlint"}, run)
	initialize(c, map[string]any{
		"passes": map[string]bool{"ctxbackground": true},
		"flags":  map[string]any{"ctxbackground": map[string]any{"nosuch": 1}},
	})
	raw := c.wait("window/logMessage", func(json.RawMessage) bool { return true })
	if !strings.Contains(string(raw), "no flag -ctxbackground.nosuch") {
		t.Errorf("warning %s", raw)
	}
	open(c, file, 1, "package p\n")
	if args := strings.Join((<-calls).args, " "); args != "vet -vettool=/bin/budgetlint -json -ctxbackground=true ." {
		t.Errorf("go %s", args)
	}
	c.notify("workspace/didChangeConfiguration", map[string]any{"settings": map[string]any{
		"budgetlint": map[string]any{"flags": map[string]any{"ctxbackground.tests": true}},
	}})
	if args := strings.Join((<-calls).args, " "); args != "vet -vettool=/bin/budgetlint -json -ctxbackground.tests=true ." {
		t.Errorf("after the change: go %s", args)
	}
	// Settings for other servers leave budgetlint's as they are.
	c.notify("workspace/didChangeConfiguration", map[string]any{"settings": map[string]any{}})
	os.WriteFile(file, []byte("package p // 2\n"), 0o644) // saved: no overlay
	change(c, file, 2, "package p // 2\n")
	if args := strings.Join((<-calls).args, " "); args != "vet -vettool=/bin/budgetlint -json -ctxbackground.tests=true ." {
		t.Errorf("after empty settings: go %s", args)
	}
}

// Edits in quick succession are analysed once, after the last.
func TestDebounce(t *testing.T) {
	dir := t.TempDir()
	file := filepath.Join(dir, "a.go")
	run, calls := fakeVet(t, file, func(string, string) (string, string, error) { return "{}", "", nil })
	c, _ := start(t, Options{Debounce: 200 * time.Millisecond}, run)
	initialize(c, nil)
	open(c, file, 1, "package p\n")
	c.diagnostics(pathURI(file), 1)
	for v := int32(2); v <= 6; v++ {
		change(c, file, v, fmt.Sprintf("package p // %d\n", v))
	}
	c.diagnostics(pathURI(file), 6)
	if n := len(calls); n != 2 {
		t.Errorf("%d runs of go vet, want 2 (open, then the last edit)", n)
	}
}

func TestLifecycle(t *testing.T) {
	run := func(context.Context, string, []string) ([]byte, []byte, error) { return nil, nil, nil }
	c, code := start(t, Options{}, run)
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

	c, code = start(t, Options{}, run)
	initialize(c, nil)
	c.notify("exit", nil)
	if got := <-code; got != 1 {
		t.Errorf("exit without shutdown: status %d", got)
	}

	c, code = start(t, Options{}, run)
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
	run, calls := fakeVet(t, file, func(string, string) (string, string, error) { return "{}", "", nil })
	c, _ := start(t, Options{}, run)
	initialize(c, nil)
	std := filepath.Join(build.Default.GOROOT, "src", "context", "context.go")
	open(c, std, 1, "package context\n")
	open(c, file, 1, "package p\n")
	c.diagnostics(pathURI(file), 1)
	if n := len(calls); n != 1 {
		t.Errorf("%d runs of go vet, want 1 (for %s only)", n, file)
	}
	for _, m := range c.backlog {
		if strings.Contains(string(m.Params), "context.go") {
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

// An edit stops the analysis of the version before it (the go command is
// killed through its context: see TestStopDuringAnalysis), and the new
// version is analysed and published.
func TestEditStopsStaleAnalysis(t *testing.T) {
	dir := t.TempDir()
	file := filepath.Join(dir, "a.go")
	started, stopped := make(chan bool, 1), make(chan error, 1)
	run := func(ctx context.Context, _ string, args []string) ([]byte, []byte, error) {
		if b, _ := os.ReadFile(vetReads(t, file, args)); strings.Contains(string(b), "slow") {
			started <- true
			<-ctx.Done() // it never ends by itself
			stopped <- ctx.Err()
			return nil, nil, ctx.Err()
		}
		return []byte("{}"), nil, nil
	}
	c, _ := start(t, Options{Debounce: time.Hour}, run)
	initialize(c, nil)
	open(c, file, 1, "package p // slow\n")
	<-started
	change(c, file, 2, "package p\n")
	select {
	case <-stopped:
	case <-time.After(30 * time.Second):
		t.Fatal("an edit did not stop the analysis of the version before it")
	}
	c.notify("textDocument/didSave", DidSaveTextDocumentParams{TextDocumentIdentifier{pathURI(file)}}) // no debounce
	c.diagnostics(pathURI(file), 2)
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
	run := func(context.Context, string, []string) ([]byte, []byte, error) { return nil, nil, nil }
	c, code := start(t, Options{}, run)
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
	// go vet finds every context.Background() in the text it is given.
	run, _ := fakeVet(t, file, func(text, name string) (string, string, error) {
		var out strings.Builder
		out.WriteString(`{"p": {"ctxbackground": [`)
		sep := ""
		for i, line := range strings.Split(text, "\n") {
			if col := strings.Index(line, "context.Background()"); col >= 0 {
				fmt.Fprintf(&out, `%s{"posn": "%s:%d:%d", "end": "%[2]s:%[3]d:%[5]d", "message": "use ctx"}`, sep, name, i+1, col+1, col+21)
				sep = ","
			}
		}
		out.WriteString("]}}")
		return out.String(), "", nil
	})
	c, code := start(t, Options{Debounce: 50 * time.Millisecond}, run)
	initialize(c, nil)
	uri := pathURI(file)
	open(c, file, 1, text)
	check := func(version int32, text string) {
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
	check(1, text)
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
	check(201, text)
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
