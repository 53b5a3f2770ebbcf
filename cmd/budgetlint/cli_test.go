package main

import (
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/budgetlint/budgetlint/internal/passtest"
	"github.com/budgetlint/budgetlint/passes/ctxbackground"
	"github.com/budgetlint/budgetlint/passes/inbound"
)

// TestExitStatuses checks every exit status the usage text and the README
// document, in each output mode: 0 no findings, or any with -json and
// -sarif (as go vet -json); 1 findings, or findings -fix did not fix; 2 a
// usage error or nothing to analyse, in one line; 3 packages that did not
// load, whatever the output.
func TestExitStatuses(t *testing.T) {
	noModule := t.TempDir() // no go.mod here or above
	passtest.WriteFile(t, filepath.Join(noModule, "x.go"), "package x\n")
	for _, tc := range []struct {
		name   string
		dir    string
		args   []string
		want   int
		stderr string // a regular expression for the whole of stderr, when set
	}{
		{"no findings", "", []string{"./helpers"}, exitClean, `^$`},
		{"findings", "", []string{"./svc"}, exitFindings, `^$`},
		{"-json with findings", "", []string{"-json", "./svc"}, exitClean, `^$`},
		{"-sarif with findings", "", []string{"-sarif", "./svc"}, exitClean, `^$`},
		{"-fix -diff leaving a finding", "", []string{"-fix", "-diff", "./svc"}, exitFindings, `^budgetlint: 1 findings are not in the diff:\n[^\n]+\[no suggested fix\]\n$`},
		{"a broken package", "", []string{"./broken", "./svc"}, exitLoadError, `^budgetlint: example.com/vet/broken: not analysed: [^\n]*undefinedFunction\n$`},
		{"-json with a broken package", "", []string{"-json", "./broken", "./svc"}, exitLoadError, `not analysed`},
		{"-sarif with a broken package", "", []string{"-sarif", "./broken", "./svc"}, exitLoadError, `not analysed`},
		{"a mistyped flag", "", []string{"-x", "./svc"}, exitUsage, `^budgetlint: flag provided but not defined: -x; run budgetlint -h for usage\n$`},
		{"a bad flag value", "", []string{"-ctxbackground.tests=maybe", "./svc"}, exitUsage, `^budgetlint: invalid boolean value "maybe" for -ctxbackground.tests: parse error; run budgetlint -h for usage\n$`},
		{"no packages named", "", nil, exitUsage, `Usage:`},
		{"every pass disabled", "", []string{"-ctxbackground=false", "-fixedtimeout=false", "-retrybudget=false", "-dropcancel=false", "./svc"}, exitUsage, `^budgetlint: every pass is disabled\n$`},
		{"a directory that does not exist", "", []string{"./nonexistent/..."}, exitUsage, `^budgetlint: pattern ./nonexistent/...: lstat ./nonexistent/: no such file or directory\n$`},
		{"one pattern of two matches nothing", "", []string{"./svc", "./nonexistent"}, exitUsage, `^budgetlint: stat [^\n]*nonexistent: directory not found\n$`},
		{"a folder without go.mod", noModule, []string{"./..."}, exitUsage, `^budgetlint: [^\n]*(does not contain main module|go.mod file not found)[^\n]*\n$`},
		{"-h", "", []string{"-h"}, exitClean, `Flags:`},
		{"-list", "", []string{"-list"}, exitClean, `^$`},
		{"help of a pass", "", []string{"help", "dropcancel"}, exitClean, `^$`},
		{"help of no such pass", "", []string{"help", "nosuchpass"}, exitUsage, `^budgetlint: no pass named "nosuchpass"; run budgetlint -list for the list\n$`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			dir := tc.dir
			if dir == "" {
				dir = vetModule(t)
			}
			_, errs, code := runIn(t, dir, binary, tc.args...)
			if code != tc.want {
				t.Errorf("budgetlint %s: exit %d, want %d; stderr:\n%s", strings.Join(tc.args, " "), code, tc.want, errs)
			}
			if !regexp.MustCompile(tc.stderr).MatchString(errs) {
				t.Errorf("budgetlint %s: stderr does not match %q:\n%s", strings.Join(tc.args, " "), tc.stderr, errs)
			}
		})
	}
}

// A file -fix cannot write is exit status 2, and the file is named. Its
// directory is read-only: a tmpfs remounted so when running as root (root
// writes into any directory whatever its mode), mode 0555 otherwise.
func TestExitStatusFixCannotWrite(t *testing.T) {
	var dir string
	if os.Geteuid() == 0 {
		dir = tmpfs(t, "size=1m")
	} else {
		dir = t.TempDir()
	}
	copyTree(t, vetModule(t), dir)
	if os.Geteuid() == 0 {
		if out, err := exec.Command("mount", "-o", "remount,ro", dir).CombinedOutput(); err != nil {
			t.Fatalf("remounting read-only: %v %s", err, out)
		}
	} else {
		os.Chmod(filepath.Join(dir, "svc"), 0o555)
		t.Cleanup(func() { os.Chmod(filepath.Join(dir, "svc"), 0o755) })
	}
	_, errs, code := runIn(t, dir, binary, "-cache=off", "-fix", "./svc")
	if code != exitUsage || !strings.Contains(errs, "svc/svc.go: not fixed: ") || !strings.Contains(errs, "[its file was not fixed]") {
		t.Errorf("exit %d, want %d, with svc.go and its finding named:\n%s", code, exitUsage, errs)
	}
}

