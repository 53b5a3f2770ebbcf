package lsp

import (
	"cmp"
	"context"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"runtime/debug"
	"slices"
	"strings"
	"time"

	"golang.org/x/tools/go/analysis"

	"github.com/budgetlint/budgetlint/internal/driver"
	"github.com/budgetlint/budgetlint/internal/price"
)

// checker analyses the package in dir, reading the open documents from
// overlay; it returns soon after ctx is done, with ctx's error.
type checker func(ctx context.Context, dir string, overlay map[string][]byte, set settings) (*driver.Result, error)

// runDriver is the checker: budgetlint's own driver, in this process. Each
// run lists the package and analyses it with the facts of its
// dependencies computed in the same run (or taken from the cache with the
// findings they were computed with), so what a file shows never depends
// on which file was opened first. go vet's cache, keyed without one of
// the flags the vet tool is given, replayed a dependency's facts-only run
// for the package itself. The dependencies' types are kept between runs,
// so a re-check after an edit type-checks the edited package only.
func (s *server) runDriver(ctx context.Context, dir string, overlay map[string][]byte, set settings) (res *driver.Result, err error) {
	withFlags(s.opts.Analyzers, set, func() {
		analyzers := set.selected(s.opts.Analyzers)
		opts := driver.Options{
			Patterns:   []string{"."},
			Dir:        dir,
			Tests:      reportInTests(analyzers),
			Context:    ctx,
			Overlay:    overlay,
			BuildFlags: set.buildFlags,
			// A go command stopped mid-listing leaves its work directory
			// behind: ours is removed on every way out.
			Env: append(os.Environ(), "GOTMPDIR="+s.tmp),
			// A re-check type-checks the dependencies once, not each time.
			Memo:     s.memo,
			Learners: s.opts.Learners,
		}
		if s.opts.Cache != "" && s.opts.ToolID != nil {
			opts.Cache, opts.ToolID = s.opts.Cache, s.toolID(analyzers)
		}
		res, err = driver.Run(analyzers, opts)
	})
	return res, err
}

// reportInTests reports whether a pass is told to report in tests: every
// pass leaves them alone by default, and loading them would then only
// analyse the package a second time, as its test variant, for nothing.
func reportInTests(analyzers []*analysis.Analyzer) bool {
	return slices.ContainsFunc(analyzers, func(a *analysis.Analyzer) bool {
		f := a.Flags.Lookup("tests")
		return f != nil && f.Value.String() == "true"
	})
}

// toolID returns Options.ToolID for the analyzers and the flags set now,
// computed once for each: it reads the whole executable.
func (s *server) toolID(analyzers []*analysis.Analyzer) string {
	var key strings.Builder
	for _, a := range analyzers {
		fmt.Fprintf(&key, "%s ", a.Name)
	}
	for _, a := range s.opts.Analyzers {
		a.Flags.VisitAll(func(f *flag.Flag) { fmt.Fprintf(&key, "-%s.%s=%s ", a.Name, f.Name, f.Value) })
	}
	s.mu.Lock()
	id, ok := s.toolIDs[key.String()]
	s.mu.Unlock()
	if !ok {
		id = s.opts.ToolID(analyzers)
		s.mu.Lock()
		s.toolIDs[key.String()] = id
		s.mu.Unlock()
	}
	return id
}

