package lsp

import (
	"path/filepath"
	"runtime"
	"strings"
	"testing"
)

// A line mixing one-byte, two-byte (é), three-byte (世, one UTF-16 unit)
// and four-byte (🚀, two UTF-16 units) characters, after an ASCII line.
const mixed = "package p\r\nvar s = \"é世🚀\" + x\nlast"

func TestPositionsUTF16(t *testing.T) {
	line1 := strings.Index(mixed, "var")
	for _, tc := range []struct {
		what string
		off  int
		pos  Position
	}{
		{"start", 0, Position{0, 0}},
		{"before CRLF", strings.Index(mixed, "\r"), Position{0, 9}},
		{"start of line 1", line1, Position{1, 0}},
		{"é", line1 + 9, Position{1, 9}},
		{"世 after two-byte é", line1 + 11, Position{1, 10}},
		{"🚀 after three-byte 世", line1 + 14, Position{1, 11}},
		{"quote after four-byte 🚀", line1 + 18, Position{1, 13}},
		{"x", strings.Index(mixed, "x"), Position{1, 17}},
		{"last line", strings.Index(mixed, "last"), Position{2, 0}},
		{"end of text", len(mixed), Position{2, 4}},
	} {
		if got := offsetPosition(mixed, tc.off); got != tc.pos {
			t.Errorf("%s: offsetPosition(%d) = %v, want %v", tc.what, tc.off, got, tc.pos)
		}
		if got, err := positionOffset(mixed, tc.pos); err != nil || got != tc.off {
			t.Errorf("%s: positionOffset(%v) = %d, %v; want %d", tc.what, tc.pos, got, err, tc.off)
		}
	}
}

func TestPositionOffsetEdges(t *testing.T) {
	line1 := strings.Index(mixed, "var")
	// Past the end of a line means its end, as the protocol says.
	if got, _ := positionOffset(mixed, Position{1, 99}); got != strings.Index(mixed, "\nlast") {
		t.Errorf("past the end of line 1: offset %d", got)
	}
	// Inside 🚀's surrogate pair: the end of the character.
	if got, _ := positionOffset(mixed, Position{1, 12}); got != line1+18 {
		t.Errorf("inside a surrogate pair: offset %d, want %d", got, line1+18)
	}
	if _, err := positionOffset(mixed, Position{3, 0}); err == nil {
		t.Error("a line past the end: no error")
	}
	if _, err := positionOffset(mixed, Position{-1, 0}); err == nil {
		t.Error("a negative line: no error")
	}
}

func TestTokenOffset(t *testing.T) {
	line1 := strings.Index(mixed, "var")
	for _, tc := range []struct {
		line, col int
		off       int
		ok        bool
	}{
		{1, 1, 0, true},
		{2, 1, line1, true},
		{2, 19, line1 + 18, true}, // byte columns: the quote after 🚀
		{2, len("var s = \"é世🚀\" + x") + 1, strings.Index(mixed, "\nlast"), true},
		{2, len("var s = \"é世🚀\" + x") + 2, 0, false}, // past the newline
		{3, 5, len(mixed), true},
		{4, 1, 0, false},
		{0, 1, 0, false},
	} {
		off, ok := tokenOffset(mixed, tc.line, tc.col)
		if ok != tc.ok || ok && off != tc.off {
			t.Errorf("tokenOffset(%d:%d) = %d, %t; want %d, %t", tc.line, tc.col, off, ok, tc.off, tc.ok)
		}
	}
}

func TestApplyChanges(t *testing.T) {
	text := "a é 🚀 b\nsecond\n"
	steps := []struct {
		change TextDocumentContentChangeEvent
		want   string
	}{
		// Replace "b" (after é and 🚀: UTF-16 character 7).
		{TextDocumentContentChangeEvent{Range: &Range{Position{0, 7}, Position{0, 8}}, Text: "B"}, "a é 🚀 B\nsecond\n"},
		// Insert across lines.
		{TextDocumentContentChangeEvent{Range: &Range{Position{0, 8}, Position{1, 3}}, Text: "\nx"}, "a é 🚀 B\nxond\n"},
		// Insert at the end of the text.
		{TextDocumentContentChangeEvent{Range: &Range{Position{2, 0}, Position{2, 0}}, Text: "ü"}, "a é 🚀 B\nxond\nü"},
		// A change without a range replaces everything.
		{TextDocumentContentChangeEvent{Text: "new"}, "new"},
	}
	for i, s := range steps {
		var err error
		text, err = applyChange(text, s.change)
		if err != nil || text != s.want {
			t.Fatalf("step %d: %q, %v; want %q", i, text, err, s.want)
		}
	}
	if _, err := applyChange("ab", TextDocumentContentChangeEvent{Range: &Range{Position{0, 2}, Position{0, 1}}}); err == nil {
		t.Error("a range ending before it starts: no error")
	}
}

func TestURIs(t *testing.T) {
	path := filepath.Join(t.TempDir(), "dir with space", "grüße#1.go")
	uri := pathURI(path)
	if runtime.GOOS != "windows" && !strings.HasPrefix(uri, "file:///") || strings.Contains(uri, " ") {
		t.Errorf("pathURI(%q) = %q", path, uri)
	}
	if got, ok := uriPath(uri); !ok || got != path {
		t.Errorf("uriPath(%q) = %q, %t; want %q", uri, got, ok, path)
	}
	if runtime.GOOS != "windows" {
		if got, ok := uriPath("file:///tmp/gr%C3%BC%C3%9Fe/a%20b.go"); !ok || got != "/tmp/grüße/a b.go" {
			t.Errorf("a percent-encoded URI: %q, %t", got, ok)
		}
	}
	if _, ok := uriPath("untitled:Untitled-1"); ok {
		t.Error("an untitled buffer has a file name")
	}
}
