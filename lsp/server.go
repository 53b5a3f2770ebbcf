package lsp

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"runtime/debug"
	"slices"
	"strings"
	"sync"
	"time"

	"golang.org/x/tools/go/analysis"

	"github.com/budgetlint/budgetlint/internal/driver"
)

// Options configure the server.
type Options struct {
	Analyzers []*analysis.Analyzer // the tool's analyzers: what runs, codes, documentation links, flags
	Learners  []*analysis.Analyzer // also run on dependencies, for their facts (driver.Options.Learners)
	// Cache is the directory of the driver's results cache, shared with
	// the command line; "" turns it off. ToolID identifies the tool and
	// the analyzers' flags as set now, as driver.Options.ToolID.
	Cache    string
	ToolID   func([]*analysis.Analyzer) string
	Debounce time.Duration // wait after an edit before analysing
	// Log receives what the client cannot be told, such as a panic's
	// stack, and the errors it is told; nil for none. Routine progress
	// goes to the client's log only: editors show a server's stderr as
	// errors.
	Log io.Writer
}

// Serve answers the client on in and out until it sends exit, closes the
// stream or ctx is done (a signal). It returns the exit status the
// protocol asks for: 0 when exit followed shutdown, 1 otherwise. Whatever
// it was doing, it returns promptly: an analysis stops at the next
// package (a go command it runs is stopped), and its temporary files are
// removed.
func Serve(ctx context.Context, in io.Reader, out io.Writer, opts Options) int {
	s, err := newServer(newConn(in, out), opts)
	if err != nil {
		s.trace("%v", err)
		return 1
	}
	return s.serve(ctx)
}

// document is an open file as the client holds it.
type document struct {
	uri     string
	path    string
	version int32
	lines   *lineIndex // the text, indexed
}

// published is what the client shows for a file: the diagnostics of one
// version of it, with each diagnostic's quick fixes.
type published struct {
	version int32
	diags   []Diagnostic
	fixes   [][]CodeAction
}

type server struct {
	opts   Options
	conn   *conn
	check  checker
	memo   *driver.Memo // the dependencies' types, kept between analyses
	tmp    string       // the go command's work directories (GOTMPDIR)
	skip   []string     // GOROOT and the module cache: code the user does not edit
	ctx    context.Context
	cancel context.CancelFunc

	mu          sync.Mutex
	initialized bool
	shutdown    bool
	settings    settings
	docs        map[string]*document  // by file name
	published   map[string]*published // by file name
	timers      map[string]*time.Timer
	queue       []string // package directories to analyse
	logged      map[string]string
	toolIDs     map[string]string  // by analyzers and flags
	running     string             // the package directory being analysed
	stopRunning context.CancelFunc // cancels that analysis

	wake       chan struct{}
	workerDone chan struct{}
}

func newServer(c *conn, opts Options) (*server, error) {
	s := &server{
		opts:       opts,
		conn:       c,
		docs:       map[string]*document{},
		published:  map[string]*published{},
		timers:     map[string]*time.Timer{},
		logged:     map[string]string{},
		toolIDs:    map[string]string{},
		wake:       make(chan struct{}, 1),
		workerDone: make(chan struct{}),
	}
	s.check, s.memo = s.runDriver, driver.NewMemo()
	s.ctx, s.cancel = context.WithCancel(context.Background())
	out, _ := exec.Command("go", "env", "GOROOT", "GOMODCACHE", "GOTMPDIR").Output()
	env := strings.Split(string(out), "\n")
	// A file opened by jumping into the standard library or a dependency
	// is not analysed: its findings are not the user's to fix.
	for _, dir := range env[:min(len(env), 2)] {
		if dir = strings.TrimSpace(dir); dir != "" {
			s.skip = append(s.skip, filepath.Clean(dir)+string(filepath.Separator))
		}
	}
	// The go command's work directories go in ours: a go command stopped
	// mid-listing leaves its own behind, and ours is removed on every
	// exit. It is made where the user sends the go command's.
	gotmp := ""
	if len(env) > 2 {
		gotmp = strings.TrimSpace(env[2])
	}
	tmp, err := os.MkdirTemp(gotmp, "budgetlint-lsp-")
	if err != nil {
		return s, fmt.Errorf("budgetlint lsp: %v", err)
	}
	s.tmp = tmp
	return s, nil
}

