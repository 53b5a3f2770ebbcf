package main

import (
	"bytes"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"testing"

	"github.com/budgetlint/budgetlint/internal/passtest"
	"github.com/budgetlint/budgetlint/internal/registry"
)

// binary is budgetlint built once for the tests that drive it as users do.
var binary string

func TestMain(m *testing.M) {
	dir, err := os.MkdirTemp("", "budgetlint-test")
	if err != nil {
		panic(err)
	}
	os.Setenv("BUDGETLINT_CACHE", filepath.Join(dir, "cache"))
	binary = filepath.Join(dir, "budgetlint")
	if runtime.GOOS == "windows" {
		binary += ".exe"
	}
	build := exec.Command("go", "build", "-o", binary, ".")
	build.Stderr = os.Stderr
	if err := build.Run(); err != nil {
		panic("building budgetlint: " + err.Error())
	}
	code := m.Run()
	os.RemoveAll(dir)
	os.Exit(code)
}

// vetModule is a small module with a cross-package finding, a test file and
// a package that does not type-check.
func vetModule(t *testing.T) string {
	dir, err := filepath.Abs(filepath.Join("..", "..", "testdata", "vet"))
	if err != nil {
		t.Fatal(err)
	}
	return dir
}

// budgetlint runs the binary in dir and returns its output and exit code.
func runIn(t *testing.T, dir string, name string, args ...string) (stdout, stderr string, code int) {
	t.Helper()
	cmd := exec.Command(name, args...)
	cmd.Dir = dir
	var out, errb bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errb
	err := cmd.Run()
	if ee, ok := err.(*exec.ExitError); ok {
		code = ee.ExitCode()
	} else if err != nil {
		t.Fatalf("%s %v: %v", name, args, err)
	}
	return out.String(), errb.String(), code
}

func TestStandaloneFindingsAndExitCode(t *testing.T) {
	out, errs, code := runIn(t, vetModule(t), binary, "./helpers", "./svc")
	if code != exitFindings {
		t.Fatalf("exit code %d, want %d; stderr:\n%s", code, exitFindings, errs)
	}
	wantSvcFindings(t, out, "svc/svc.go")
}

// wantSvcFindings checks the output of a run on the vet module's helpers
// and svc, under any driver: the two findings of svc.go, written as file,
// and none in its test file.
func wantSvcFindings(t *testing.T, out, file string) {
	t.Helper()
	for _, want := range []string{
		file + ":12:6: Warm starts a fresh context (context.Background() at helpers.go:10)",
		file + ":16:13: context.Background() starts a fresh context where ctx is in scope",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("output lacks %q:\n%s", want, out)
		}
	}
	if strings.Contains(out, "svc_test.go") {
		t.Errorf("test file reported without -ctxbackground.tests:\n%s", out)
	}
}

func TestStandaloneFlagAndSelection(t *testing.T) {
	out, _, _ := runIn(t, vetModule(t), binary, "-ctxbackground.tests", "./svc")
	if !strings.Contains(out, "svc_test.go:9:10: context.TODO() in a test") {
		t.Errorf("-ctxbackground.tests did not report the test:\n%s", out)
	}
	out, _, code := runIn(t, vetModule(t), binary, "-ctxbackground=false", "./svc")
	if code != exitClean || strings.Contains(out, "ctxbackground") {
		t.Errorf("with ctxbackground disabled: exit %d, output %q", code, out)
	}
	var none []string
	for _, a := range registry.Passes {
		none = append(none, "-"+a.Name+"=false")
	}
	out, _, code = runIn(t, vetModule(t), binary, append(none, "./svc")...)
	if code != exitUsage || out != "" {
		t.Errorf("with every pass disabled: exit %d, output %q", code, out)
	}
}

// Test files are loaded only when a pass is told to report in them: by
// default the test variant of svc would be analysed for nothing.
func TestTestsLoadedOnlyWhenReported(t *testing.T) {
	_, stats, _ := runIn(t, vetModule(t), binary, "-cache=off", "-v", "./svc")
	if !strings.Contains(stats, " 2 analysed") {
		t.Errorf("by default, want svc and helpers analysed, without tests: %s", stats)
	}
	_, stats, _ = runIn(t, vetModule(t), binary, "-cache=off", "-v", "-ctxbackground.tests", "./svc")
	if strings.Contains(stats, " 2 analysed") {
		t.Errorf("with -ctxbackground.tests, want the test variant analysed too: %s", stats)
	}
}

