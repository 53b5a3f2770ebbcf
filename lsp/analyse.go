package lsp

import (
	"cmp"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"runtime/debug"
	"slices"
	"strings"
	"time"
)

// analyse runs the passes on the package in dir, over the open documents'
// current text, and publishes the findings of each open file in it,
// unless ctx is done first: an edit made the result stale, or the server
// is stopping.
func (s *server) analyse(ctx context.Context, dir string) {
	defer func() {
		if r := recover(); r != nil {
			s.trace("panic analysing %s: %v\n%s", dir, r, debug.Stack())
		}
	}()
	s.mu.Lock()
	snap := map[string]document{}
	for path, doc := range s.docs {
		snap[path] = *doc
	}
	set := s.settings
	s.mu.Unlock()

	overlay, err := s.writeOverlay(snap)
	if err != nil {
		s.logMessage(logError, fmt.Sprintf("budgetlint: %v", err))
		return
	}
	start := time.Now()
	stdout, stderr, err := s.run(ctx, dir, vetArgs(s.opts.Tool, overlay, set))
	if ctx.Err() != nil {
		s.trace("analysis of %s stopped after %.2fs", dir, time.Since(start).Seconds())
		return
	}
	found, text := parseVetOutput(stdout, stderr)
	if err != nil {
		s.trace("analysed %s in %.2fs: failed: %v", dir, time.Since(start).Seconds(), err)
	} else {
		s.trace("analysed %s in %.2fs: %d findings", dir, time.Since(start).Seconds(), len(found))
	}
	if err != nil {
		// Most often the package does not type-check while it is being
		// edited: the findings shown stay until it does.
		if text == "" {
			text = err.Error()
		}
		s.logOnce(dir, logWarning, fmt.Sprintf("budgetlint: %s not analysed:\n%s", dir, rewritePaths(text, dir, snap)))
		return
	}
	s.logOnce(dir, logInfo, rewritePaths(text, dir, snap)) // such as an analyzer's failure

	results := map[string]*published{}
	for path, doc := range snap {
		if filepath.Dir(path) == dir {
			results[path] = &published{version: doc.version, diags: []Diagnostic{}}
		}
	}
	if !s.collect(ctx, results, found, dir, snap) {
		return
	}
	// Publishing under the lock orders it with didClose's clearing, and
	// with schedule's cancelling.
	s.mu.Lock()
	defer s.mu.Unlock()
	if ctx.Err() != nil {
		return
	}
	for path, res := range results {
		doc := s.docs[path]
		if doc == nil || doc.version != res.version {
			continue // closed or edited since: the analysis that edit scheduled will publish
		}
		s.published[path] = res
		version := res.version
		s.conn.notify("textDocument/publishDiagnostics", PublishDiagnosticsParams{URI: doc.uri, Version: &version, Diagnostics: res.diags})
	}
}

// collect converts go vet's findings in open files to diagnostics and
// quick fixes, positioned in the text go vet saw. It reports false when
// ctx was done before it finished.
func (s *server) collect(ctx context.Context, results map[string]*published, found []finding, dir string, snap map[string]document) bool {
	urls := map[string]string{}
	for _, a := range s.opts.Analyzers {
		urls[a.Name] = a.URL
	}
	disk := map[string]*lineIndex{}
	content := func(path string) (*lineIndex, bool) {
		if doc, ok := snap[path]; ok {
			return doc.lines, true
		}
		if x, ok := disk[path]; ok {
			return x, x != nil
		}
		b, err := os.ReadFile(path)
		if err != nil {
			disk[path] = nil
			return nil, false
		}
		disk[path] = newLineIndex(string(b))
		return disk[path], true
	}
	type key struct {
		path, pass, msg string
		rng             Range
	}
	// A file of a package and of its test variant reports twice, not always
	// with the same fixes: keep one diagnostic, with the fixes of either.
	seen := map[key]int{}
	for _, f := range found {
		if ctx.Err() != nil {
			return false
		}
		name, line, col, ok := splitPosn(f.Posn)
		path := resolve(name, dir, snap)
		res := results[path]
		if !ok || res == nil {
			continue
		}
		lines := snap[path].lines
		start, ok := lines.tokenOffset(line, max(col, 1))
		if !ok {
			continue
		}
		end := start
		if name, line, col, ok := splitPosn(f.End); ok && resolve(name, dir, snap) == path {
			if off, ok := lines.tokenOffset(line, max(col, 1)); ok && off >= start {
				end = off
			}
		}
		d := Diagnostic{
			Range:    Range{lines.position(start), lines.position(end)},
			Severity: severityWarning,
			Code:     f.pass,
			Source:   "budgetlint",
			Message:  f.Message,
		}
		if url := urls[f.pass]; url != "" {
			d.CodeDescription = &CodeDescription{Href: url}
		}
		k := key{path, f.pass, f.Message, d.Range}
		i, dup := seen[k]
		if dup && len(res.fixes[i]) > 0 {
			continue
		}
		var actions []CodeAction
		for _, fix := range f.SuggestedFixes {
			edit, ok := workspaceEdit(fix.Edits, dir, snap, content)
			if !ok {
				continue
			}
			actions = append(actions, CodeAction{
				Title:       fix.Message,
				Kind:        quickFix,
				Diagnostics: []Diagnostic{d},
				IsPreferred: len(actions) == 0,
				Edit:        edit,
			})
		}
		if dup {
			res.fixes[i] = actions
			continue
		}
		seen[k] = len(res.diags)
		res.diags = append(res.diags, d)
		res.fixes = append(res.fixes, actions)
	}
	for _, res := range results {
		sortDiagnostics(res)
	}
	return true
}

