// Package sarif writes findings as a SARIF 2.1.0 log, the format code
// scanning services (GitHub, GitLab, Azure DevOps) import.
//
// Where the format leaves a choice open, the log is made as follows.
//
//   - Files below root are named relative to it: artifactLocation.uri is the
//     slash-separated path with uriBaseId "%SRCROOT%", and root itself is not
//     written, so the same tree gives the same log on every machine. A file
//     outside root gets an absolute file: URI.
//   - Columns: a Finding carries go/token's 1-based byte columns; the log
//     uses SARIF's default unit, UTF-16 code units (run.columnKind says so),
//     converted with the line's text. When the file cannot be read the byte
//     columns are kept; they agree for ASCII lines.
//   - partialFingerprints["budgetlint/v1"] follows a finding across commits
//     without its line number: the SHA-256 of the rule, the file's URI, the
//     message and the line's text with surrounding white space trimmed,
//     shortened to 32 hex digits, then ":n" where n counts the findings of the
//     file that hash alike (1 for the first). Moving the code keeps the
//     fingerprint; editing the line or the message changes it. Positions
//     of other places that the message names (store.go:26) count without
//     their line, so that lines moving in another file keep it too; those
//     places are relatedLocations, linked from the message.
//   - Each rule's help is its full description, else its short one: code
//     scanning (GitHub's checks, Sarif.Multitool's GH2012) requires help
//     of every rule and shows it beside the rule's results.
//   - A suppressed finding stays in the log with suppressions
//     [{kind: "inSource", justification}] (code scanning shows it as
//     dismissed); every other result has an empty suppressions array: the
//     tool supports suppression and the result is not suppressed.
package sarif

import (
	"bytes"
	"cmp"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"go/token"
	"io"
	"net/url"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"unicode/utf16"
	"unicode/utf8"

	"golang.org/x/tools/go/analysis"
)

const (
	version = "2.1.0"
	schema  = "https://docs.oasis-open.org/sarif/sarif/v2.1.0/errata01/os/schemas/sarif-schema-2.1.0.json"
	srcRoot = "%SRCROOT%"
	// FingerprintKey names budgetlint's entry in partialFingerprints.
	FingerprintKey = "budgetlint/v1"
	toolName       = "budgetlint"
	toolURI        = "https://github.com/budgetlint/budgetlint"
)

// Rule describes one pass: tool.driver.rules[].
type Rule struct{ ID, Short, Full, HelpURI string }

// Edit replaces a range of a file, positions as go/token gives them.
type Edit struct {
	File                                       string
	StartLine, StartColumn, EndLine, EndColumn int
	NewText                                    string
}

// Fix is one suggested fix: edits applied together.
type Fix struct {
	Description string
	Edits       []Edit
}

// Finding is one diagnostic. File is a path as go/token gives it (absolute,
// or relative to the working directory); EndLine 0 means no end.
type Finding struct {
	Rule, File                       string
	Line, Column, EndLine, EndColumn int
	Message                          string
	Fixes                            []Fix
	Suppressed                       bool
	Justification                    string
	Related                          []Related
	// Properties go to the result's property bag as they are: a priced
	// finding's cost, explain command and values (package price).
	Properties map[string]any
}

// Related is another place of a finding, in File at Line: one its message
// names, with Ref as the message writes it (a Reference's Text, linked
// from the message), or another place of the same mistake, with Ref what
// it is ("the same mistake again").
type Related struct {
	Ref, File string
	Line      int
}

// Reference is a position of another place written in a message, as the
// passes write them: file.go:12.
type Reference struct {
	Text string // "store.go:26"
	Base string // "store.go"
	Line int
}

var reference = regexp.MustCompile(`\b([\w.+-]+\.go):(\d+)\b`)

// References returns the positions a message names, in order.
func References(msg string) []Reference {
	var refs []Reference
	for _, m := range reference.FindAllStringSubmatch(msg, -1) {
		line, err := strconv.Atoi(m[2])
		if err == nil {
			refs = append(refs, Reference{Text: m[0], Base: m[1], Line: line})
		}
	}
	return refs
}