// TestCache checks that a second run on unchanged code reads the cache and
// prints the same findings, and that an edit invalidates the edited
// package and those that import it.
func TestCache(t *testing.T) {
	dir := t.TempDir()
	copyTree(t, vetModule(t), dir)
	cache := "-cache=" + filepath.Join(dir, ".cache")
	first, stats1, _ := runIn(t, dir, binary, cache, "-v", "./helpers", "./svc")
	second, stats2, _ := runIn(t, dir, binary, cache, "-v", "./helpers", "./svc")
	if first != second {
		t.Errorf("cached run differs:\nfirst:\n%s\nsecond:\n%s", first, second)
	}
	if !strings.Contains(stats1, " 0 from the cache") || !strings.Contains(stats2, " 0 analysed") {
		t.Errorf("cache not used:\n%s\n%s", stats1, stats2)
	}
	// Warm no longer roots a context: the finding at its call site goes.
	helpers := filepath.Join(dir, "helpers", "helpers.go")
	src, _ := os.ReadFile(helpers)
	edited := strings.Replace(string(src), "func Warm() error {\n\treturn get(context.Background())", "func Warm() error {\n\treturn nil", 1)
	if edited == string(src) {
		t.Fatal("testdata changed: cannot edit helpers.go")
	}
	os.WriteFile(helpers, []byte(edited), 0o644)
	third, stats3, _ := runIn(t, dir, binary, cache, "-v", "./helpers", "./svc")
	if strings.Contains(third, "Warm starts a fresh context") || !strings.Contains(stats3, " 0 from the cache") {
		t.Errorf("edit not seen through the cache:\n%s\n%s", third, stats3)
	}
}

func TestStandaloneCleanPackage(t *testing.T) {
	out, errs, code := runIn(t, vetModule(t), binary, "./helpers")
	if code != exitClean || out != "" {
		t.Errorf("clean package: exit %d, stdout %q, stderr %q", code, out, errs)
	}
}

func TestBrokenPackageIsOneLine(t *testing.T) {
	out, errs, code := runIn(t, vetModule(t), binary, "./...")
	if code != exitLoadError {
		t.Errorf("exit code %d, want %d", code, exitLoadError)
	}
	lines := strings.Split(strings.TrimSpace(errs), "\n")
	if len(lines) != 1 || !strings.Contains(lines[0], "example.com/vet/broken: not analysed:") || !strings.Contains(lines[0], "undefinedFunction") {
		t.Errorf("want one line naming the broken package and its error, got:\n%s", errs)
	}
	if strings.Contains(errs, "panic") || strings.Contains(errs, "goroutine ") {
		t.Errorf("panic trace:\n%s", errs)
	}
	if !strings.Contains(out, "svc/svc.go:16:13") {
		t.Errorf("the other packages were not analysed:\n%s", out)
	}
}

func TestJSON(t *testing.T) {
	out, _, code := runIn(t, vetModule(t), binary, "-json", "./svc")
	if code != exitClean {
		t.Errorf("-json exit code %d, want 0", code)
	}
	var tree map[string]map[string][]jsonDiagnostic
	if err := json.Unmarshal([]byte(out), &tree); err != nil {
		t.Fatalf("-json output does not parse: %v\n%s", err, out)
	}
	diags := tree["example.com/vet/svc"]["ctxbackground"]
	if len(diags) != 2 {
		t.Fatalf("want 2 ctxbackground findings in example.com/vet/svc, got %+v", tree)
	}
	fix := diags[1].SuggestedFixes
	if len(fix) != 1 || len(fix[0].Edits) != 1 || fix[0].Edits[0].New != "ctx" {
		t.Errorf("the root's fix is missing or wrong: %+v", diags[1])
	}
}

// warmLeft is the finding of svc that has no fix, as -fix lists it.
const warmLeft = "svc/svc.go:12:6: Warm starts a fresh context (context.Background() at helpers.go:10), so the caller's deadline and cancellation stop at this call; Warm is exported, so add a WarmContext variant that takes a context.Context and call it with r.Context() (ctxbackground) [no suggested fix]"

func TestFixDiff(t *testing.T) {
	out, errs, code := runIn(t, vetModule(t), binary, "-fix", "-diff", "./svc")
	if code != exitFindings {
		t.Fatalf("exit %d, want %d: the finding without a fix remains: %s", code, exitFindings, errs)
	}
	for _, want := range []string{"--- svc/svc.go", "+++ svc/svc.go", "-\treturn use(context.Background())", "+\treturn use(ctx)"} {
		if !strings.Contains(out, want) {
			t.Errorf("diff lacks %q:\n%s", want, out)
		}
	}
	if want := "budgetlint: 1 findings are not in the diff:\n" + warmLeft + "\n"; errs != want {
		t.Errorf("stderr:\n%s\nwant:\n%s", errs, want)
	}
}

