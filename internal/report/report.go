// Package report is the one way budgetlint's passes report: it skips
// generated files, honours suppression comments and completes suggested
// fixes (imports.go) inside the analyzers, so that go vet, golangci-lint,
// gopls-style drivers and nogo all see the same findings and fixes.
//
// Suppression, on the reported line or the line above it:
//
//	//nolint:budgetlint          all budgetlint passes
//	//nolint:ctxbackground       one pass (a comma list names several)
//	//nolint                     every linter, as golangci-lint reads it
//	//lint:ignore ctxbackground reason   staticcheck's form (line above)
//	//lint:file-ignore ctxbackground reason   the whole file
//
// The lint: forms must give a reason and suppress something (see
// directives.go).
package report

import (
	"fmt"
	"go/ast"
	"go/token"
	"strings"
	"sync"

	"golang.org/x/tools/go/analysis"

	"github.com/budgetlint/budgetlint/internal/price"
)

// keepers maps a pass to the function its driver keeps suppressed
// findings with (KeepSuppressed).
var keepers sync.Map // *analysis.Pass -> func(analysis.Diagnostic, string)

// KeepSuppressed has the Reporters of pass hand each finding a suppression
// comment silences to keep, with the comment's reason, for a driver that
// records them (SARIF's suppressions); under every other driver they are
// dropped. The driver calls it before the pass runs, and release once the
// pass is done.
func KeepSuppressed(pass *analysis.Pass, keep func(d analysis.Diagnostic, reason string)) (release func()) {
	keepers.Store(pass, keep)
	return func() { keepers.Delete(pass) }
}

// Reporter reports one pass's diagnostics for one package.
type Reporter struct {
	pass    *analysis.Pass
	files   map[*token.File]*fileInfo
	imports map[*ast.File]*importUses // built on the first fix
	// holding is set under Run: ReportSame keeps findings in held until
	// the pass is done, to report each repeated mistake once.
	holding bool
	held    []grouped
}

type fileInfo struct {
	file      *ast.File
	generated bool
	// cgo marks cmd/cgo's rewrite of a user's file: analysed, but fixes
	// would edit the go command's copy, not the user's file.
	cgo bool
	// lines maps a line to the suppressions that cover it: those written at
	// its end, and those standing alone on the line above it.
	lines map[int][]*suppression
	// whole holds the file-wide suppressions.
	whole []*suppression
	// lint holds the //lint:ignore and //lint:file-ignore directives, in
	// order, for checkDirectives.
	lint []*suppression
}

type suppression struct {
	names  []string // pass names; empty for a bare //nolint
	reason string
	// lint marks staticcheck's forms, //lint:ignore and //lint:file-ignore,
	// which must give a reason and must suppress something
	// (checkDirectives); malformed ones, without a reason, suppress nothing.
	lint, malformed bool
	comment         *ast.Comment
	matched         bool // it suppressed a finding of this pass
}

func (s *suppression) covers(pass string) bool {
	if s.malformed {
		return false
	}
	if len(s.names) == 0 {
		return true
	}
	for _, n := range s.names {
		if n == pass || n == "budgetlint" || n == "all" {
			return true
		}
	}
	return false
}

// New returns the Reporter for pass: under Run, the one whose directives
// Run checks once the pass is done.
func New(pass *analysis.Pass) *Reporter {
	if r, ok := running.Load(pass); ok {
		return r.(*Reporter)
	}
	return newReporter(pass)
}

func newReporter(pass *analysis.Pass) *Reporter {
	return &Reporter{pass: pass, files: map[*token.File]*fileInfo{}}
}

// Generated reports whether pos lies in a generated file; passes use it to
// skip a file's nodes before doing any work on them.
func (r *Reporter) Generated(pos token.Pos) bool {
	info := r.file(pos)
	return info != nil && info.generated
}

