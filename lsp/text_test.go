package lsp

import (
	"fmt"
	"math/rand/v2"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
	"unicode/utf16"
	"unicode/utf8"
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
		if got := newLineIndex(mixed).position(tc.off); got != tc.pos {
			t.Errorf("%s: position(%d) = %v, want %v", tc.what, tc.off, got, tc.pos)
		}
		if got, err := newLineIndex(mixed).offset(tc.pos); err != nil || got != tc.off {
			t.Errorf("%s: offset(%v) = %d, %v; want %d", tc.what, tc.pos, got, err, tc.off)
		}
	}
}

func TestPositionOffsetEdges(t *testing.T) {
	line1 := strings.Index(mixed, "var")
	// Past the end of a line means its end, as the protocol says.
	if got, _ := newLineIndex(mixed).offset(Position{1, 99}); got != strings.Index(mixed, "\nlast") {
		t.Errorf("past the end of line 1: offset %d", got)
	}
	// Inside 🚀's surrogate pair: the end of the character.
	if got, _ := newLineIndex(mixed).offset(Position{1, 12}); got != line1+18 {
		t.Errorf("inside a surrogate pair: offset %d, want %d", got, line1+18)
	}
	if _, err := newLineIndex(mixed).offset(Position{3, 0}); err == nil {
		t.Error("a line past the end: no error")
	}
	if _, err := newLineIndex(mixed).offset(Position{-1, 0}); err == nil {
		t.Error("a negative line: no error")
	}
}

// The line index answers as a scan from the start of the text does, in
// texts with long lines (several marks each), CRLF, multi-byte characters
// and invalid UTF-8.
func TestLineIndexMatchesScan(t *testing.T) {
	pieces := []string{"a", "é", "世", "🚀", "\n", "\r\n", "\xff", "\xe4\xb8", strings.Repeat("x", 300), strings.Repeat("ß", 200)}
	r := rand.New(rand.NewPCG(1, 2))
	for range 200 {
		var b strings.Builder
		for n := r.IntN(40); n > 0; n-- {
			b.WriteString(pieces[r.IntN(len(pieces))])
		}
		text := b.String()
		x := newLineIndex(text)
		for off := 0; off <= len(text); off++ {
			if got, want := x.position(off), scanPosition(text, off); got != want {
				t.Fatalf("%q: position(%d) = %v, want %v", text, off, got, want)
			}
		}
		lines := strings.Split(text, "\n")
		for line := -1; line <= len(lines); line++ {
			units := 0
			if line >= 0 && line < len(lines) {
				units = utf16Len(lines[line])
			}
			for char := -1; char <= units+2; char++ {
				p := Position{line, char}
				got, err := x.offset(p)
				want, ok := scanOffset(text, p)
				if (err == nil) != ok || ok && got != want {
					t.Fatalf("%q: offset(%v) = %d, %v; want %d, %t", text, p, got, err, want, ok)
				}
			}
		}
	}
}

func lineStart(lines []string, line int) int {
	n := 0
	for _, l := range lines[:line] {
		n += len(l)
	}
	return n
}

// scanPosition and scanOffset convert by scanning the
// text from its start, as the server did before it had a line index.
func scanPosition(text string, off int) Position {
	start := strings.LastIndexByte(text[:off], '\n') + 1
	return Position{strings.Count(text[:start], "\n"), utf16Len(text[start:off])}
}

func scanOffset(text string, p Position) (int, bool) {
	lines := strings.SplitAfter(text, "\n")
	if p.Line < 0 || p.Line >= len(lines) || p.Character < 0 {
		return 0, false
	}
	start := lineStart(lines, p.Line)
	line := strings.TrimSuffix(lines[p.Line], "\n")
	units := 0
	for i, r := range line {
		if units >= p.Character {
			return start + i, true
		}
		units += utf16.RuneLen(r)
	}
	return start + len(line), true
}

// However long the text, a conversion scans at most indexStep bytes (and
// one character) from the mark it starts at: the work for many findings
// grows with their number, not with their number times the length of
// the text. The text is like the issue's: a large buffer with a finding
// on every line, and a megabyte-long line of non-ASCII text.
func TestLineIndexBoundedScan(t *testing.T) {
	var b strings.Builder
	for i := range 20000 {
		fmt.Fprintf(&b, "\tg(\"ñ🚀 %d\", context.Background())\n", i)
	}
	b.WriteString("var table = \"" + strings.Repeat("é世x", 100000) + "\"\n")
	text := b.String()
	x := newLineIndex(text)
	const bound = indexStep + utf8.UTFMax
	scanned, conversions := 0, 0
	for off := range text { // every character
		p := x.position(off)
		back, err := x.offset(p)
		if err != nil || back != off {
			t.Fatalf("offset(position(%d)) = %d, %v", off, back, err)
		}
		m, _ := x.markFor(p)
		for _, n := range []int{off - x.markBefore(off).off, back - m.off} {
			if n > bound {
				t.Fatalf("a conversion near offset %d scans %d bytes", off, n)
			}
			scanned += n
			conversions++
		}
	}
	t.Logf("%d conversions in a %d-byte text scanned %d bytes (a scan from the start: about %d)", conversions, len(text), scanned, conversions/2*len(text))
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
		text, err = applyChange(newLineIndex(text), s.change)
		if err != nil || text != s.want {
			t.Fatalf("step %d: %q, %v; want %q", i, text, err, s.want)
		}
	}
	if _, err := applyChange(newLineIndex("ab"), TextDocumentContentChangeEvent{Range: &Range{Position{0, 2}, Position{0, 1}}}); err == nil {
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