// RuleFor describes an analyzer as a rule: its Doc's first line is the
// short description, the whole Doc the full one, its URL the help.
func RuleFor(a *analysis.Analyzer) Rule {
	short, _, _ := strings.Cut(a.Doc, "\n")
	return Rule{ID: a.Name, Short: short, Full: a.Doc, HelpURI: a.URL}
}

// FromDiagnostic resolves an analyzer's diagnostic, with its suggested
// fixes, to a Finding of rule.
func FromDiagnostic(fset *token.FileSet, rule string, d analysis.Diagnostic) Finding {
	pos := fset.Position(d.Pos)
	f := Finding{Rule: rule, File: pos.Filename, Line: pos.Line, Column: pos.Column, Message: d.Message}
	if d.End.IsValid() {
		end := fset.Position(d.End)
		f.EndLine, f.EndColumn = end.Line, end.Column
	}
	for _, sf := range d.SuggestedFixes {
		fix := Fix{Description: sf.Message}
		for _, e := range sf.TextEdits {
			start, end := fset.Position(e.Pos), fset.Position(e.Pos)
			if e.End.IsValid() {
				end = fset.Position(e.End)
			}
			fix.Edits = append(fix.Edits, Edit{
				File:      start.Filename,
				StartLine: start.Line, StartColumn: start.Column,
				EndLine: end.Line, EndColumn: end.Column,
				NewText: string(e.NewText),
			})
		}
		f.Fixes = append(f.Fixes, fix)
	}
	return f
}

// Write writes one run of budgetlint, version toolVersion, with the rules
// and the findings in the order given. Every finding's rule must be among
// rules, and rule IDs must be unique.
func Write(w io.Writer, root string, toolVersion string, rules []Rule, findings []Finding) error {
	root, err := filepath.Abs(root)
	if err != nil {
		return fmt.Errorf("sarif: %w", err)
	}
	index := map[string]int{}
	descriptors := make([]reportingDescriptor, len(rules))
	for i, r := range rules {
		if r.ID == "" {
			return fmt.Errorf("sarif: rule %d has no ID", i)
		}
		if _, dup := index[r.ID]; dup {
			return fmt.Errorf("sarif: rule %q is listed twice", r.ID)
		}
		index[r.ID] = i
		descriptors[i] = reportingDescriptor{
			ID:                   r.ID,
			ShortDescription:     optionalText(r.Short),
			FullDescription:      optionalText(r.Full),
			Help:                 optionalText(cmp.Or(r.Full, r.Short)),
			HelpURI:              r.HelpURI,
			DefaultConfiguration: &configuration{Level: "warning"},
		}
	}
	lw := &logWriter{root: root, files: map[string][]string{}, seen: map[string]int{}}
	results := make([]result, 0, len(findings))
	for _, f := range findings {
		i, ok := index[f.Rule]
		if !ok {
			return fmt.Errorf("sarif: %s:%d: rule %q is not among the rules", f.File, f.Line, f.Rule)
		}
		r, err := lw.result(f, i)
		if err != nil {
			return err
		}
		results = append(results, r)
	}
	doc := sarifLog{
		Version: version,
		Schema:  schema,
		Runs: []run{{
			Tool: tool{Driver: driver{
				Name:           toolName,
				Version:        toolVersion,
				InformationURI: toolURI,
				Rules:          descriptors,
			}},
			ColumnKind: "utf16CodeUnits",
			Results:    results,
		}},
	}
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetIndent("", "  ")
	enc.SetEscapeHTML(false)
	if err := enc.Encode(doc); err != nil {
		return fmt.Errorf("sarif: %w", err)
	}
	_, err = w.Write(buf.Bytes())
	return err
}

// logWriter holds what converting findings needs across them: the files'
// lines and the fingerprints given so far.
type logWriter struct {
	root  string
	files map[string][]string // absolute path -> lines, nil if unreadable
	seen  map[string]int      // fingerprint hash -> findings so far
}