// Report reports d unless its file is generated or a comment suppresses it.
func (r *Reporter) Report(d analysis.Diagnostic) {
	info := r.file(d.Pos)
	if info == nil {
		r.pass.Report(d)
		return
	}
	if info.generated {
		return
	}
	if d.URL == "" {
		d = r.Priced(d, price.Values{})
	}
	if info.cgo {
		d.SuggestedFixes = nil
	}
	if len(d.SuggestedFixes) > 0 {
		tf := r.pass.Fset.File(d.Pos)
		fixes := make([]analysis.SuggestedFix, len(d.SuggestedFixes))
		for i, fix := range d.SuggestedFixes {
			fixes[i] = completeFix(tf, info.file, r.importsOf(info.file), fix)
		}
		d.SuggestedFixes = fixes
	}
	// A call cut short at the end of a file that does not parse (gopls
	// analyses those) ends one past it: keep the range inside the file.
	if tf := r.pass.Fset.File(d.Pos); tf != nil && d.End > token.Pos(tf.Base()+tf.Size()) {
		d.End = token.Pos(tf.Base() + tf.Size())
	}
	name := r.pass.Analyzer.Name
	// Physical lines, not those of //line directives: a suppression comment
	// sits next to the code as written.
	line := r.pass.Fset.PositionFor(d.Pos, false).Line
	var by *suppression
	for _, group := range [][]*suppression{info.whole, info.lines[line]} {
		for _, s := range group {
			if s.covers(name) {
				s.matched = true // every directive that covers it is in use
				if by == nil {
					by = s
				}
			}
		}
	}
	if by == nil {
		r.pass.Report(d)
	} else if keep, ok := keepers.Load(r.pass); ok {
		keep.(func(analysis.Diagnostic, string))(d, by.reason)
	}
}

// Reportf is Report with a message and no fix.
func (r *Reporter) Reportf(rng analysis.Range, format string, args ...any) {
	r.Report(analysis.Diagnostic{Pos: rng.Pos(), End: rng.End(), Message: fmt.Sprintf(format, args...)})
}

// file parses, once per file, what Report needs to know about it.
func (r *Reporter) file(pos token.Pos) *fileInfo {
	tf := r.pass.Fset.File(pos)
	if tf == nil {
		return nil
	}
	if info, ok := r.files[tf]; ok {
		return info
	}
	var file *ast.File
	for _, f := range r.pass.Files {
		if r.pass.Fset.File(f.Pos()) == tf {
			file = f
			break
		}
	}
	var info *fileInfo
	if file != nil {
		info = parseFile(r.pass, tf, file)
	}
	r.files[tf] = info
	return info
}

// parseFile reads a file's generated header and its suppressions, per pass:
// cheaper than staticcheck's generated and directives analyzers, which read
// files behind pass.ReadFile and cost over 5% CPU (README, "Suppressing a
// finding").
func parseFile(pass *analysis.Pass, tf *token.File, file *ast.File) *fileInfo {
	info := &fileInfo{file: file, generated: ast.IsGenerated(file), lines: map[int][]*suppression{}}
	if info.generated && cgoRewrite(pass.Fset, tf, file) {
		info.generated, info.cgo = false, true
	}
	if info.generated {
		return info
	}
	var trailing map[int]bool // lines with code before a directive; found once
	for _, group := range file.Comments {
		for _, c := range group.List {
			s, wholeFile, ok := parseDirective(c.Text)
			if !ok {
				continue
			}
			s.comment = c
			if s.lint {
				info.lint = append(info.lint, s)
			}
			if wholeFile {
				info.whole = append(info.whole, s)
				continue
			}
			line := tf.PositionFor(c.Slash, false).Line
			info.lines[line] = append(info.lines[line], s)
			if trailing == nil {
				trailing = codeBeforeComments(tf, file)
			}
			if !trailing[line] {
				// Alone on its line: it is about the line below.
				info.lines[line+1] = append(info.lines[line+1], s)
			}
		}
	}
	return info
}

