package main

import (
	"bytes"
	"cmp"
	"fmt"
	"go/ast"
	"go/format"
	"go/parser"
	"go/token"
	"io"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"

	"golang.org/x/tools/go/ast/astutil"

	"github.com/budgetlint/budgetlint/internal/driver"
)

// edit is a replacement of the bytes [start, end) of a file.
type edit struct {
	start, end int
	text       string
}

// fileFix is what -fix does to one file: the edits of the fixes taken, on
// the content they were computed from (its sum), unless a problem found
// before reading the file rules it out.
type fileFix struct {
	edits   []edit
	sum     string
	problem string
}

// leftover is a finding -fix did not fix, and why.
type leftover struct {
	driver.Diagnostic
	why string
}

// Why a finding is left.
const (
	noFix        = "no suggested fix"
	overlapped   = "its fix overlaps another; run budgetlint -fix again"
	fileNotFixed = "its file was not fixed"
)

// applyFixes applies the first suggested fix of every finding, and
// returns the findings it leaves: those without a fix, those whose fix
// overlaps one already taken (left out, so that a file is never left
// half-edited; a second run applies it), and those of files it could not
// fix. With showDiff the result is printed, not written. names, the
// package name of each import path, lets it remove the imports that
// several fixes leave unused together.
//
// A file is edited only if it still has the content that was analysed,
// and is replaced atomically (see writeFile). One file that cannot be
// fixed does not stop the others: the error lists every file and what
// became of it.
func applyFixes(findings []driver.Diagnostic, names map[string]string, showDiff bool, w io.Writer) (unfixed []leftover, err error) {
	files := map[string]*fileFix{}
	taken := map[string][]driver.Diagnostic{} // by file: findings whose fix was merged
	for _, f := range findings {
		if len(f.Fixes) == 0 || len(f.Fixes[0].Edits) == 0 {
			unfixed = append(unfixed, leftover{f, noFix})
			continue
		}
		edits := f.Fixes[0].Edits
		name := edits[0].Filename
		if slices.ContainsFunc(edits, func(e driver.Edit) bool { return e.Filename != name }) {
			unfixed = append(unfixed, leftover{f, noFix}) // a fix spanning files: go vet -fix applies it, not this
			continue
		}
		ff := files[name]
		if ff == nil {
			ff = &fileFix{sum: edits[0].Sum}
			files[name] = ff
		}
		var fix []edit
		for _, e := range edits {
			switch {
			case e.Sum == "":
				ff.problem = "budgetlint has no record of the content it analysed"
			case e.Sum != ff.sum:
				ff.problem = "it changed while budgetlint read it; run budgetlint again"
			case e.Start.Filename != name || e.End.Filename != name:
				ff.problem = "a fix's edit ends in another file"
			}
			fix = append(fix, edit{e.Start.Offset, e.End.Offset, e.New})
		}
		if merged, ok := merge(ff.edits, fix); ok {
			ff.edits = merged
			taken[name] = append(taken[name], f)
		} else {
			unfixed = append(unfixed, leftover{f, overlapped})
		}
	}
	var report []string
	failed := 0
	for _, name := range slices.Sorted(maps.Keys(files)) {
		ff := files[name]
		if ff.problem == "" {
			ff.problem = fixFile(name, ff, names, showDiff, w)
		}
		switch {
		case ff.problem != "":
			failed++
			for _, f := range taken[name] {
				unfixed = append(unfixed, leftover{f, fileNotFixed})
			}
			report = append(report, fmt.Sprintf("%s: not fixed: %s", relative(name), ff.problem))
		case showDiff:
			report = append(report, relative(name)+": diff printed")
		default:
			report = append(report, relative(name)+": fixed")
		}
	}
	if failed > 0 {
		return unfixed, fmt.Errorf("%d of %d files not fixed:\n\t%s", failed, len(files), strings.Join(report, "\n\t"))
	}
	return unfixed, nil
}