func TestFixWrites(t *testing.T) {
	dir := t.TempDir()
	copyTree(t, vetModule(t), dir)
	_, errs, code := runIn(t, dir, binary, "-fix", "./svc")
	if code != exitFindings || errs != "budgetlint: 1 findings were not fixed:\n"+warmLeft+"\n" {
		t.Fatalf("exit %d, want %d and the finding left named; stderr:\n%s", code, exitFindings, errs)
	}
	got := passtest.ReadFile(t, filepath.Join(dir, "svc", "svc.go"))
	if !strings.Contains(got, "return use(ctx)") {
		t.Errorf("fix not applied:\n%s", got)
	}
	if out, _, code := runIn(t, dir, binary, "./svc"); code != exitFindings || strings.Contains(out, "svc.go:16") {
		t.Errorf("after -fix, exit %d and output:\n%s", code, out)
	}
	// Nothing left to fix: -fix exits 0.
	if _, errs, code := runIn(t, dir, binary, "-fix", "./helpers"); code != exitClean || errs != "" {
		t.Errorf("-fix with no finding: exit %d, stderr %q", code, errs)
	}
}

// Issue 16, item 1: -fix on the README's example left api.go with
// "context" imported and not used. The example must build and vet after
// -fix, with only the findings that have no fix left, and named.
func TestFixLeavesTheExampleBuilding(t *testing.T) {
	dir := t.TempDir()
	example, _ := filepath.Abs(filepath.Join("..", "..", "examples", "shop"))
	copyTree(t, example, dir)
	_, errs, code := runIn(t, dir, binary, "-cache=off", "-fix", "./...")
	if code != exitFindings || !strings.HasPrefix(errs, "budgetlint: 3 findings were not fixed:\n") {
		t.Errorf("exit %d, want %d with three findings left; stderr:\n%s", code, exitFindings, errs)
	}
	if out, verrs, code := runIn(t, dir, "go", "vet", "./..."); code != 0 {
		t.Fatalf("the fixed example does not vet:\n%s%s", out, verrs)
	}
	if strings.Contains(passtest.ReadFile(t, filepath.Join(dir, "api", "api.go")), `"context"`) {
		t.Errorf("api.go still imports context")
	}
	out, _, code := runIn(t, dir, binary, "-cache=off", "./...")
	if code != exitFindings || strings.Count(out, "\n") != 3 || !strings.Contains(out, "billing/billing.go:49:15: http.Get cannot be cancelled") {
		t.Errorf("after -fix: exit %d, want the 3 findings -fix named:\n%s", code, out)
	}
}

// t.Context() replacing a test's only use of "context" takes the import
// with it (-ctxbackground.tests -fix, issue 16).
func TestFixTestsLeavesThemBuilding(t *testing.T) {
	dir := t.TempDir()
	copyTree(t, vetModule(t), dir)
	if _, errs, code := runIn(t, dir, binary, "-cache=off", "-ctxbackground.tests", "-ctxbackground=true", "-fix", "./svc"); code != exitFindings {
		t.Fatalf("exit %d: %s", code, errs)
	}
	if got := passtest.ReadFile(t, filepath.Join(dir, "svc", "svc_test.go")); strings.Contains(got, `"context"`) || !strings.Contains(got, "use(t.Context())") {
		t.Errorf("svc_test.go:\n%s", got)
	}
	if out, verrs, code := runIn(t, dir, "go", "vet", "./svc"); code != 0 {
		t.Errorf("the fixed package does not vet:\n%s%s", out, verrs)
	}
}

// Two fixes that each remove one of the two uses of "context" cannot know
// of each other; -fix removes the import they leave unused together, and
// only that one.
func TestFixRemovesImportsUnusedTogether(t *testing.T) {
	dir := t.TempDir()
	passtest.WriteFile(t, filepath.Join(dir, "go.mod"), "module example.com/together\n\ngo 1.26\n")
	passtest.WriteFile(t, filepath.Join(dir, "lib.go"), "package together\n\nimport \"context\"\n\nfunc load(ctx context.Context) error { return ctx.Err() }\n")
	handlers := `package together

import (
	"context"
	"net/http"
	str "strings"
)

func A(w http.ResponseWriter, r *http.Request) { _ = load(context.Background()) }

func B(w http.ResponseWriter, r *http.Request) { _ = load(context.TODO()); _ = str.ToUpper("") }
`
	passtest.WriteFile(t, filepath.Join(dir, "handlers.go"), handlers)
	if _, errs, code := runIn(t, dir, binary, "-cache=off", "-fix", "."); code != exitClean {
		t.Fatalf("exit %d: %s", code, errs)
	}
	got := passtest.ReadFile(t, filepath.Join(dir, "handlers.go"))
	if strings.Contains(got, `"context"`) || !strings.Contains(got, `str "strings"`) || !strings.Contains(got, `"net/http"`) {
		t.Errorf("want only context's import removed:\n%s", got)
	}
	if out, verrs, code := runIn(t, dir, "go", "vet", "."); code != 0 {
		t.Errorf("the fixed package does not vet:\n%s%s", out, verrs)
	}
}