// -tags selects files as the go command's -tags does.
func TestTags(t *testing.T) {
	dir := t.TempDir()
	passtest.WriteFile(t, filepath.Join(dir, "go.mod"), "module example.com/tags\n\ngo 1.26\n")
	passtest.WriteFile(t, filepath.Join(dir, "a.go"), "package tags\n\nimport \"context\"\n\nfunc use(ctx context.Context) error { return ctx.Err() }\n")
	passtest.WriteFile(t, filepath.Join(dir, "special.go"), "//go:build special\n\npackage tags\n\nimport \"context\"\n\nfunc Do(ctx context.Context) error { return use(context.Background()) }\n")
	if out, errs, code := runIn(t, dir, binary, "-cache=off", "."); code != exitClean || out != "" {
		t.Errorf("without -tags: exit %d\n%s%s", code, out, errs)
	}
	out, errs, code := runIn(t, dir, binary, "-cache=off", "-tags=special,other", ".")
	if code != exitFindings || !strings.Contains(out, "special.go:7:") {
		t.Errorf("-tags=special: exit %d\n%s%s", code, out, errs)
	}
}

// budgetlint help <pass> prints the pass's whole documentation, from its
// doc.go, with its options; -list names the passes one a line.
func TestHelpOfAPass(t *testing.T) {
	out, _, code := runIn(t, ".", binary, "help", "ctxbackground")
	if code != exitClean || !strings.HasPrefix(out, "ctxbackground: "+ctxbackground.Analyzer.Doc+"\n") {
		t.Fatalf("help ctxbackground: exit %d, want the whole Doc first:\n%s", code, out)
	}
	if strings.Count(ctxbackground.Analyzer.Doc, "\n") < 20 {
		t.Errorf("ctxbackground's Doc is %q: not the whole of doc.go", ctxbackground.Analyzer.Doc)
	}
	for _, want := range []string{"\n  -ctxbackground.tests\n", "Online: https://pkg.go.dev/", "Cost of a finding: budgetlint explain ctxbackground"} {
		if !strings.Contains(out, want) {
			t.Errorf("help ctxbackground lacks %q:\n%s", want, out)
		}
	}
	out, _, code = runIn(t, ".", binary, "help", "inbound")
	if code != exitClean || !strings.HasPrefix(out, "inbound: "+inbound.Analyzer.Doc) || strings.Contains(out, "budgetlint explain") {
		t.Errorf("help inbound: exit %d:\n%s", code, out)
	}
	out, _, _ = runIn(t, ".", binary, "-list")
	var names []string
	for line := range strings.Lines(out) {
		names = append(names, strings.Fields(line)[0])
	}
	if strings.Join(names, " ") != "ctxbackground fixedtimeout retrybudget dropcancel" {
		t.Errorf("-list:\n%s", out)
	}
}

var statsLine = regexp.MustCompile(`budgetlint: (\d+) packages listed, (\d+) analysed, (\d+) from the cache, (\d+) type-checked without analysis, (\d+) left alone \(not needed\), (\d+) dependencies read for their facts`)

// -v counts each listed package once: its counts add up to the listed.
func TestVerboseCountsDoNotOverlap(t *testing.T) {
	dir := t.TempDir()
	copyTree(t, vetModule(t), dir)
	cache := "-cache=" + filepath.Join(dir, ".cache")
	for _, run := range []string{"cold", "warm"} {
		_, errs, _ := runIn(t, dir, binary, cache, "-v", "./plain", "./helpers", "./svc")
		m := statsLine.FindStringSubmatch(errs)
		if m == nil {
			t.Fatalf("%s run: no -v line:\n%s", run, errs)
		}
		n := make([]int, len(m))
		for i := 1; i < len(m); i++ {
			n[i], _ = strconv.Atoi(m[i])
		}
		if n[2]+n[3]+n[4]+n[5]+n[6] != n[1] || run == "warm" && n[5] == 0 {
			t.Errorf("%s run: %s: the counts do not add up to the listed", run, m[0])
		}
		if run == "cold" && (n[2] != 3 || n[3] != 0) || run == "warm" && (n[2] != 0 || n[3] != 3) {
			t.Errorf("%s run: %s: want plain, helpers and svc analysed, then from the cache", run, m[0])
		}
	}
}