// fixFile applies a file's edits, or prints them as a diff, and returns
// why it could not, or "". The edits' offsets are trusted only once the
// file is known to have the content they were computed from, and are
// checked against its length even then.
func fixFile(name string, ff *fileFix, names map[string]string, showDiff bool, w io.Writer) string {
	old, err := os.ReadFile(name)
	switch {
	case err != nil:
		return err.Error()
	case driver.ContentSum(old) != ff.sum:
		return "it changed after budgetlint analysed it; run budgetlint again"
	case isGenerated(old):
		return "it is generated (DO NOT EDIT); fix what generates it"
	}
	last := 0
	for _, e := range ff.edits {
		if e.start < last || e.end < e.start || e.end > len(old) {
			return fmt.Sprintf("a fix's edit (bytes %d to %d) overlaps another or lies outside the file's %d bytes", e.start, e.end, len(old))
		}
		last = e.end
	}
	fixed := removeUnusedImports(old, apply(old, ff.edits), names)
	if formatted, err := format.Source(fixed); err == nil {
		fixed = formatted
	}
	if showDiff {
		io.WriteString(w, unifiedDiff(relative(name), string(old), string(fixed)))
		return ""
	}
	if err := writeFile(name, fixed); err != nil {
		return fmt.Sprintf("%v; the file is unchanged", err)
	}
	return ""
}

// isGenerated reports whether a Go file says it is generated.
func isGenerated(src []byte) bool {
	f, err := parser.ParseFile(token.NewFileSet(), "", src, parser.PackageClauseOnly|parser.ParseComments)
	return err == nil && ast.IsGenerated(f)
}

// writeFile replaces a file's content atomically: the new content goes to
// a temporary file beside it, with its mode, synced to disk, then renamed
// over it. On a full disk, or any other failure, the file is left as it
// was. A symbolic link is followed, and its target replaced.
func writeFile(name string, data []byte) (err error) {
	target, err := filepath.EvalSymlinks(name)
	if err != nil {
		return err
	}
	info, err := os.Stat(target)
	if err != nil {
		return err
	}
	tmp, err := os.CreateTemp(filepath.Dir(target), "."+filepath.Base(target)+".budgetlint-*")
	if err != nil {
		return err
	}
	defer func() {
		if err != nil {
			tmp.Close()
			os.Remove(tmp.Name())
		}
	}()
	if _, err = tmp.Write(data); err != nil {
		return err
	}
	if err = tmp.Chmod(info.Mode().Perm()); err != nil {
		return err
	}
	if err = tmp.Sync(); err != nil {
		return err
	}
	if err = tmp.Close(); err != nil {
		return err
	}
	return os.Rename(tmp.Name(), target)
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

// apply replaces the edits' ranges of src, which fixFile has checked to be
// in order and within it.
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

// removeUnusedImports deletes from fixed the imports that the fixes left
// unused although old used them: several fixes may do that together,
// which none of them could know (internal/report). An import's name is
// the one it declares or, from names, its package's. Uses are found in
// the syntax: a selector on a name no declaration in the file resolves.
// Any doubt (a file that does not parse) leaves fixed as it is.
func removeUnusedImports(old, fixed []byte, names map[string]string) []byte {
	fset := token.NewFileSet()
	before, err := parser.ParseFile(fset, "", old, 0)
	if err != nil {
		return fixed
	}
	after, err := parser.ParseFile(fset, "", fixed, parser.ParseComments)
	if err != nil {
		return fixed
	}
	removed := false
	for _, spec := range slices.Clone(after.Imports) { // DeleteNamedImport shortens it
		path, err := strconv.Unquote(spec.Path.Value)
		if err != nil {
			continue
		}
		name := names[path]
		if spec.Name != nil {
			name = spec.Name.Name
		}
		if name == "" || name == "_" || name == "." || !usesName(before, name) || usesName(after, name) {
			continue
		}
		var as string
		if spec.Name != nil {
			as = spec.Name.Name
		}
		if astutil.DeleteNamedImport(fset, after, as, path) {
			removed = true
		}
	}
	if !removed {
		return fixed
	}
	var buf bytes.Buffer
	if err := format.Node(&buf, fset, after); err != nil {
		return fixed
	}
	return buf.Bytes()
}

// usesName reports whether the file refers to an import named name.
func usesName(f *ast.File, name string) bool {
	used := false
	ast.Inspect(f, func(n ast.Node) bool {
		if sel, ok := n.(*ast.SelectorExpr); ok {
			if id, ok := sel.X.(*ast.Ident); ok && id.Name == name && id.Obj == nil {
				used = true
			}
		}
		return !used
	})
	return used
}