// TestGoVet drives the binary as go vet's tool: facts cross packages, and
// analyzer flags pass through.
func TestGoVet(t *testing.T) {
	_, errs, code := runIn(t, vetModule(t), "go", "vet", "-vettool="+binary, "./helpers", "./svc")
	if code == 0 {
		t.Fatalf("go vet found nothing:\n%s", errs)
	}
	wantSvcFindings(t, errs, "svc.go")
	_, errs, _ = runIn(t, vetModule(t), "go", "vet", "-vettool="+binary, "-ctxbackground.tests", "./svc")
	if !strings.Contains(errs, "svc_test.go:9:10: context.TODO() in a test") {
		t.Errorf("-ctxbackground.tests did not pass through go vet:\n%s", errs)
	}
}

// What a dependency's context form does with its context is learnt from
// its code, by the standalone driver as by go vet, and both agree: a plain
// call whose context form only reads values loses nothing, and a closure
// handed to a dependency that keeps it for later (hooks.New, in a package
// that never names a context) is not the caller's work.
func TestDependencyFactsUnderEveryDriver(t *testing.T) {
	dir, err := filepath.Abs(filepath.Join("..", "..", "testdata", "deps", "app"))
	if err != nil {
		t.Fatal(err)
	}
	const fetch = "app.go:16:9: lib.Fetch cannot be cancelled when the caller gives up; use lib.FetchContext(ctx, ...)"
	out, _, _ := runIn(t, dir, binary, "-cache=off", "./...")
	_, vet, _ := runIn(t, dir, "go", "vet", "-vettool="+binary, "./...")
	for driver, got := range map[string]string{"budgetlint": out, "go vet": vet} {
		if !strings.Contains(got, fetch) || strings.Contains(got, "lib.Lookup") || strings.Contains(got, "context.Background()") {
			t.Errorf("%s: want lib.Fetch reported, lib.Lookup and the hook's root left alone:\n%s", driver, got)
		}
	}
}

func copyTree(t *testing.T, from, to string) {
	t.Helper()
	err := filepath.WalkDir(from, func(path string, d os.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(from, path)
		target := filepath.Join(to, rel)
		if d.IsDir() {
			return os.MkdirAll(target, 0o755)
		}
		data, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		return os.WriteFile(target, data, 0o644)
	})
	if err != nil {
		t.Fatal(err)
	}
}

// TestSARIF checks the code-scanning output end to end: rules, results
// relative to -srcroot, fixes, and suppressed findings kept with their
// reason.
func TestSARIF(t *testing.T) {
	out, errs, code := runIn(t, vetModule(t), binary, "-sarif", "-srcroot=.", "./svc")
	if code != exitClean {
		t.Fatalf("exit %d: %s", code, errs)
	}
	var log struct {
		Version string `json:"version"`
		Runs    []struct {
			Tool struct {
				Driver struct {
					Rules []struct {
						ID string `json:"id"`
					} `json:"rules"`
				} `json:"driver"`
			} `json:"tool"`
			Results []struct {
				RuleID    string `json:"ruleId"`
				Locations []struct {
					PhysicalLocation struct {
						ArtifactLocation struct {
							URI string `json:"uri"`
						} `json:"artifactLocation"`
					} `json:"physicalLocation"`
				} `json:"locations"`
				Fixes        []json.RawMessage `json:"fixes"`
				Suppressions []struct {
					Kind          string `json:"kind"`
					Justification string `json:"justification"`
				} `json:"suppressions"`
			} `json:"results"`
		} `json:"runs"`
	}
	if err := json.Unmarshal([]byte(out), &log); err != nil {
		t.Fatalf("not JSON: %v\n%s", err, out)
	}
	if log.Version != "2.1.0" || len(log.Runs) != 1 || len(log.Runs[0].Tool.Driver.Rules) != len(registry.Passes) {
		t.Fatalf("version %q, %d runs: %s", log.Version, len(log.Runs), out)
	}
	var suppressed, fixed int
	for _, r := range log.Runs[0].Results {
		if uri := r.Locations[0].PhysicalLocation.ArtifactLocation.URI; uri != "svc/svc.go" {
			t.Errorf("uri %q, want svc/svc.go, relative to -srcroot", uri)
		}
		if len(r.Fixes) > 0 {
			fixed++
		}
		for _, s := range r.Suppressions {
			if s.Kind == "inSource" && s.Justification == "the audit record outlives the request" {
				suppressed++
			}
		}
	}
	if len(log.Runs[0].Results) != 3 || suppressed != 1 || fixed < 1 {
		t.Errorf("want 3 results (1 suppressed, fixes kept), got %d, %d suppressed, %d with fixes:\n%s", len(log.Runs[0].Results), suppressed, fixed, out)
	}
}