// sarifResult is what TestSARIFInARepository reads of a result.
type sarifResult struct {
	Message   struct{ Text string }
	Locations []struct {
		PhysicalLocation struct {
			ArtifactLocation struct{ URI string }
		}
	}
	RelatedLocations []struct {
		PhysicalLocation struct {
			ArtifactLocation struct{ URI string }
			Region           struct{ StartLine int }
		}
	}
	PartialFingerprints map[string]string
}

// Issue 16, item 3: a module in a subfolder of a repository uploaded
// alerts whose paths were relative to the module, and a finding's
// fingerprint changed when another file gained two lines. Paths are now
// relative to the repository's top, and the other file's place is a
// related location that moves while the fingerprint stays.
func TestSARIFInARepository(t *testing.T) {
	repo := t.TempDir()
	if err := os.Mkdir(filepath.Join(repo, ".git"), 0o755); err != nil {
		t.Fatal(err)
	}
	mod := filepath.Join(repo, "services", "vet")
	copyTree(t, vetModule(t), mod)
	warm := func() sarifResult {
		t.Helper()
		out, errs, code := runIn(t, mod, binary, "-cache=off", "-sarif", "./helpers", "./svc")
		if code != exitClean {
			t.Fatalf("exit %d: %s", code, errs)
		}
		var log struct {
			Runs []struct{ Results []sarifResult }
		}
		if err := json.Unmarshal([]byte(out), &log); err != nil {
			t.Fatal(err)
		}
		for _, r := range log.Runs[0].Results {
			if uri := r.Locations[0].PhysicalLocation.ArtifactLocation.URI; !strings.HasPrefix(uri, "services/vet/") {
				t.Errorf("uri %q, want it relative to the repository's top", uri)
			}
			if strings.HasPrefix(r.Message.Text, "Warm starts") {
				return r
			}
		}
		t.Fatalf("no finding of Warm:\n%s", out)
		return sarifResult{}
	}
	before := warm()
	helpers := filepath.Join(mod, "helpers", "helpers.go")
	passtest.WriteFile(t, helpers, strings.Replace(passtest.ReadFile(t, helpers), "package helpers\n", "package helpers\n\n// Two lines more above Warm.\n", 1))
	after := warm()
	if b, a := before.PartialFingerprints["budgetlint/v1"], after.PartialFingerprints["budgetlint/v1"]; b == "" || a != b {
		t.Errorf("helpers.go gaining two lines changed svc's fingerprint: %q, then %q", b, a)
	}
	for i, r := range []sarifResult{before, after} {
		rl := r.RelatedLocations
		if len(rl) != 1 || rl[0].PhysicalLocation.ArtifactLocation.URI != "services/vet/helpers/helpers.go" || rl[0].PhysicalLocation.Region.StartLine != 10+2*i {
			t.Errorf("run %d: related locations %+v, want helpers.go line %d", i+1, rl, 10+2*i)
		}
		if !strings.Contains(r.Message.Text, fmt.Sprintf("[helpers.go:%d](1)", 10+2*i)) {
			t.Errorf("run %d: message %q does not link to the related location", i+1, r.Message.Text)
		}
	}
}

// The same mistake in two places is one finding, and every output names
// its other place: an indented line under it in the text, "related" in
// JSON (as go vet -json), a related location in SARIF.
func TestOtherPlacesOfAFinding(t *testing.T) {
	text, errs, code := runIn(t, vetModule(t), binary, "./twice")
	if code != exitFindings {
		t.Fatalf("exit %d, want %d; stderr:\n%s", code, exitFindings, errs)
	}
	want := "twice/twice.go:12:10: net.Dial cannot be cancelled when the caller gives up; use (&net.Dialer{}).DialContext(ctx, ...) (dropcancel)\n\ttwice/twice.go:14:9: the same mistake again\n"
	if text != want {
		t.Errorf("text output:\n%s\nwant:\n%s", text, want)
	}
	out, errs, _ := runIn(t, vetModule(t), binary, "-json", "./twice")
	var tree map[string]map[string][]struct {
		Posn    string `json:"posn"`
		Related []struct {
			Posn    string `json:"posn"`
			Message string `json:"message"`
		} `json:"related"`
	}
	if err := json.Unmarshal([]byte(out), &tree); err != nil {
		t.Fatalf("-json: %v\n%s%s", err, out, errs)
	}
	ds := tree["example.com/vet/twice"]["dropcancel"]
	if len(ds) != 1 || len(ds[0].Related) != 1 || !strings.HasSuffix(ds[0].Related[0].Posn, "twice.go:14:9") || ds[0].Related[0].Message != "the same mistake again" {
		t.Errorf("-json: want one finding with twice.go:14:9 as its other place, got %+v", ds)
	}
	out, errs, _ = runIn(t, vetModule(t), binary, "-sarif", "./twice")
	if !strings.Contains(out, `"relatedLocations"`) || !strings.Contains(out, `"the same mistake again"`) {
		t.Errorf("-sarif: no related location for the other place:\n%s%s", out, errs)
	}
}
