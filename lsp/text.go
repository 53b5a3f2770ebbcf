package lsp

import (
	"fmt"
	"net/url"
	"path/filepath"
	"runtime"
	"sort"
	"strings"
	"unicode/utf16"
	"unicode/utf8"
)

// Positions: the driver gives byte offsets; the LSP counts lines and
// columns from 0, columns in UTF-16 code units. Lines end at '\n' (a
// "\r\n" ending leaves '\r' at the end of the line).

// lineIndex converts between byte offsets into one version of a text and
// positions. It is built once per version and serves every conversion in
// it: converting by scanning from the start of the text made a large
// buffer with many findings cost its length times their number.
type lineIndex struct {
	text  string
	marks []mark // in text order: each line's start, and a rune start every indexStep bytes of a long line
}

// mark is a place in the text: a byte offset and its LSP position.
type mark struct{ off, line, char int }

// indexStep bounds the bytes a conversion scans, even in a line megabytes
// long (generated tables, minified data).
const indexStep = 256

func newLineIndex(text string) *lineIndex {
	x := &lineIndex{text: text, marks: make([]mark, 1, strings.Count(text, "\n")+1)}
	line, char, last := 0, 0, 0
	for i, r := range text { // invalid UTF-8 decodes as U+FFFD, one unit
		if i-last >= indexStep {
			x.marks = append(x.marks, mark{i, line, char})
			last = i
		}
		if r == '\n' {
			line, char, last = line+1, 0, i+1
			x.marks = append(x.marks, mark{i + 1, line, 0})
			continue
		}
		char += utf16.RuneLen(r)
	}
	return x
}

// markBefore returns the last mark at or before off.
func (x *lineIndex) markBefore(off int) mark {
	i := sort.Search(len(x.marks), func(i int) bool { return x.marks[i].off > off })
	return x.marks[i-1] // marks[0] is at offset 0
}

// markFor returns the last mark at or before p, and false when p's line
// is not in the text.
func (x *lineIndex) markFor(p Position) (mark, bool) {
	i := sort.Search(len(x.marks), func(i int) bool {
		m := x.marks[i]
		return m.line > p.Line || m.line == p.Line && m.char > p.Character
	})
	if i == 0 || x.marks[i-1].line != p.Line {
		return mark{}, false
	}
	return x.marks[i-1], true
}

// position converts a byte offset to an LSP position.
func (x *lineIndex) position(off int) Position {
	off = min(max(off, 0), len(x.text))
	m := x.markBefore(off)
	return Position{Line: m.line, Character: m.char + utf16Len(x.text[m.off:off])}
}

// offset converts an LSP position to a byte offset. A character past the
// end of its line means the end of the line, as the protocol says; a line
// past the end of the text is an error.
func (x *lineIndex) offset(p Position) (int, error) {
	m, ok := x.markFor(p)
	if !ok || p.Character < 0 {
		return 0, fmt.Errorf("position %d:%d is outside the document (%d lines)", p.Line, p.Character, x.marks[len(x.marks)-1].line+1)
	}
	units := m.char
	for i, r := range x.text[m.off:] {
		if units >= p.Character || r == '\n' {
			return m.off + i, nil
		}
		units += utf16.RuneLen(r)
	}
	return len(x.text), nil
}

func utf16Len(s string) int {
	n := 0
	for len(s) > 0 {
		r, size := utf8.DecodeRuneInString(s)
		s = s[size:]
		n += utf16.RuneLen(r)
	}
	return n
}

// applyChange applies one content change from didChange to the text.
func applyChange(x *lineIndex, c TextDocumentContentChangeEvent) (string, error) {
	if c.Range == nil {
		return c.Text, nil
	}
	start, err := x.offset(c.Range.Start)
	if err != nil {
		return x.text, err
	}
	end, err := x.offset(c.Range.End)
	if err != nil {
		return x.text, err
	}
	if end < start {
		return x.text, fmt.Errorf("change range ends before it starts")
	}
	return x.text[:start] + c.Text + x.text[end:], nil
}

// uriPath returns the file name of a file: URI, or false for other schemes
// (untitled buffers, remote files).
func uriPath(uri string) (string, bool) {
	u, err := url.Parse(uri)
	if err != nil || u.Scheme != "file" {
		return "", false
	}
	p := u.Path
	if runtime.GOOS == "windows" {
		p = strings.TrimPrefix(p, "/") // file:///C:/x is C:/x
	}
	return filepath.Clean(filepath.FromSlash(p)), true
}

// pathURI returns the file: URI of an absolute file name.
func pathURI(path string) string {
	p := filepath.ToSlash(path)
	if !strings.HasPrefix(p, "/") {
		p = "/" + p
	}
	return (&url.URL{Scheme: "file", Path: p}).String()
}