// analyse runs the passes on the package in dir, over the open documents'
// current text, and publishes the findings of each open file in it,
// unless ctx is done first: an edit made the result stale, or the server
// is stopping.
func (s *server) analyse(ctx context.Context, dir string) {
	defer func() {
		if r := recover(); r != nil {
			s.logMessage(logError, fmt.Sprintf("budgetlint: internal error analysing %s: %v; please report it", dir, r))
			s.trace("panic analysing %s: %v\n%s", dir, r, debug.Stack())
		}
	}()
	s.mu.Lock()
	snap := map[string]document{}
	// Every open document is analysed as the editor holds it, saved or not:
	// the findings' offsets are then offsets in the text the server has.
	overlay := map[string][]byte{}
	for path, doc := range s.docs {
		snap[path] = *doc
		overlay[path] = []byte(doc.lines.text)
	}
	set := s.settings
	s.mu.Unlock()

	start := time.Now()
	res, err := s.check(ctx, dir, overlay, set)
	took := time.Since(start).Seconds()
	if ctx.Err() != nil {
		if s.ctx.Err() == nil { // an edit stopped it, not the server's end
			s.logMessage(logLog, fmt.Sprintf("budgetlint: analysis of %s stopped after %.2fs: a newer version is analysed", dir, took))
		}
		return
	}
	if err == nil && len(res.Broken) > 0 {
		var lines []string
		for _, b := range res.Broken {
			line := b.Package + ": " + b.Err
			if b.More > 0 {
				line += fmt.Sprintf(" (and %d more)", b.More)
			}
			lines = append(lines, line)
		}
		err = fmt.Errorf("%s", strings.Join(lines, "\n"))
	}
	// The progress line comes last: a client that has it has what the
	// analysis logged before it.
	if err != nil {
		// Most often the package does not type-check while it is being
		// edited: the findings shown stay until it does.
		s.logOnce(dir, logWarning, fmt.Sprintf("budgetlint: %s not analysed:\n%v", dir, err))
		s.logMessage(logLog, fmt.Sprintf("budgetlint: %s not analysed (%.2fs)", dir, took))
		return
	}
	s.logOnce(dir, logError, strings.Join(res.Failures, "\n")) // a pass that failed or panicked
	st := res.Stats
	s.logMessage(logLog, fmt.Sprintf("budgetlint: analysed %s in %.2fs: %d findings (packages: %d analysed, %d from the cache, %d kept from earlier checks, %d type-checked)",
		dir, took, len(res.Diagnostics), st.Analysed, st.Cached, st.Reused, st.TypesOnly))

	results := map[string]*published{}
	for path, doc := range snap {
		if filepath.Dir(path) == dir {
			results[path] = &published{version: doc.version, diags: []Diagnostic{}}
		}
	}
	if !collect(ctx, results, res.Diagnostics, snap) {
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

// collect converts the driver's findings in open files to diagnostics and
// quick fixes, positioned in the text analysed. It reports false when ctx
// was done before it finished.
func collect(ctx context.Context, results map[string]*published, found []driver.Diagnostic, snap map[string]document) bool {
	disk := map[string]*lineIndex{}
	// content returns the text a fix edits: an open document as analysed,
	// or a file on disk that still has the content analysed.
	content := func(path, sum string) (*lineIndex, bool) {
		if doc, ok := snap[path]; ok {
			return doc.lines, true
		}
		if x, ok := disk[path]; ok {
			return x, x != nil && driver.ContentSum([]byte(x.text)) == sum
		}
		b, err := os.ReadFile(path)
		if err != nil {
			disk[path] = nil
			return nil, false
		}
		disk[path] = newLineIndex(string(b))
		return disk[path], driver.ContentSum(b) == sum
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
		path := filepath.Clean(f.Posn.Filename)
		res := results[path]
		if res == nil || f.Suppressed {
			continue
		}
		lines := snap[path].lines
		start, end := f.Posn.Offset, f.End.Offset
		if start < 0 || start > len(lines.text) {
			continue // not in this text: a //line directive named the file
		}
		if filepath.Clean(f.End.Filename) != path || end < start || end > len(lines.text) {
			end = start
		}
		d := Diagnostic{
			Range:    Range{lines.position(start), lines.position(end)},
			Severity: severityWarning,
			Code:     f.Analyzer,
			Source:   "budgetlint",
			Message:  f.Message,
		}
		if f.URL != "" {
			d.CodeDescription = &CodeDescription{Href: f.URL}
			if v, ok := price.Parse(f.Analyzer, f.URL); ok {
				if p, err := price.Compute(f.Analyzer, v); err == nil {
					d.RelatedInformation = []DiagnosticRelatedInformation{{
						Location: Location{URI: pathURI(path), Range: d.Range},
						Message:  p.Cost + " (" + p.Explain + ")",
					}}
				}
			}
		}
		// The same mistake's other places, in the function (and so the
		// file) of the finding.
		for _, rel := range f.Related {
			if filepath.Clean(rel.Posn.Filename) != path || rel.Posn.Offset < 0 || rel.End.Offset < rel.Posn.Offset || rel.End.Offset > len(lines.text) {
				continue
			}
			d.RelatedInformation = append(d.RelatedInformation, DiagnosticRelatedInformation{
				Location: Location{URI: pathURI(path), Range: Range{lines.position(rel.Posn.Offset), lines.position(rel.End.Offset)}},
				Message:  rel.Message,
			})
		}
		k := key{path, f.Analyzer, f.Message, d.Range}
		i, dup := seen[k]
		if dup && len(res.fixes[i]) > 0 {
			continue
		}
		var actions []CodeAction
		for _, fix := range f.Fixes {
			edit, ok := workspaceEdit(fix.Edits, snap, content)
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
func workspaceEdit(edits []driver.Edit, snap map[string]document, content func(path, sum string) (*lineIndex, bool)) (WorkspaceEdit, bool) {
	we := WorkspaceEdit{Changes: map[string][]TextEdit{}}
	for _, e := range edits {
		path := filepath.Clean(e.Filename)
		lines, ok := content(path, e.Sum)
		start, end := e.Start.Offset, e.End.Offset
		if !ok || start < 0 || end < start || end > len(lines.text) {
			return we, false
		}
		uri := pathURI(path)
		if doc, ok := snap[path]; ok {
			uri = doc.uri
		}
		we.Changes[uri] = append(we.Changes[uri], TextEdit{
			Range:   Range{lines.position(start), lines.position(end)},
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
