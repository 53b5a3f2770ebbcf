package lsp

import (
	"fmt"
	"net/url"
	"path/filepath"
	"runtime"
	"strings"
	"unicode/utf16"
	"unicode/utf8"
)

// Positions: go/token counts lines from 1 and columns in bytes from 1; the
// LSP counts both from 0 and columns in UTF-16 code units. Lines end at
// '\n' for both (a "\r\n" ending leaves '\r' at the end of the line).

// lineStart returns the byte offset where the 0-based line begins, and
// false when the text has fewer lines.
func lineStart(text string, line int) (int, bool) {
	off := 0
	for ; line > 0; line-- {
		i := strings.IndexByte(text[off:], '\n')
		if i < 0 {
			return len(text), false
		}
		off += i + 1
	}
	return off, true
}

// lineEnd returns the offset of the '\n' ending the line that starts at
// start, or the end of the text.
func lineEnd(text string, start int) int {
	if i := strings.IndexByte(text[start:], '\n'); i >= 0 {
		return start + i
	}
	return len(text)
}

// offsetPosition converts a byte offset into text to an LSP position.
func offsetPosition(text string, off int) Position {
	off = min(max(off, 0), len(text))
	start := strings.LastIndexByte(text[:off], '\n') + 1
	return Position{
		Line:      strings.Count(text[:start], "\n"),
		Character: utf16Len(text[start:off]),
	}
}

// positionOffset converts an LSP position to a byte offset into text. A
// character past the end of its line means the end of the line, as the
// protocol says; a line past the end of the text is an error.
func positionOffset(text string, p Position) (int, error) {
	start, ok := lineStart(text, p.Line)
	if !ok || p.Line < 0 || p.Character < 0 {
		return 0, fmt.Errorf("position %d:%d is outside the document (%d lines)", p.Line, p.Character, strings.Count(text, "\n")+1)
	}
	end := lineEnd(text, start)
	units := 0
	for i, r := range text[start:end] {
		if units >= p.Character {
			return start + i, nil
		}
		units += utf16.RuneLen(r) // invalid UTF-8 decodes as U+FFFD, one unit
	}
	return end, nil
}

// tokenOffset converts a go/token line and byte column (both from 1) to a
// byte offset into text.
func tokenOffset(text string, line, col int) (int, bool) {
	start, ok := lineStart(text, line-1)
	if !ok || line < 1 || col < 1 || start+col-1 > lineEnd(text, start) {
		return 0, false
	}
	return start + col - 1, true
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

// applyChange applies one content change from didChange to text.
func applyChange(text string, c TextDocumentContentChangeEvent) (string, error) {
	if c.Range == nil {
		return c.Text, nil
	}
	start, err := positionOffset(text, c.Range.Start)
	if err != nil {
		return text, err
	}
	end, err := positionOffset(text, c.Range.End)
	if err != nil {
		return text, err
	}
	if end < start {
		return text, fmt.Errorf("change range ends before it starts")
	}
	return text[:start] + c.Text + text[end:], nil
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