// serve reads and handles messages until exit, the end of the stream or
// ctx is done. Reading runs on its own, so that a signal is seen while
// the client is silent.
func (s *server) serve(ctx context.Context) int {
	go s.worker()
	defer s.stop()
	type read struct {
		body []byte
		err  error
	}
	reads := make(chan read)
	go func() {
		for {
			body, err := s.conn.read()
			select {
			case reads <- read{body, err}:
			case <-s.ctx.Done():
				return
			}
			if err != nil && !errors.Is(err, errTooLarge) {
				return
			}
		}
	}()
	for {
		var r read
		select {
		case r = <-reads:
		case <-ctx.Done():
			s.trace("%v: stopping", context.Cause(ctx))
			return 1
		}
		body, err := r.body, r.err
		if errors.Is(err, errTooLarge) {
			s.trace("%v", err)
			s.conn.reply(nil, nil, &rpcError{codeInvalidRequest, err.Error()})
			continue
		}
		if err != nil {
			if !errors.Is(err, io.EOF) {
				s.trace("%v", err)
			}
			return 1 // the client went away without exit
		}
		var m message
		if err := json.Unmarshal(body, &m); err != nil {
			s.conn.reply(nil, nil, &rpcError{codeParseError, err.Error()})
			continue
		}
		if m.Method == "exit" {
			s.mu.Lock()
			clean := s.shutdown
			s.mu.Unlock()
			if clean {
				return 0
			}
			return 1
		}
		s.handle(&m)
	}
}

// stop ends analysis (stopping its go command), waits for the worker and
// removes the temporary directory: every way out of serve passes here.
func (s *server) stop() {
	s.mu.Lock()
	for _, t := range s.timers {
		t.Stop()
	}
	s.mu.Unlock()
	s.cancel()
	<-s.workerDone
	os.RemoveAll(s.tmp)
}

// handle answers one message. A failure in a handler is answered as an
// internal error (or logged, for a notification); the server goes on.
func (s *server) handle(m *message) {
	defer func() {
		if r := recover(); r != nil {
			s.trace("panic in %s: %v\n%s", m.Method, r, debug.Stack())
			if m.isRequest() {
				s.conn.reply(m.ID, nil, &rpcError{codeInternalError, fmt.Sprint(r)})
			}
		}
	}()
	if m.Method == "" {
		return // a response: the server sends no requests
	}
	s.mu.Lock()
	initialized, shutdown := s.initialized, s.shutdown
	s.mu.Unlock()
	switch {
	case !initialized && m.Method != "initialize":
		if m.isRequest() {
			s.conn.reply(m.ID, nil, &rpcError{codeNotInitialized, "the server is not initialized"})
		}
		return
	case shutdown:
		if m.isRequest() {
			s.conn.reply(m.ID, nil, &rpcError{codeInvalidRequest, "the server is shutting down"})
		}
		return
	}
	result, err := s.dispatch(m)
	if m.isRequest() {
		s.conn.reply(m.ID, result, err)
	} else if err != nil {
		s.trace("%s: %s", m.Method, err.Message)
	}
}

func (s *server) dispatch(m *message) (any, *rpcError) {
	switch m.Method {
	case "initialize":
		return answer(m, s.initialize)
	case "shutdown":
		s.mu.Lock()
		s.shutdown = true
		s.mu.Unlock()
		return nil, nil
	case "textDocument/didOpen":
		return take(m, s.didOpen)
	case "textDocument/didChange":
		return take(m, s.didChange)
	case "textDocument/didSave":
		return take(m, s.didSave)
	case "textDocument/didClose":
		return take(m, s.didClose)
	case "workspace/didChangeConfiguration":
		return take(m, func(p DidChangeConfigurationParams) { s.configure(p.Settings, true) })
	case "textDocument/codeAction":
		return answer(m, s.codeActions)
	default:
		if m.isRequest() {
			return nil, &rpcError{codeMethodNotFound, "budgetlint does not implement " + m.Method}
		}
	}
	return nil, nil
}