// codeBeforeComments returns the lines on which code precedes a comment,
// from the syntax tree alone (a driver need not give passes the file's
// text: nogo does not).
func codeBeforeComments(tf *token.File, file *ast.File) map[int]bool {
	first := map[int]token.Pos{} // line -> first comment on it
	for _, group := range file.Comments {
		for _, c := range group.List {
			line := tf.PositionFor(c.Slash, false).Line
			if p, ok := first[line]; !ok || c.Slash < p {
				first[line] = c.Slash
			}
		}
	}
	lines := map[int]bool{}
	mark := func(pos token.Pos) {
		if !pos.IsValid() || tf.Base() > int(pos) || int(pos) > tf.Base()+tf.Size() {
			return
		}
		line := tf.PositionFor(pos, false).Line
		if c, ok := first[line]; ok && pos <= c {
			lines[line] = true
		}
	}
	ast.Inspect(file, func(n ast.Node) bool {
		switch n.(type) {
		case nil, *ast.Comment, *ast.CommentGroup:
			return false
		}
		mark(n.Pos())
		mark(n.End() - 1) // the node's last character: a closing brace or paren
		return true
	})
	return lines
}

// cgoRewrite reports whether a generated file is cmd/cgo's rewrite of a
// file that imports "C": drivers analyse it in place of that file, and its
// //line directives map it back there. Its code is the user's, so it is
// not skipped (cgo's own _cgo_gotypes.go maps nowhere and still is).
func cgoRewrite(fset *token.FileSet, tf *token.File, file *ast.File) bool {
	return strings.HasPrefix(file.Comments[0].List[0].Text, "// Code generated by cmd/cgo;") &&
		fset.Position(file.Package).Filename != tf.Name()
}

// Directive reads one comment that is a suppression directive: ok, the
// reason it gives, and whether it is staticcheck's form (//lint:ignore),
// which must suppress something. Code that reads comments for what the
// author meant (inbound's documented detachments) takes a //nolint's
// reason as the author's words ("//nolint:govet // we don't want to
// cancel that context") and leaves a //lint:ignore to the suppression it
// is.
func Directive(text string) (reason string, lint, ok bool) {
	s, _, ok := parseDirective(text)
	return s.reason, s.lint, ok
}

// parseDirective reads one comment; ok is false for ordinary comments. A
// //lint:ignore without the reason staticcheck requires is malformed.
func parseDirective(text string) (s *suppression, wholeFile, ok bool) {
	s = &suppression{}
	switch {
	case strings.HasPrefix(text, "//nolint"):
		rest := text[len("//nolint"):]
		if rest == "" || rest[0] == ' ' || rest[0] == '\t' {
			// A bare //nolint, possibly followed by an explanation.
			return &suppression{reason: strings.TrimSpace(strings.TrimPrefix(strings.TrimSpace(rest), "//"))}, false, true
		}
		if rest[0] != ':' {
			return s, false, false
		}
		list, reason, _ := strings.Cut(rest[1:], " ")
		for name := range strings.SplitSeq(list, ",") {
			if name = strings.TrimSpace(name); name != "" {
				s.names = append(s.names, name)
			}
		}
		s.reason = strings.TrimSpace(strings.TrimPrefix(strings.TrimSpace(reason), "//"))
		return s, false, len(s.names) > 0
	case strings.HasPrefix(text, "//lint:ignore "), strings.HasPrefix(text, "//lint:file-ignore "):
		wholeFile = strings.HasPrefix(text, "//lint:file-ignore ")
		fields := strings.Fields(text)
		if len(fields) < 2 {
			return s, false, false
		}
		for name := range strings.SplitSeq(fields[1], ",") {
			if name != "" {
				s.names = append(s.names, name)
			}
		}
		s.lint = true
		s.malformed = len(fields) < 3 // staticcheck requires a reason
		s.reason = strings.Join(fields[2:], " ")
		return s, wholeFile, len(s.names) > 0
	}
	return s, false, false
}
