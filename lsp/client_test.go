package lsp

import (
	"bufio"
	"cmp"
	"encoding/json"
	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"
	"unicode/utf16"
)

// client talks to a server as an editor does. Its framing and position
// arithmetic are written here apart from the server's, so that a mistake
// in one is not repeated in the other.
type client struct {
	t       *testing.T
	w       io.Writer
	in      chan wire
	backlog []wire // notifications not yet waited for
	nextID  int
}

type wire struct {
	ID     *int            `json:"id"`
	Method string          `json:"method"`
	Params json.RawMessage `json:"params"`
	Result json.RawMessage `json:"result"`
	Error  *struct {
		Code    int    `json:"code"`
		Message string `json:"message"`
	} `json:"error"`
}

func newClient(t *testing.T, w io.Writer, r io.Reader) *client {
	c := &client{t: t, w: w, in: make(chan wire, 100)}
	go func() {
		defer close(c.in)
		br := bufio.NewReader(r)
		for {
			body, err := readFrame(br)
			if err != nil {
				return
			}
			var m wire
			if err := json.Unmarshal(body, &m); err != nil {
				t.Errorf("server sent invalid JSON %q: %v", body, err)
				return
			}
			c.in <- m
		}
	}()
	return c
}

func readFrame(r *bufio.Reader) ([]byte, error) {
	n := -1
	for {
		line, err := r.ReadString('\n')
		if err != nil {
			return nil, err
		}
		if !strings.HasSuffix(line, "\r\n") {
			return nil, fmt.Errorf("header line %q does not end in CRLF", line)
		}
		line = strings.TrimSuffix(line, "\r\n")
		if line == "" {
			break
		}
		if v, ok := strings.CutPrefix(line, "Content-Length: "); ok {
			n, _ = strconv.Atoi(v)
		}
	}
	if n < 0 {
		return nil, fmt.Errorf("no Content-Length")
	}
	body := make([]byte, n)
	_, err := io.ReadFull(r, body)
	return body, err
}

func (c *client) send(v any) {
	c.t.Helper()
	body, err := json.Marshal(v)
	if err != nil {
		c.t.Fatal(err)
	}
	if _, err := fmt.Fprintf(c.w, "Content-Length: %d\r\n\r\n%s", len(body), body); err != nil {
		c.t.Fatalf("writing to the server: %v", err)
	}
}

func (c *client) notify(method string, params any) {
	c.t.Helper()
	c.send(map[string]any{"jsonrpc": "2.0", "method": method, "params": params})
}

// call sends a request and returns its response; notifications that
// arrive meanwhile are kept for wait.
func (c *client) call(method string, params any) wire {
	c.t.Helper()
	c.nextID++
	id := c.nextID
	c.send(map[string]any{"jsonrpc": "2.0", "id": id, "method": method, "params": params})
	for {
		m := c.next(30 * time.Second)
		if m.Method == "" && m.ID != nil && *m.ID == id {
			return m
		}
		c.backlog = append(c.backlog, m)
	}
}

// result calls and decodes a successful response's result into v.
func (c *client) result(method string, params, v any) {
	c.t.Helper()
	m := c.call(method, params)
	if m.Error != nil {
		c.t.Fatalf("%s: error %d %s", method, m.Error.Code, m.Error.Message)
	}
	if err := json.Unmarshal(m.Result, v); err != nil {
		c.t.Fatalf("%s: result %s: %v", method, m.Result, err)
	}
}

func (c *client) next(timeout time.Duration) wire {
	c.t.Helper()
	select {
	case m, ok := <-c.in:
		if !ok {
			c.t.Fatal("the server closed its output")
		}
		return m
	case <-time.After(timeout):
		c.t.Fatalf("no message from the server in %v; waiting since: %s", timeout, c.pending())
	}
	panic("unreachable")
}

func (c *client) pending() string {
	var s []string
	for _, m := range c.backlog {
		s = append(s, m.Method+" "+string(m.Params))
	}
	return strings.Join(s, "\n")
}

// wait returns the first notification of method whose params satisfy ok,
// dropping none of the others.
func (c *client) wait(method string, ok func(json.RawMessage) bool) json.RawMessage {
	c.t.Helper()
	for i, m := range c.backlog {
		if m.Method == method && ok(m.Params) {
			c.backlog = append(c.backlog[:i], c.backlog[i+1:]...)
			return m.Params
		}
	}
	for {
		m := c.next(60 * time.Second)
		if m.Method == method && ok(m.Params) {
			return m.Params
		}
		c.backlog = append(c.backlog, m)
	}
}

// diagnostics waits for the diagnostics published for uri at version.
func (c *client) diagnostics(uri string, version int32) PublishDiagnosticsParams {
	c.t.Helper()
	var p PublishDiagnosticsParams
	raw := c.wait("textDocument/publishDiagnostics", func(raw json.RawMessage) bool {
		var q PublishDiagnosticsParams
		json.Unmarshal(raw, &q)
		return q.URI == uri && q.Version != nil && *q.Version == version
	})
	json.Unmarshal(raw, &p)
	return p
}

// applyEdits applies text edits, given in LSP positions, as an editor
// would: the character of a position counts UTF-16 code units.
func applyEdits(t *testing.T, text string, edits []TextEdit) string {
	t.Helper()
	offset := func(p Position) int {
		lines := strings.SplitAfter(text, "\n")
		if p.Line >= len(lines) {
			t.Fatalf("edit at line %d of a %d-line text", p.Line, len(lines))
		}
		off := 0
		for _, l := range lines[:p.Line] {
			off += len(l)
		}
		units := utf16.Encode([]rune(lines[p.Line]))
		return off + len(string(utf16.Decode(units[:p.Character])))
	}
	// Every edit's range is in the original text, as the protocol says:
	// place them all, then apply them from the last to the first.
	type placed struct {
		start, end int
		text       string
	}
	var all []placed
	for _, e := range edits {
		all = append(all, placed{offset(e.Range.Start), offset(e.Range.End), e.NewText})
	}
	slices.SortStableFunc(all, func(a, b placed) int { return cmp.Compare(b.start, a.start) })
	for _, e := range all {
		text = text[:e.start] + e.text + text[e.end:]
	}
	return text
}