// answer decodes m's params as a P and answers with what handle returns.
func answer[P, R any](m *message, handle func(P) R) (any, *rpcError) {
	var p P
	if err := unmarshal(m.Params, &p); err != nil {
		return nil, err
	}
	return handle(p), nil
}

// take decodes m's params as a P for handle, which has no answer (m is a
// notification).
func take[P any](m *message, handle func(P)) (any, *rpcError) {
	return answer(m, func(p P) any {
		handle(p)
		return nil
	})
}

func unmarshal(raw json.RawMessage, v any) *rpcError {
	if err := json.Unmarshal(raw, v); err != nil {
		return &rpcError{codeInvalidParams, err.Error()}
	}
	return nil
}

func (s *server) initialize(p InitializeParams) InitializeResult {
	s.configure(p.InitializationOptions, false)
	s.mu.Lock()
	s.initialized = true
	s.mu.Unlock()
	version := ""
	if info, ok := debug.ReadBuildInfo(); ok {
		version = info.Main.Version
	}
	return InitializeResult{
		Capabilities: ServerCapabilities{
			PositionEncoding: "utf-16",
			TextDocumentSync: TextDocumentSync{OpenClose: true, Change: syncIncremental, Save: SaveOptions{}},
			CodeActionProvider: CodeActionOptions{
				CodeActionKinds: []string{quickFix},
			},
		},
		ServerInfo: ServerInfo{Name: "budgetlint", Version: version},
	}
}

// configure takes new settings and, when asked, re-analyses every open
// package with them. Settings that cannot be read leave the old ones, and
// so does an object with none of budgetlint's keys: editors send an empty
// one ({}, or [] from an empty Lua table) or every server's settings.
func (s *server) configure(raw json.RawMessage, reanalyse bool) {
	if !forBudgetlint(raw) {
		return
	}
	set, warnings, err := parseSettings(raw, s.opts.Analyzers)
	for _, w := range warnings {
		s.logMessage(logWarning, w)
	}
	if err != nil {
		s.logMessage(logError, err.Error())
		return
	}
	s.mu.Lock()
	s.settings = set
	var dirs []string
	for path := range s.docs {
		dirs = append(dirs, filepath.Dir(path))
	}
	s.mu.Unlock()
	if reanalyse {
		slices.Sort(dirs)
		for _, dir := range slices.Compact(dirs) {
			s.schedule(dir, 0)
		}
	}
}

func forBudgetlint(raw json.RawMessage) bool {
	text := strings.TrimSpace(string(raw))
	var keys map[string]json.RawMessage
	if err := json.Unmarshal(raw, &keys); err != nil {
		return text != "" && text != "[]" // not an object: parseSettings says what is wrong
	}
	for _, k := range []string{"budgetlint", "passes", "flags", "buildFlags"} {
		if _, ok := keys[k]; ok {
			return true
		}
	}
	return false
}

func (s *server) didOpen(p DidOpenTextDocumentParams) {
	path, ok := uriPath(p.TextDocument.URI)
	if !ok || !strings.HasSuffix(path, ".go") || slices.ContainsFunc(s.skip, func(dir string) bool { return strings.HasPrefix(path, dir) }) {
		return
	}
	lines := newLineIndex(p.TextDocument.Text)
	s.mu.Lock()
	s.docs[path] = &document{uri: p.TextDocument.URI, path: path, version: p.TextDocument.Version, lines: lines}
	s.mu.Unlock()
	s.schedule(filepath.Dir(path), 0)
}

func (s *server) didChange(p DidChangeTextDocumentParams) {
	path, ok := uriPath(p.TextDocument.URI)
	if !ok {
		return
	}
	s.mu.Lock()
	doc := s.docs[path]
	if doc == nil {
		s.mu.Unlock()
		return
	}
	var err error
	for _, c := range p.ContentChanges {
		var text string
		if text, err = applyChange(doc.lines, c); err != nil {
			break
		}
		doc.lines = newLineIndex(text)
	}
	doc.version = p.TextDocument.Version
	s.mu.Unlock()
	if err != nil {
		s.logMessage(logError, fmt.Sprintf("budgetlint: %s: %v; close and reopen the file", path, err))
	}
	s.schedule(filepath.Dir(path), s.opts.Debounce)
}