func (lw *logWriter) result(f Finding, ruleIndex int) (result, error) {
	if f.Line < 1 {
		return result{}, fmt.Errorf("sarif: %s: finding %q has no line", f.File, f.Message)
	}
	loc := lw.artifact(f.File)
	r := result{
		RuleID:       f.Rule,
		RuleIndex:    ruleIndex,
		Level:        "warning",
		Message:      message{Text: f.Message},
		Locations:    []location{{PhysicalLocation: physicalLocation{ArtifactLocation: loc, Region: lw.region(f.File, f.Line, f.Column, f.EndLine, f.EndColumn)}}},
		Suppressions: []suppression{},
		Properties:   f.Properties,
	}
	r.RelatedLocations, r.Message.Text = lw.related(f)
	line := strings.TrimSpace(lw.line(f.File, f.Line))
	msg := reference.ReplaceAllString(f.Message, "$1") // without other places' lines
	sum := sha256.Sum256([]byte(strings.Join([]string{f.Rule, loc.URI, msg, line}, "\x00")))
	hash := hex.EncodeToString(sum[:16])
	lw.seen[hash]++
	r.PartialFingerprints = map[string]string{FingerprintKey: fmt.Sprintf("%s:%d", hash, lw.seen[hash])}
	for _, fx := range f.Fixes {
		out := fix{Description: message{Text: fx.Description}}
		byFile := map[string]int{} // file -> index in ArtifactChanges
		for _, e := range fx.Edits {
			if e.StartLine < 1 {
				return result{}, fmt.Errorf("sarif: %s:%d: an edit of fix %q has no line", f.File, f.Line, fx.Description)
			}
			i, ok := byFile[e.File]
			if !ok {
				i = len(out.ArtifactChanges)
				byFile[e.File] = i
				out.ArtifactChanges = append(out.ArtifactChanges, artifactChange{ArtifactLocation: lw.artifact(e.File)})
			}
			endLine, endColumn := e.EndLine, e.EndColumn
			if endLine == 0 { // an insertion
				endLine, endColumn = e.StartLine, e.StartColumn
			}
			out.ArtifactChanges[i].Replacements = append(out.ArtifactChanges[i].Replacements, replacement{
				DeletedRegion:   lw.region(e.File, e.StartLine, e.StartColumn, endLine, endColumn),
				InsertedContent: &content{Text: e.NewText},
			})
		}
		if len(out.ArtifactChanges) > 0 {
			r.Fixes = append(r.Fixes, out)
		}
	}
	if f.Suppressed {
		r.Suppressions = []suppression{{Kind: "inSource", Justification: f.Justification}}
	}
	return r, nil
}

