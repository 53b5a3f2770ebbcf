package main

import (
	"bytes"
	"cmp"
	"fmt"
	"go/format"
	"io"
	"os"
	"slices"
	"strings"

	"github.com/budgetlint/budgetlint/internal/driver"
)

// edit is a replacement of the bytes [start, end) of a file.
type edit struct {
	start, end int
	text       string
}

// applyFixes applies the first suggested fix of every finding. A fix whose
// edits overlap one already taken is left out, so a file is never left
// half-edited. With showDiff the result is printed, not written.
func applyFixes(findings []driver.Diagnostic, showDiff bool, w io.Writer) error {
	byFile := map[string][]edit{}
	var files []string
	skipped := 0
	for _, f := range findings {
		if len(f.Fixes) == 0 {
			continue
		}
		var fix []edit
		var name string
		for _, e := range f.Fixes[0].Edits {
			if name != "" && e.Filename != name {
				fix = nil // a fix spanning files: applied by go vet -fix, not here
				break
			}
			name = e.Filename
			fix = append(fix, edit{e.Start.Offset, e.End.Offset, e.New})
		}
		if fix == nil {
			continue
		}
		if _, ok := byFile[name]; !ok {
			files = append(files, name)
		}
		if merged, ok := merge(byFile[name], fix); ok {
			byFile[name] = merged
		} else {
			skipped++
		}
	}
	slices.Sort(files)
	for _, name := range files {
		old, err := os.ReadFile(name)
		if err != nil {
			return err
		}
		fixed := apply(old, byFile[name])
		if formatted, err := format.Source(fixed); err == nil {
			fixed = formatted
		}
		if showDiff {
			io.WriteString(w, unifiedDiff(relative(name), string(old), string(fixed)))
			continue
		}
		if err := os.WriteFile(name, fixed, 0o644); err != nil {
			return err
		}
	}
	if skipped > 0 {
		fmt.Fprintf(os.Stderr, "budgetlint: %d fixes overlapped others and were not applied; run again to apply them\n", skipped)
	}
	return nil
}

// merge adds a fix's edits to a file's, unless they overlap; identical
// edits (the same fix reported twice) are kept once.
func merge(have, fix []edit) ([]edit, bool) {
	out := slices.Clone(have)
	for _, e := range fix {
		if slices.Contains(have, e) {
			continue
		}
		for _, h := range have {
			if e.start < h.end && h.start < e.end || e.start == h.start && e.end == h.end {
				return have, false
			}
		}
		out = append(out, e)
	}
	slices.SortFunc(out, func(a, b edit) int { return cmp.Or(cmp.Compare(a.start, b.start), cmp.Compare(a.end, b.end)) })
	return out, true
}

func apply(src []byte, edits []edit) []byte {
	var buf bytes.Buffer
	last := 0
	for _, e := range edits {
		buf.Write(src[last:e.start])
		buf.WriteString(e.text)
		last = e.end
	}
	buf.Write(src[last:])
	return buf.Bytes()
}

// unifiedDiff returns a unified diff of two texts with three lines of
// context, in the form diff -u and patch read.
func unifiedDiff(name, a, b string) string {
	if a == b {
		return ""
	}
	x, y := splitLines(a), splitLines(b)
	ops := diffLines(x, y)
	var out strings.Builder
	fmt.Fprintf(&out, "--- %s\n+++ %s\n", name, name)
	const context = 3
	for i := 0; i < len(ops); {
		if ops[i].kind == ' ' {
			i++
			continue
		}
		// A hunk: from context lines before the change to context lines
		// after the last change that is within 2*context of the next.
		start := max(0, i-context)
		end := i
		for end < len(ops) {
			if ops[end].kind != ' ' {
				end++
				continue
			}
			run := end
			for run < len(ops) && ops[run].kind == ' ' {
				run++
			}
			if run == len(ops) || run-end > 2*context {
				end = min(end+context, len(ops))
				break
			}
			end = run
		}
		ax, ay := ops[start].x, ops[start].y
		var nx, ny int
		var body strings.Builder
		for _, op := range ops[start:end] {
			switch op.kind {
			case ' ':
				nx++
				ny++
				body.WriteString(" " + x[op.x])
			case '-':
				nx++
				body.WriteString("-" + x[op.x])
			case '+':
				ny++
				body.WriteString("+" + y[op.y])
			}
		}
		fmt.Fprintf(&out, "@@ -%s +%s @@\n%s", hunkRange(ax, nx), hunkRange(ay, ny), body.String())
		i = end
	}
	return out.String()
}

func hunkRange(start, n int) string {
	if n == 0 {
		return fmt.Sprintf("%d,0", start)
	}
	if n == 1 {
		return fmt.Sprint(start + 1)
	}
	return fmt.Sprintf("%d,%d", start+1, n)
}

func splitLines(s string) []string {
	lines := strings.SplitAfter(s, "\n")
	if lines[len(lines)-1] == "" {
		lines = lines[:len(lines)-1]
	} else {
		lines[len(lines)-1] += "\n\\ No newline at end of file\n"
	}
	return lines
}

// op is one line of an edit script: kept (' '), removed ('-') or added
// ('+'); x and y are its indexes in the old and new text.
type op struct {
	kind byte
	x, y int
}

// diffLines computes a shortest edit script with Myers' algorithm, which
// stays linear in memory per step and fast when the texts are alike.
func diffLines(x, y []string) []op {
	n, m := len(x), len(y)
	max := n + m
	v := make([]int, 2*max+2)
	var trace [][]int
	for d := 0; d <= max; d++ {
		trace = append(trace, slices.Clone(v))
		for k := -d; k <= d; k += 2 {
			var i int
			if k == -d || k != d && v[max+k-1] < v[max+k+1] {
				i = v[max+k+1]
			} else {
				i = v[max+k-1] + 1
			}
			j := i - k
			for i < n && j < m && x[i] == y[j] {
				i++
				j++
			}
			v[max+k] = i
			if i >= n && j >= m {
				return backtrack(trace, x, y, d, max)
			}
		}
	}
	return nil
}

func backtrack(trace [][]int, x, y []string, d, offset int) []op {
	var ops []op
	i, j := len(x), len(y)
	for ; d > 0; d-- {
		v := trace[d]
		k := i - j
		var prevK int
		if k == -d || k != d && v[offset+k-1] < v[offset+k+1] {
			prevK = k + 1
		} else {
			prevK = k - 1
		}
		prevI := v[offset+prevK]
		prevJ := prevI - prevK
		for i > prevI && j > prevJ {
			i--
			j--
			ops = append(ops, op{' ', i, j})
		}
		if i == prevI {
			j--
			ops = append(ops, op{'+', i, j})
		} else {
			i--
			ops = append(ops, op{'-', i, j})
		}
	}
	for i > 0 && j > 0 {
		i--
		j--
		ops = append(ops, op{' ', i, j})
	}
	slices.Reverse(ops)
	return ops
}