func (s *server) didSave(p DidSaveTextDocumentParams) {
	if path, ok := uriPath(p.TextDocument.URI); ok {
		s.schedule(filepath.Dir(path), 0)
	}
}

func (s *server) didClose(p DidCloseTextDocumentParams) {
	path, ok := uriPath(p.TextDocument.URI)
	if !ok {
		return
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if _, shown := s.published[path]; shown {
		s.conn.notify("textDocument/publishDiagnostics", PublishDiagnosticsParams{URI: p.TextDocument.URI, Diagnostics: []Diagnostic{}})
	}
	delete(s.docs, path)
	delete(s.published, path)
}

// codeActions returns the quick fixes of the diagnostics the range
// touches, unless the file changed since they were computed (their edits
// would land in the wrong place).
func (s *server) codeActions(p CodeActionParams) []CodeAction {
	actions := []CodeAction{}
	if len(p.Context.Only) > 0 && !slices.ContainsFunc(p.Context.Only, func(k string) bool {
		return k == quickFix || strings.HasPrefix(quickFix, k+".")
	}) {
		return actions
	}
	path, ok := uriPath(p.TextDocument.URI)
	if !ok {
		return actions
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	doc, pub := s.docs[path], s.published[path]
	if doc == nil || pub == nil || pub.version != doc.version {
		return actions
	}
	for i, d := range pub.diags {
		if before(d.Range.End, p.Range.Start) || before(p.Range.End, d.Range.Start) {
			continue
		}
		actions = append(actions, pub.fixes[i]...)
	}
	return actions
}

func before(a, b Position) bool {
	return a.Line < b.Line || a.Line == b.Line && a.Character < b.Character
}

// schedule analyses the package in dir after delay; a later call for the
// same directory replaces an earlier one that has not started, and stops
// one that has: its result would be stale.
func (s *server) schedule(dir string, delay time.Duration) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.running == dir {
		s.stopRunning()
	}
	if t := s.timers[dir]; t != nil {
		t.Stop()
		delete(s.timers, dir)
	}
	if delay <= 0 {
		s.enqueue(dir)
		return
	}
	s.timers[dir] = time.AfterFunc(delay, func() {
		s.mu.Lock()
		defer s.mu.Unlock()
		s.enqueue(dir)
	})
}

// enqueue adds dir to the work queue once. s.mu must be held.
func (s *server) enqueue(dir string) {
	if !slices.Contains(s.queue, dir) {
		s.queue = append(s.queue, dir)
	}
	select {
	case s.wake <- struct{}{}:
	default:
	}
}

// worker analyses one package at a time: the driver already uses every
// core.
func (s *server) worker() {
	defer close(s.workerDone)
	for {
		select {
		case <-s.ctx.Done():
			return
		case <-s.wake:
		}
		for s.ctx.Err() == nil {
			s.mu.Lock()
			if len(s.queue) == 0 {
				s.mu.Unlock()
				break
			}
			dir := s.queue[0]
			s.queue = s.queue[1:]
			ctx, cancel := context.WithCancel(s.ctx)
			s.running, s.stopRunning = dir, cancel
			s.mu.Unlock()
			s.analyse(ctx, dir)
			s.mu.Lock()
			s.running, s.stopRunning = "", nil
			s.mu.Unlock()
			cancel()
		}
	}
}

// logOnce shows msg in the client's log unless it is what was last shown
// for dir, so a package that stays broken while it is edited is reported
// once; an empty msg marks dir as fine.
func (s *server) logOnce(dir string, typ int, msg string) {
	s.mu.Lock()
	same := s.logged[dir] == msg
	s.logged[dir] = msg
	s.mu.Unlock()
	if !same && msg != "" {
		s.logMessage(typ, msg)
	}
}

// logMessage shows msg in the client's log at its level; an error goes
// to Options.Log too.
func (s *server) logMessage(typ int, msg string) {
	if typ == logError {
		s.trace("%s", msg)
	}
	s.conn.notify("window/logMessage", LogMessageParams{Type: typ, Message: msg})
}

func (s *server) trace(format string, args ...any) {
	if s.opts.Log != nil {
		fmt.Fprintf(s.opts.Log, "budgetlint lsp: "+format+"\n", args...)
	}
}