// related returns the related locations of a finding, and its message
// with each one linked ("[store.go:26](1)"), unless the message has
// characters that a link would make ambiguous.
func (lw *logWriter) related(f Finding) ([]relatedLocation, string) {
	msg := f.Message
	link := !strings.ContainsAny(msg, `[]\`)
	var out []relatedLocation
	for i, rel := range f.Related {
		if rel.Line < 1 {
			continue
		}
		id := i + 1
		out = append(out, relatedLocation{
			ID:               id,
			PhysicalLocation: physicalLocation{ArtifactLocation: lw.artifact(rel.File), Region: region{StartLine: rel.Line}},
			Message:          &message{Text: rel.Ref},
		})
		if link && rel.Ref != "" {
			msg = strings.Replace(msg, rel.Ref, fmt.Sprintf("[%s](%d)", rel.Ref, id), 1)
		}
	}
	return out, msg
}

// artifact locates a file: relative to root with %SRCROOT% below it,
// an absolute file: URI elsewhere.
func (lw *logWriter) artifact(file string) artifactLocation {
	abs, err := filepath.Abs(file)
	if err != nil {
		abs = file
	}
	if rel, err := filepath.Rel(lw.root, abs); err == nil && rel != ".." && !strings.HasPrefix(rel, ".."+string(filepath.Separator)) && !filepath.IsAbs(rel) {
		return artifactLocation{URI: (&url.URL{Path: filepath.ToSlash(rel)}).String(), URIBaseID: srcRoot}
	}
	p := filepath.ToSlash(abs)
	if !strings.HasPrefix(p, "/") {
		p = "/" + p // a Windows drive: file:///C:/...
	}
	return artifactLocation{URI: (&url.URL{Scheme: "file", Path: p}).String()}
}

// region converts byte columns to UTF-16 ones and drops an end that does
// not follow the start; a zero column is unknown and left out.
func (lw *logWriter) region(file string, line, col, endLine, endCol int) region {
	r := region{StartLine: line, StartColumn: lw.column(file, line, col)}
	if endLine > line || endLine == line && endCol >= col {
		r.EndLine, r.EndColumn = endLine, lw.column(file, endLine, endCol)
	}
	return r
}

func (lw *logWriter) column(file string, line, col int) int {
	text := lw.line(file, line)
	if col < 1 || col-1 > len(text) {
		return col
	}
	n := 0
	for s := text[:col-1]; s != ""; {
		r, size := utf8.DecodeRuneInString(s)
		n += utf16.RuneLen(r)
		s = s[size:]
	}
	return n + 1
}

// line returns a line of file, "" when it cannot be read.
func (lw *logWriter) line(file string, n int) string {
	abs, err := filepath.Abs(file)
	if err != nil {
		return ""
	}
	lines, ok := lw.files[abs]
	if !ok {
		if data, err := os.ReadFile(abs); err == nil {
			lines = strings.Split(string(data), "\n")
		}
		lw.files[abs] = lines
	}
	if n < 1 || n > len(lines) {
		return ""
	}
	return strings.TrimSuffix(lines[n-1], "\r")
}

func optionalText(s string) *message {
	if s == "" {
		return nil
	}
	return &message{Text: s}
}

// The SARIF 2.1.0 objects budgetlint writes, with their JSON names.
type (
	sarifLog struct {
		Version string `json:"version"`
		Schema  string `json:"$schema"`
		Runs    []run  `json:"runs"`
	}
	run struct {
		Tool       tool     `json:"tool"`
		ColumnKind string   `json:"columnKind"`
		Results    []result `json:"results"`
	}
	tool struct {
		Driver driver `json:"driver"`
	}
	driver struct {
		Name           string                `json:"name"`
		Version        string                `json:"version,omitempty"`
		InformationURI string                `json:"informationUri"`
		Rules          []reportingDescriptor `json:"rules"`
	}
	reportingDescriptor struct {
		ID                   string         `json:"id"`
		ShortDescription     *message       `json:"shortDescription,omitempty"`
		FullDescription      *message       `json:"fullDescription,omitempty"`
		Help                 *message       `json:"help,omitempty"`
		HelpURI              string         `json:"helpUri,omitempty"`
		DefaultConfiguration *configuration `json:"defaultConfiguration,omitempty"`
	}
	configuration struct {
		Level string `json:"level"`
	}
	message struct {
		Text string `json:"text"`
	}
	result struct {
		RuleID              string            `json:"ruleId"`
		RuleIndex           int               `json:"ruleIndex"`
		Level               string            `json:"level"`
		Message             message           `json:"message"`
		Locations           []location        `json:"locations"`
		RelatedLocations    []relatedLocation `json:"relatedLocations,omitempty"`
		PartialFingerprints map[string]string `json:"partialFingerprints"`
		Fixes               []fix             `json:"fixes,omitempty"`
		Suppressions        []suppression     `json:"suppressions"`
		Properties          map[string]any    `json:"properties,omitempty"`
	}
	location struct {
		PhysicalLocation physicalLocation `json:"physicalLocation"`
	}
	relatedLocation struct {
		ID               int              `json:"id"`
		PhysicalLocation physicalLocation `json:"physicalLocation"`
		Message          *message         `json:"message,omitempty"`
	}
	physicalLocation struct {
		ArtifactLocation artifactLocation `json:"artifactLocation"`
		Region           region           `json:"region"`
	}
	artifactLocation struct {
		URI       string `json:"uri"`
		URIBaseID string `json:"uriBaseId,omitempty"`
	}
	region struct {
		StartLine   int `json:"startLine"`
		StartColumn int `json:"startColumn,omitempty"`
		EndLine     int `json:"endLine,omitempty"`
		EndColumn   int `json:"endColumn,omitempty"`
	}
	fix struct {
		Description     message          `json:"description"`
		ArtifactChanges []artifactChange `json:"artifactChanges"`
	}
	artifactChange struct {
		ArtifactLocation artifactLocation `json:"artifactLocation"`
		Replacements     []replacement    `json:"replacements"`
	}
	replacement struct {
		DeletedRegion   region   `json:"deletedRegion"`
		InsertedContent *content `json:"insertedContent,omitempty"`
	}
	content struct {
		Text string `json:"text"`
	}
	suppression struct {
		Kind          string `json:"kind"`
		Justification string `json:"justification,omitempty"`
	}
)