// TestProgramLeavesOutRootedCallers checks the whole-program step: run on
// a whole module, the findings in functions that only main's Background
// (also through an errgroup-like derivation of it)
// or a component's own root (also handed out by another package's getter,
// a process context's Context(), or kept from one and handed with a
// method value to a function that runs it with that context: a
// consumer's onMessage) (kept in a field, or given a cancel its
// function does not call on the way out) reaches, across packages, are
// left out (a context kept from a caller is that caller's, and a root
// cancelled on return stands in for one); a function a request, a
// function value, an interface out of view (database/sql's Pinger) or a
// fresh root outside main (a ctx-less wrapper's) can reach keeps its
// finding, unless nothing outside the module can call it (a package below
// internal/) and its roots are made where a context is in scope (the one
// that detaches it is then reported where it is made), or its roots are
// made by functions without a context that only main reaches, directly or
// through others of their kind (a wire server started by main, whose
// Start a handler's interface without its methods cannot reach, a wrapper
// only main calls, a method a framework out of view calls without a
// context, expvar's String: no context exists above them; not a wrapper
// beside its own context form, Flush beside FlushContext, API for
// others), and so
// does one only an example program calls; and so does every one with -program=false or when the run covers
// part of the module.
func TestProgramLeavesOutRootedCallers(t *testing.T) {
	dir, err := filepath.Abs(filepath.Join("..", "..", "testdata", "program"))
	if err != nil {
		t.Fatal(err)
	}
	kept := []string{"internal/jobs/jobs.go:22:14", "server/server.go:34:15", "store/store.go:21:14", "store/store.go:26:14", "store/store.go:38:14", "store/store.go:43:14", "store/store.go:62:14", "store/store.go:67:14", "store/store.go:103:14", "store/store.go:133:14", "store/store.go:149:14", "store/store.go:191:14", "store/store.go:202:14", "store/store.go:207:14", "store/store.go:212:14", "store/store.go:217:14", "mysqldrv/mysqldrv.go:23:22"}
	rooted := []string{"internal/jobs/jobs.go:17:14", "store/store.go:14:17", "store/store.go:33:14", "store/store.go:91:14", "store/store.go:120:14", "store/store.go:162:14", "store/store.go:167:14", "store/store.go:173:14", "store/store.go:179:14", "store/store.go:185:14", "internal/jobs/jobs.go:32:14", "store/store.go:197:14", "store/store.go:223:14", "metrics/metrics.go:21:17", "mysqldrv/mysqldrv.go:17:22"}
	check := func(name, out string, want, notWant []string) {
		t.Helper()
		for _, pos := range want {
			if !strings.Contains(out, pos+": ") {
				t.Errorf("%s: %s not reported:\n%s", name, pos, out)
			}
		}
		for _, pos := range notWant {
			if strings.Contains(out, pos+": ") {
				t.Errorf("%s: %s reported:\n%s", name, pos, out)
			}
		}
	}
	out, _, _ := runIn(t, dir, binary, "-cache=off", "./...")
	check("./...", out, kept, rooted)
	// Twice with the cache: the second run takes the summaries from it.
	for range 2 {
		out, _, _ = runIn(t, dir, binary, "./...")
		check("./... cached", out, kept, rooted)
	}
	out, _, _ = runIn(t, dir, binary, "-cache=off", "-program=false", "./...")
	check("-program=false", out, append(kept, rooted...), nil)
	out, _, _ = runIn(t, dir, binary, "-cache=off", "./store", "./internal/...")
	check("part of the module", out, slices.DeleteFunc(append(kept, rooted...), func(pos string) bool {
		return strings.HasPrefix(pos, "server/") || strings.HasPrefix(pos, "mysqldrv/") || strings.HasPrefix(pos, "metrics/")
	}), nil)
}