// workspaceEdit converts byte-offset edits to LSP text edits, or reports
// false when one does not fit the text it is meant for.
func workspaceEdit(edits []vetEdit, dir string, snap map[string]document, content func(string) (*lineIndex, bool)) (WorkspaceEdit, bool) {
	we := WorkspaceEdit{Changes: map[string][]TextEdit{}}
	for _, e := range edits {
		path := resolve(e.Filename, dir, snap)
		lines, ok := content(path)
		if !ok || e.Start < 0 || e.End < e.Start || e.End > len(lines.text) {
			return we, false
		}
		uri := pathURI(path)
		if doc, ok := snap[path]; ok {
			uri = doc.uri
		}
		we.Changes[uri] = append(we.Changes[uri], TextEdit{
			Range:   Range{lines.position(e.Start), lines.position(e.End)},
			NewText: e.New,
		})
	}
	return we, len(we.Changes) > 0
}

func sortDiagnostics(res *published) {
	idx := make([]int, len(res.diags))
	for i := range idx {
		idx[i] = i
	}
	slices.SortStableFunc(idx, func(a, b int) int {
		x, y := res.diags[a].Range.Start, res.diags[b].Range.Start
		return cmp.Or(cmp.Compare(x.Line, y.Line), cmp.Compare(x.Character, y.Character))
	})
	diags, fixes := make([]Diagnostic, len(idx)), make([][]CodeAction, len(idx))
	for i, j := range idx {
		diags[i], fixes[i] = res.diags[j], res.fixes[j]
	}
	res.diags, res.fixes = diags, fixes
}

// Overlays. An unsaved buffer is written to <tmp>/<key of its file
// name>/<base name> and named in go vet's -overlay file. The go command
// caches vet output by content, so a cached result may name the overlay
// file of an earlier run or of another server: the key in the directory
// name, not a table of this run's files, maps it back.

func overlayKey(path string) string {
	sum := sha256.Sum256([]byte(path))
	return hex.EncodeToString(sum[:8])
}

// writeOverlay writes the open documents whose text differs from their
// file and returns the -overlay file naming them, or "" when none does.
func (s *server) writeOverlay(snap map[string]document) (string, error) {
	replace := map[string]string{}
	for path, doc := range snap {
		if disk, err := os.ReadFile(path); err == nil && string(disk) == doc.lines.text {
			continue
		}
		dir := filepath.Join(s.tmp, overlayKey(path))
		if err := os.MkdirAll(dir, 0o700); err != nil {
			return "", err
		}
		file := filepath.Join(dir, filepath.Base(path))
		if err := os.WriteFile(file, []byte(doc.lines.text), 0o600); err != nil {
			return "", err
		}
		replace[path] = file
	}
	if len(replace) == 0 {
		return "", nil
	}
	b, err := json.Marshal(map[string]any{"Replace": replace})
	if err != nil {
		return "", err
	}
	overlay := filepath.Join(s.tmp, "overlay.json")
	return overlay, os.WriteFile(overlay, b, 0o600)
}

// resolve maps a file name printed by go vet (relative to dir, or an
// overlay file) to the file it stands for.
func resolve(name, dir string, snap map[string]document) string {
	if !filepath.IsAbs(name) {
		name = filepath.Join(dir, name)
	}
	if path, ok := overlaid(name, dir, snap); ok {
		return path
	}
	return name
}

// overlaid returns the file an overlay file stands for: one of the
// package in dir, or an open one.
func overlaid(name, dir string, snap map[string]document) (string, bool) {
	key, base := filepath.Base(filepath.Dir(name)), filepath.Base(name)
	if candidate := filepath.Join(dir, base); overlayKey(candidate) == key {
		return candidate, true
	}
	for path := range snap {
		if filepath.Base(path) == base && overlayKey(path) == key {
			return path, true
		}
	}
	return "", false
}

// rewritePaths replaces overlay file names at the start of go vet's error
// lines ("../x/file.go:3:4: undefined: x") with the files they stand for.
func rewritePaths(text, dir string, snap map[string]document) string {
	lines := strings.Split(text, "\n")
	for i, line := range lines {
		j := strings.Index(line, ".go:")
		if j < 0 {
			continue
		}
		name := line[:j+3]
		if !filepath.IsAbs(name) {
			name = filepath.Join(dir, name)
		}
		if path, ok := overlaid(name, dir, snap); ok {
			lines[i] = path + line[j+3:]
		}
	}
	return strings.Join(lines, "\n")
}
