//go:build unix

// Command bench measures budgetlint beside its peers on the same code, in
// one run, on a machine that has only Go:
//
//	go run ./bench                       # everything, 3 repeats (about an hour on 2 cores)
//	go run ./bench -quick                # a few minutes: a slice of x/tools, testdata, stress
//	go run ./bench -targets xtools -tools budgetlint,contextcheck -n 5
//	go run ./bench -targets funcs -tools budgetlint   # one file of 10,000 and 40,000 functions
//
// It builds budgetlint from this tree, installs contextcheck and noctx at
// pinned versions into a scratch GOBIN (they are measurement tools, not
// dependencies), and runs, on the standard library and on a writable copy
// of golang.org/x/tools from the module cache:
//
//   - budgetlint standalone with an empty GOCACHE and an empty results
//     cache (cold), again with both filled by that run (warm), and with a
//     filled GOCACHE but an empty results cache;
//   - go vet, go vet -vettool=budgetlint and go vet -vettool=noctx (noctx
//     only runs under go vet), each with an empty GOCACHE, where go vet
//     compiles every dependency, and again with that GOCACHE filled;
//   - contextcheck, with a filled GOCACHE (it does not use the build
//     cache beyond listing packages).
//
// Each run is a child process: CPU is its user+sys time and that of every
// process it waited for (the go command's compilers and vet tools), peak
// RSS the largest resident set of any one of them, from wait4's rusage.
// The report gives medians of -n repeats, the ratios to the peers against
// issue 9's targets, and budgetlint's CPU per 1,000 lines on std, x/tools,
// the repository's testdata and a generated stress package at growing
// sizes, to show that the cost is linear in the code.
package main

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/exec"
	"os/signal"
	"path/filepath"
	"regexp"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"time"

	"github.com/budgetlint/budgetlint/bench/stress"
)

// The peers, pinned.
const (
	contextcheckPkg = "github.com/kkHAIKE/contextcheck/cmd/contextcheck@v1.1.6"
	noctxPkg        = "github.com/sonatard/noctx/cmd/noctx@v0.5.1"
	xtoolsModule    = "golang.org/x/tools@v0.52.0"
)

// Tools, by the names -tools takes.
const (
	toolBudgetlint    = "budgetlint"     // standalone
	toolVet           = "vet"            // plain go vet
	toolVetBudgetlint = "vet-budgetlint" // go vet -vettool=budgetlint
	toolVetNoctx      = "vet-noctx"      // go vet -vettool=noctx
	toolContextcheck  = "contextcheck"
)

var allTools = []string{toolBudgetlint, toolVet, toolVetBudgetlint, toolVetNoctx, toolContextcheck}

// Cache states, as the table prints them.
const (
	cold = "cold"
	warm = "warm"
	none = "-"
)

type config struct {
	n        int
	targets  []string
	tools    []string
	coldVet  bool
	stress   []int
	funcs    []int
	xpattern string
	work     string
	keep     bool
}

func main() {
	var cfg config
	var targets, tools, scales, funcs string
	var quick bool
	flag.IntVar(&cfg.n, "n", 3, "repeats of each measurement; the report gives medians")
	flag.StringVar(&targets, "targets", "std,xtools,testdata,stress", "targets, comma-separated: std, xtools, testdata, stress, funcs")
	flag.StringVar(&tools, "tools", strings.Join(allTools, ","), "tools, comma-separated: "+strings.Join(allTools, ", "))
	flag.BoolVar(&cfg.coldVet, "cold", true, "also run go vet with an empty GOCACHE (it then compiles every dependency: the slowest part of the run)")
	flag.StringVar(&scales, "stress", "0,1,2,4", "sizes of the stress package, in multiples of issue 9's (0: the scaffolding alone, the fixed cost)")
	flag.StringVar(&funcs, "funcs", "10000,40000", "sizes of the funcs target: one file of this many small functions (issue 15: cost linear in a file's size)")
	flag.StringVar(&cfg.xpattern, "xtools-pattern", "./...", "packages of x/tools to analyse")
	flag.StringVar(&cfg.work, "work", "", "scratch directory (default: a new temporary one, removed at the end)")
	flag.BoolVar(&cfg.keep, "keep", false, "keep the scratch directory, with every run's output under logs/")
	flag.BoolVar(&quick, "quick", false, "a few minutes: -n 1 -targets xtools,testdata,stress -xtools-pattern ./go/analysis/... -stress 0,1,2")
	flag.Usage = func() {
		fmt.Fprintf(os.Stderr, "usage: go run ./bench [flags]   (from the repository root)\n\n")
		flag.PrintDefaults()
	}
	flag.Parse()
	if quick {
		cfg.n, targets, cfg.xpattern, scales = 1, "xtools,testdata,stress", "./go/analysis/...", "0,1,2"
	}
	cfg.targets, cfg.tools = split(targets), split(tools)
	for _, t := range cfg.targets {
		if !slices.Contains([]string{"std", "xtools", "testdata", "stress", "funcs"}, t) {
			fatalf("unknown target %q", t)
		}
	}
	for _, t := range cfg.tools {
		if !slices.Contains(allTools, t) {
			fatalf("unknown tool %q", t)
		}
	}
	for _, s := range split(scales) {
		k, err := strconv.Atoi(s)
		if err != nil || k < 0 {
			fatalf("-stress: bad scale %q", s)
		}
		cfg.stress = append(cfg.stress, k)
	}
	for _, s := range split(funcs) {
		n, err := strconv.Atoi(s)
		if err != nil || n < 0 {
			fatalf("-funcs: bad size %q", s)
		}
		cfg.funcs = append(cfg.funcs, n)
	}
	if cfg.n < 1 {
		fatalf("-n must be at least 1")
	}
	if err := run(cfg); err != nil {
		fatalf("%v", err)
	}
}

func split(s string) []string {
	var out []string
	for _, f := range strings.Split(s, ",") {
		if f = strings.TrimSpace(f); f != "" {
			out = append(out, f)
		}
	}
	return out
}

func fatalf(format string, args ...any) {
	fmt.Fprintf(os.Stderr, "bench: "+format+"\n", args...)
	os.Exit(2)
}

func logf(format string, args ...any) {
	fmt.Fprintf(os.Stderr, "bench: "+format+"\n", args...)
}

// target is code to measure.
type target struct {
	name     string
	dir      string   // where the tools run
	env      []string // added to the environment
	patterns []string
	peers    bool // side by side with the peers; otherwise budgetlint's CPU per line only
	scale    int  // stress size, -1 for other targets
	lines    int  // lines of Go in the packages matched, tests included
}

// sample is one measured run.
type sample struct {
	cpu, wall time.Duration
	rss       int64 // bytes
	exit      int
	stats     string // budgetlint -v's counts
}

// row is one line of the table: a tool on a target in one cache state.
type row struct {
	target, tool, gocache, results string
	samples                        []sample
}

type bench struct {
	mu      sync.Mutex
	stop    bool      // interrupted: report what was measured
	child   *exec.Cmd // the run in progress
	cfg     config
	commit  string // the tree budgetlint was built from
	root    string // the repository
	work    string
	bin     string
	logs    string
	baseEnv []string
	rows    []*row
	runs    int
}

func run(cfg config) error {
	b := &bench{cfg: cfg}
	root, err := repoRoot()
	if err != nil {
		return err
	}
	b.root = root
	if cfg.work == "" {
		if b.work, err = os.MkdirTemp("", "budgetlint-bench-"); err != nil {
			return err
		}
	} else {
		b.work = cfg.work
		if err := os.MkdirAll(b.work, 0o755); err != nil {
			return err
		}
	}
	if !cfg.keep && cfg.work == "" {
		defer os.RemoveAll(b.work)
	} else {
		logf("scratch directory: %s", b.work)
	}
	b.bin = filepath.Join(b.work, "bin")
	b.logs = filepath.Join(b.work, "logs")
	for _, d := range []string{b.bin, b.logs} {
		if err := os.MkdirAll(d, 0o755); err != nil {
			return err
		}
	}
	b.baseEnv = baseEnv()
	loadStart := loadavg()
	start := time.Now()

	if err := b.install(); err != nil {
		return err
	}
	targets, err := b.prepare()
	if err != nil {
		return err
	}
	b.stopOnInterrupt()
	var failed error
	for _, t := range targets {
		if err := b.measureTarget(t); err != nil {
			logf("%s: %v (reporting what was measured)", t.name, err)
			failed = err
		}
		if b.interrupted() {
			break
		}
	}
	b.report(os.Stdout, targets, start, loadStart)
	return failed
}

// repoRoot is the budgetlint module's directory, where go run ./bench runs.
func repoRoot() (string, error) {
	out, err := exec.Command("go", "list", "-m", "-f", "{{.Path}} {{.Dir}}").Output()
	if err != nil {
		return "", fmt.Errorf("go list -m: %v (run from the repository: go run ./bench)", err)
	}
	path, dir, _ := strings.Cut(strings.TrimSpace(string(out)), " ")
	if path != "github.com/budgetlint/budgetlint" {
		return "", fmt.Errorf("run from budgetlint's repository (go run ./bench), not from %s", path)
	}
	return dir, nil
}

// baseEnv is the environment of every measured run: the user's, without
// the caches the runs set themselves, and outside any workspace.
func baseEnv() []string {
	var env []string
	for _, kv := range os.Environ() {
		k, _, _ := strings.Cut(kv, "=")
		switch k {
		case "GOCACHE", "BUDGETLINT_CACHE", "GOWORK", "GO111MODULE", "GOPATH":
			continue
		}
		env = append(env, kv)
	}
	gopath, _ := exec.Command("go", "env", "GOPATH").Output()
	return append(env, "GOWORK=off", "GOPATH="+strings.TrimSpace(string(gopath)))
}

func (b *bench) has(tool string) bool { return slices.Contains(b.cfg.tools, tool) }

// install builds budgetlint and installs the peers into the scratch GOBIN,
// with the user's build cache: installing is not measured.
func (b *bench) install() error {
	commit, _ := exec.Command("git", "-C", b.root, "describe", "--always", "--dirty").Output()
	b.commit = strings.TrimSpace(string(commit))
	logf("building budgetlint %s", b.commit)
	if err := b.goCmd(b.root, nil, "build", "-o", filepath.Join(b.bin, "budgetlint"), "./cmd/budgetlint"); err != nil {
		return err
	}
	for tool, pkg := range map[string]string{toolContextcheck: contextcheckPkg, toolVetNoctx: noctxPkg} {
		if !b.has(tool) {
			continue
		}
		logf("go install %s", pkg)
		if err := b.goCmd(b.work, []string{"GOBIN=" + b.bin}, "install", pkg); err != nil {
			return err
		}
	}
	return nil
}

// goCmd runs an unmeasured go command, failing with its output.
func (b *bench) goCmd(dir string, env []string, args ...string) error {
	cmd := exec.Command("go", args...)
	cmd.Dir = dir
	cmd.Env = append(slices.Clone(b.baseEnv), env...)
	out, err := cmd.CombinedOutput()
	if err != nil {
		return fmt.Errorf("go %s: %v\n%s", strings.Join(args, " "), err, out)
	}
	return nil
}

// prepare lays out the targets and counts their lines.
func (b *bench) prepare() ([]*target, error) {
	var targets []*target
	for _, name := range b.cfg.targets {
		switch name {
		case "std":
			dir := filepath.Join(b.work, "std") // outside any module
			if err := os.MkdirAll(dir, 0o755); err != nil {
				return nil, err
			}
			targets = append(targets, &target{name: "std", dir: dir, patterns: []string{"std"}, peers: true, scale: -1})
		case "xtools":
			dir, err := b.copyXTools()
			if err != nil {
				return nil, err
			}
			name := "x/tools"
			if b.cfg.xpattern != "./..." {
				name += " " + b.cfg.xpattern
			}
			targets = append(targets, &target{name: name, dir: dir, patterns: []string{b.cfg.xpattern}, peers: true, scale: -1})
		case "testdata":
			// GOPATH layout, as analysistest reads it; the packages that
			// are broken on purpose are listed but not analysed.
			targets = append(targets, &target{
				name: "testdata", dir: filepath.Join(b.root, "testdata", "src"), patterns: []string{"./..."}, scale: -1,
				env: []string{"GO111MODULE=off", "GOPATH=" + filepath.Join(b.root, "testdata")},
			})
		case "stress":
			for _, k := range b.cfg.stress {
				dir := filepath.Join(b.work, fmt.Sprintf("stress-x%d", k))
				if _, err := stress.Write(dir, k); err != nil {
					return nil, err
				}
				targets = append(targets, &target{name: fmt.Sprintf("stress ×%d", k), dir: dir, patterns: []string{"./..."}, scale: k})
			}
		case "funcs":
			for _, n := range b.cfg.funcs {
				dir := filepath.Join(b.work, fmt.Sprintf("funcs-%d", n))
				if _, err := stress.WriteFuncs(dir, n); err != nil {
					return nil, err
				}
				targets = append(targets, &target{name: fmt.Sprintf("funcs %d", n), dir: dir, patterns: []string{"./..."}, scale: -1})
			}
		}
	}
	for _, t := range targets {
		n, err := b.countLines(t)
		if err != nil {
			return nil, fmt.Errorf("%s: counting lines: %v", t.name, err)
		}
		t.lines = n
		logf("%s: %d lines of Go", t.name, n)
	}
	return targets, nil
}

// copyXTools copies x/tools from the module cache (downloading it if
// needed) to a writable scratch directory and downloads its dependencies.
func (b *bench) copyXTools() (string, error) {
	out, err := exec.Command("go", "mod", "download", "-json", xtoolsModule).Output()
	if err != nil {
		return "", fmt.Errorf("go mod download %s: %v", xtoolsModule, err)
	}
	var mod struct{ Dir string }
	if err := json.Unmarshal(out, &mod); err != nil || mod.Dir == "" {
		return "", fmt.Errorf("go mod download %s: no directory", xtoolsModule)
	}
	dir := filepath.Join(b.work, "xtools")
	if _, err := os.Stat(dir); err != nil {
		logf("copying %s to %s", mod.Dir, dir)
		if err := os.CopyFS(dir, os.DirFS(mod.Dir)); err != nil { // files come out writable
			return "", err
		}
	}
	return dir, b.goCmd(dir, nil, "mod", "download")
}

// countLines counts the lines of the Go files, tests included, of the
// packages the target's patterns match: the code the tools analyse.
func (b *bench) countLines(t *target) (int, error) {
	cmd := exec.Command("go", append([]string{"list", "-e", "-json=Dir,GoFiles,CgoFiles,TestGoFiles,XTestGoFiles"}, t.patterns...)...)
	cmd.Dir = t.dir
	cmd.Env = append(slices.Clone(b.baseEnv), t.env...)
	out, err := cmd.Output()
	if err != nil {
		return 0, err
	}
	total := 0
	dec := json.NewDecoder(bytes.NewReader(out))
	for {
		var p struct {
			Dir                                          string
			GoFiles, CgoFiles, TestGoFiles, XTestGoFiles []string
		}
		if err := dec.Decode(&p); err == io.EOF {
			break
		} else if err != nil {
			return 0, err
		}
		for _, list := range [][]string{p.GoFiles, p.CgoFiles, p.TestGoFiles, p.XTestGoFiles} {
			for _, f := range list {
				src, err := os.ReadFile(filepath.Join(p.Dir, f))
				if err != nil {
					return 0, err
				}
				total += bytes.Count(src, []byte("\n"))
			}
		}
	}
	return total, nil
}

// stopOnInterrupt makes an interrupt end the run in progress and the
// benchmark, which then reports what it measured.
func (b *bench) stopOnInterrupt() {
	c := make(chan os.Signal, 1)
	signal.Notify(c, os.Interrupt, syscall.SIGTERM)
	go func() {
		<-c
		logf("interrupted: stopping, then reporting what was measured")
		b.mu.Lock()
		b.stop = true
		if b.child != nil && b.child.Process != nil {
			b.child.Process.Signal(os.Interrupt)
		}
		b.mu.Unlock()
	}()
}

func (b *bench) interrupted() bool {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.stop
}

var errInterrupted = errors.New("interrupted")

// scratch returns a new empty directory for a cache.
func (b *bench) scratch(kind string) string {
	dir, err := os.MkdirTemp(b.work, kind+"-")
	if err != nil {
		fatalf("%v", err)
	}
	return dir
}

// measureTarget runs every selected tool on t, -n times, one repeat of all
// tools after the other so that a slow spell of a shared machine spreads
// over all of them.
func (b *bench) measureTarget(t *target) error {
	bl := filepath.Join(b.bin, "budgetlint")
	vet := func(tool string) []string {
		args := []string{"go", "vet"}
		switch tool {
		case toolVetBudgetlint:
			args = append(args, "-vettool="+bl)
		case toolVetNoctx:
			args = append(args, "-vettool="+filepath.Join(b.bin, "noctx"))
		}
		return append(args, t.patterns...)
	}
	blArgs := func(cache string) []string {
		return append([]string{bl, "-v", "-cache=" + cache}, t.patterns...)
	}
	for i := 1; i <= b.cfg.n; i++ {
		if !t.peers {
			// CPU per line: budgetlint with its build cache filled and no
			// results cache, as for the x/tools and std rows below.
			if !b.has(toolBudgetlint) {
				return nil
			}
			gocache := b.scratch("gocache")
			if err := b.warmList(t, gocache); err != nil {
				return err
			}
			if err := b.measure(t, i, toolBudgetlint, warm, cold, gocache, blArgs(b.scratch("results"))); err != nil {
				return err
			}
			os.RemoveAll(gocache)
			continue
		}
		if b.has(toolBudgetlint) || b.has(toolContextcheck) {
			gocache := b.scratch("gocache")
			if b.has(toolBudgetlint) {
				results := b.scratch("results")
				for _, state := range []string{cold, warm} {
					if err := b.measure(t, i, toolBudgetlint, state, state, gocache, blArgs(results)); err != nil {
						return err
					}
				}
				if err := b.measure(t, i, toolBudgetlint, warm, cold, gocache, blArgs(b.scratch("results"))); err != nil {
					return err
				}
			} else if err := b.warmList(t, gocache); err != nil {
				return err
			}
			if b.has(toolContextcheck) {
				args := append([]string{filepath.Join(b.bin, "contextcheck")}, t.patterns...)
				if err := b.measure(t, i, toolContextcheck, warm, none, gocache, args); err != nil {
					return err
				}
			}
			os.RemoveAll(gocache)
		}
		for _, tool := range []string{toolVet, toolVetBudgetlint, toolVetNoctx} {
			if !b.has(tool) {
				continue
			}
			gocache := b.vetCache(tool)
			if b.cfg.coldVet {
				if err := b.measure(t, i, tool, cold, none, gocache, vet(tool)); err != nil {
					return err
				}
			} else if i == 1 {
				logf("%s %s: filling GOCACHE (not measured)", t.name, tool)
				b.measure(t, 0, tool, cold, none, gocache, vet(tool))
			}
			if err := b.measure(t, i, tool, warm, none, gocache, vet(tool)); err != nil {
				return err
			}
			if b.cfg.coldVet {
				os.RemoveAll(gocache)
			}
		}
	}
	return nil
}

// vetCache is the GOCACHE of a go vet run: a new one per run with -cold,
// otherwise one per tool, filled by an unmeasured first run.
func (b *bench) vetCache(tool string) string {
	if b.cfg.coldVet {
		return b.scratch("gocache")
	}
	dir := filepath.Join(b.work, "gocache-"+tool)
	os.MkdirAll(dir, 0o755)
	return dir
}

// warmList fills gocache with what listing the target's packages needs
// (cgo's output), as a run of any tool would.
func (b *bench) warmList(t *target, gocache string) error {
	env := append(slices.Clone(t.env), "GOCACHE="+gocache)
	return b.goCmd(t.dir, env, append([]string{"list", "-e", "-compiled", "-deps", "-test", "-f", "{{.ImportPath}}"}, t.patterns...)...)
}

var statsRE = regexp.MustCompile(`budgetlint: (\d+) packages listed, (\d+) analysed, (\d+) from the cache, (\d+) type-checked[^,]*(?:, (\d+) left alone)?`)

// measure runs argv in t.dir as one repeat (0: a warm-up, not recorded).
func (b *bench) measure(t *target, repeat int, tool, gocache, results, cacheDir string, argv []string) error {
	b.runs++
	name := fmt.Sprintf("%03d-%s-%s", b.runs, strings.NewReplacer(" ", "", "/", "", "×", "x", ".", "").Replace(t.name), tool)
	stdout, err := os.Create(filepath.Join(b.logs, name+".out"))
	if err != nil {
		return err
	}
	defer stdout.Close()
	var stderr bytes.Buffer
	cmd := exec.Command(argv[0], argv[1:]...)
	cmd.Dir = t.dir
	cmd.Env = append(append(slices.Clone(b.baseEnv), t.env...), "GOCACHE="+cacheDir)
	cmd.Stdout, cmd.Stderr = stdout, &stderr
	b.mu.Lock()
	if b.stop {
		b.mu.Unlock()
		return errInterrupted
	}
	start := time.Now()
	err = cmd.Start()
	b.child = cmd
	b.mu.Unlock()
	if err == nil {
		err = cmd.Wait()
	}
	wall := time.Since(start)
	b.mu.Lock()
	b.child = nil
	b.mu.Unlock()
	if b.interrupted() {
		return errInterrupted
	}
	os.WriteFile(filepath.Join(b.logs, name+".err"), stderr.Bytes(), 0o644)
	var exitErr *exec.ExitError
	if err != nil && !errors.As(err, &exitErr) {
		return fmt.Errorf("%s: %v", strings.Join(argv, " "), err)
	}
	if cmd.ProcessState.ExitCode() < 0 {
		return fmt.Errorf("%s: %v\n%s", strings.Join(argv, " "), cmd.ProcessState, tail(stderr.Bytes()))
	}
	ru := cmd.ProcessState.SysUsage().(*syscall.Rusage)
	s := sample{
		cpu:  time.Duration(ru.Utime.Nano() + ru.Stime.Nano()),
		wall: wall,
		rss:  int64(ru.Maxrss),
		exit: cmd.ProcessState.ExitCode(),
	}
	if runtime.GOOS != "darwin" {
		s.rss *= 1024 // kilobytes, except on macOS
	}
	if m := statsRE.FindSubmatch(stderr.Bytes()); m != nil {
		s.stats = fmt.Sprintf("%s listed, %s analysed, %s from the cache, %s exports only", m[1], m[2], m[3], m[4])
		if m[5] != nil {
			s.stats += fmt.Sprintf(", %s without context", m[5])
		}
	}
	if !expectedExit(tool, s.exit) {
		logf("%s on %s exited %d:\n%s", tool, t.name, s.exit, tail(stderr.Bytes()))
	}
	if repeat == 0 {
		return nil
	}
	logf("%s %d/%d %-14s GOCACHE %-4s results %-4s %7.2fs CPU %7.2fs wall %6.0f MB  %s",
		t.name, repeat, b.cfg.n, tool, gocache, results, s.cpu.Seconds(), s.wall.Seconds(), mb(s.rss), s.stats)
	r := b.row(t.name, tool, gocache, results)
	r.samples = append(r.samples, s)
	return nil
}

// expectedExit: 0 clean, 1 findings (budgetlint, go vet), 3 findings
// (contextcheck) or some packages not analysed (budgetlint).
func expectedExit(tool string, code int) bool {
	switch tool {
	case toolBudgetlint, toolContextcheck:
		return code == 0 || code == 1 || code == 3
	default:
		return code == 0 || code == 1
	}
}

func tail(b []byte) string {
	lines := strings.Split(strings.TrimSpace(string(b)), "\n")
	return strings.Join(lines[max(0, len(lines)-5):], "\n")
}

func (b *bench) row(target, tool, gocache, results string) *row {
	for _, r := range b.rows {
		if r.target == target && r.tool == tool && r.gocache == gocache && r.results == results {
			return r
		}
	}
	r := &row{target: target, tool: tool, gocache: gocache, results: results}
	b.rows = append(b.rows, r)
	return r
}

func (b *bench) find(target, tool, gocache, results string) *row {
	for _, r := range b.rows {
		if r.target == target && r.tool == tool && r.gocache == gocache && r.results == results {
			return r
		}
	}
	return nil
}

// median of the samples' values.
func (r *row) median(f func(sample) float64) float64 {
	var v []float64
	for _, s := range r.samples {
		v = append(v, f(s))
	}
	slices.Sort(v)
	n := len(v)
	if n == 0 {
		return 0
	}
	if n%2 == 1 {
		return v[n/2]
	}
	return (v[n/2-1] + v[n/2]) / 2
}

func cpuOf(s sample) float64  { return s.cpu.Seconds() }
func wallOf(s sample) float64 { return s.wall.Seconds() }
func rssOf(s sample) float64  { return float64(s.rss) }

func mb(bytes int64) float64 { return float64(bytes) / (1 << 20) }

var toolTitle = map[string]string{
	toolBudgetlint:    "budgetlint",
	toolVet:           "go vet",
	toolVetBudgetlint: "go vet -vettool=budgetlint",
	toolVetNoctx:      "go vet -vettool=noctx",
	toolContextcheck:  "contextcheck",
}

func (b *bench) report(w io.Writer, targets []*target, start time.Time, loadStart string) {
	bw := bufio.NewWriter(w)
	defer bw.Flush()
	goVersion, _ := exec.Command("go", "env", "GOVERSION").Output()
	fmt.Fprintf(bw, "## budgetlint benchmark\n\n")
	fmt.Fprintf(bw, "- command: `go run ./bench %s`\n", strings.Join(os.Args[1:], " "))
	fmt.Fprintf(bw, "- date: %s; took %s\n", start.UTC().Format("2006-01-02 15:04 MST"), time.Since(start).Round(time.Second))
	fmt.Fprintf(bw, "- machine: %s/%s, %d CPUs (%s), %s memory; load average %s at the start, %s at the end\n",
		runtime.GOOS, runtime.GOARCH, runtime.NumCPU(), cpuModel(), memTotal(), loadStart, loadavg())
	fmt.Fprintf(bw, "- %s, budgetlint %s, contextcheck %s, noctx %s\n",
		strings.TrimSpace(string(goVersion)), b.commit, version(contextcheckPkg), version(noctxPkg))
	fmt.Fprintf(bw, "- medians of %d runs; CPU is user+sys of the process and every process it waited for (compilers, vet tools); peak RSS is the largest of any one of them\n", b.cfg.n)
	fmt.Fprintf(bw, "- GOCACHE cold: an empty build cache; warm: filled by the run before (budgetlint, go vet) or by listing the packages (contextcheck). results: budgetlint's own cache (-cache)\n\n")

	fmt.Fprintf(bw, "| target | tool | GOCACHE | results | CPU s | wall s | peak RSS MB | exit | budgetlint -v |\n|---|---|---|---|--:|--:|--:|--:|---|\n")
	for _, t := range targets {
		for _, r := range b.rows {
			if r.target != t.name || !t.peers {
				continue
			}
			last := r.samples[len(r.samples)-1]
			fmt.Fprintf(bw, "| %s | %s | %s | %s | %.2f | %.2f | %.0f | %d | %s |\n",
				r.target, toolTitle[r.tool], r.gocache, r.results, r.median(cpuOf), r.median(wallOf), mb(int64(r.median(rssOf))), last.exit, last.stats)
		}
	}

	fmt.Fprintf(bw, "\n### Against issue 9's targets\n\n| target | comparison | CPU | wall | peak RSS | goal | holds |\n|---|---|--:|--:|--:|---|---|\n")
	for _, t := range targets {
		if t.peers {
			b.verdicts(bw, t.name)
		}
	}

	fmt.Fprintf(bw, "\n### CPU per 1,000 lines (budgetlint standalone, GOCACHE warm, results cold)\n\n")
	fmt.Fprintf(bw, "| target | lines | CPU s | CPU s per 1,000 lines | above the fixed cost, per 1,000 lines | peak RSS MB |\n|---|--:|--:|--:|--:|--:|\n")
	var base *target
	for _, t := range targets {
		if t.scale == 0 {
			base = t
		}
	}
	for _, t := range targets {
		r := b.find(t.name, toolBudgetlint, warm, cold)
		if r == nil {
			continue
		}
		cpu := r.median(cpuOf)
		marginal := ""
		if t.scale > 0 && base != nil {
			if br := b.find(base.name, toolBudgetlint, warm, cold); br != nil && t.lines > base.lines {
				marginal = fmt.Sprintf("%.3f", (cpu-br.median(cpuOf))/(float64(t.lines-base.lines)/1000))
			}
		}
		fmt.Fprintf(bw, "| %s | %d | %.2f | %.3f | %s | %.0f |\n", t.name, t.lines, cpu, cpu/(float64(t.lines)/1000), marginal, mb(int64(r.median(rssOf))))
	}
	if base != nil && b.find(base.name, toolBudgetlint, warm, cold) != nil {
		fmt.Fprintf(bw, "\nstress ×k: one function of %d×k lines, closures nested %d×k deep, %d×k small functions; ×0 is the scaffolding alone, whose CPU is the fixed cost of a run (start-up, listing, type-checking imports). Linear cost shows as a flat last-but-one column.\n",
			stress.BigFuncLines, stress.NestDepth, stress.SmallFuncs)
	}
	if slices.Contains(b.cfg.targets, "funcs") {
		fmt.Fprintf(bw, "\nfuncs n: one file of n small functions and nothing else; linear cost shows as a flat CPU per 1,000 lines across the sizes.\n")
	}
}

// verdicts prints the ratios of issue 9 for one target.
func (b *bench) verdicts(w io.Writer, target string) {
	type side struct{ tool, gocache, results string }
	// compare divides num's median CPU, wall time and RSS by den's; ok is
	// false when either side was not measured.
	compare := func(num, den side) (cpu, wall, rss float64, ok bool) {
		n := b.find(target, num.tool, num.gocache, num.results)
		d := b.find(target, den.tool, den.gocache, den.results)
		if n == nil || d == nil {
			return 0, 0, 0, false
		}
		return n.median(cpuOf) / d.median(cpuOf), n.median(wallOf) / d.median(wallOf), n.median(rssOf) / d.median(rssOf), true
	}
	ratio := func(what string, num, den side, goal string, holds func(cpu, rss float64) bool) {
		cpu, wall, rss, ok := compare(num, den)
		if !ok {
			return
		}
		verdict := ""
		switch {
		case holds == nil:
		case holds(cpu, rss):
			verdict = "yes"
		default:
			verdict = "no"
		}
		fmt.Fprintf(w, "| %s | %s | %.2f× | %.2f× | %.2f× | %s | %s |\n", target, what, cpu, wall, rss, goal, verdict)
	}
	speedup := func(what string, slow, fast side, judged bool) {
		cpu, wall, _, ok := compare(slow, fast)
		if !ok {
			return
		}
		goal, verdict := "", ""
		if judged {
			goal, verdict = "≥ 5× faster", "no"
			if cpu >= 5 && wall >= 5 {
				verdict = "yes"
			}
		}
		fmt.Fprintf(w, "| %s | %s | %.1f× faster | %.1f× faster | | %s | %s |\n", target, what, cpu, wall, goal, verdict)
	}
	quarter := func(cpu, rss float64) bool { return cpu <= 0.25 && rss <= 0.25 }
	within := func(cpu, _ float64) bool { return cpu <= 1.2 }
	blCold, blWarm := side{toolBudgetlint, cold, cold}, side{toolBudgetlint, warm, warm}
	blFresh := side{toolBudgetlint, warm, cold}
	cc := side{toolContextcheck, warm, none}
	ratio("budgetlint (results cold, GOCACHE warm) / contextcheck", blFresh, cc, "CPU and RSS ≤ 0.25×", quarter)
	ratio("budgetlint (both caches cold) / contextcheck (GOCACHE warm)", blCold, cc, "CPU and RSS ≤ 0.25×", quarter)
	for _, state := range []string{cold, warm} {
		ratio("go vet -vettool=budgetlint / go vet, GOCACHE "+state, side{toolVetBudgetlint, state, none}, side{toolVet, state, none}, "CPU ≤ 1.2×", within)
	}
	for _, state := range []string{cold, warm} {
		ratio("go vet -vettool=budgetlint / go vet -vettool=noctx, GOCACHE "+state, side{toolVetBudgetlint, state, none}, side{toolVetNoctx, state, none}, "", nil)
	}
	// Issue 9's goal compares the second run with the first, on a machine
	// where nothing is cached yet. Against a first run that finds the
	// build cache filled, the floor is listing the packages (go list),
	// which both runs pay: shown, not judged.
	speedup("budgetlint warm (second run) vs cold (first run, both caches empty)", blCold, blWarm, true)
	speedup("budgetlint warm vs results cold with GOCACHE warm", blFresh, blWarm, false)
}

// version is the @version of a pinned package.
func version(pkg string) string {
	_, v, _ := strings.Cut(pkg, "@")
	return v
}

func loadavg() string {
	data, err := os.ReadFile("/proc/loadavg")
	if err != nil {
		out, err := exec.Command("uptime").Output()
		if err != nil {
			return "?"
		}
		_, after, _ := strings.Cut(string(out), "load average")
		return strings.Trim(after, ": \n")
	}
	f := strings.Fields(string(data))
	return strings.Join(f[:min(3, len(f))], " ")
}

func cpuModel() string {
	data, _ := os.ReadFile("/proc/cpuinfo")
	for _, l := range strings.Split(string(data), "\n") {
		if k, v, ok := strings.Cut(l, ":"); ok && strings.TrimSpace(k) == "model name" {
			return strings.TrimSpace(v)
		}
	}
	return "unknown CPU"
}

func memTotal() string {
	data, _ := os.ReadFile("/proc/meminfo")
	for _, l := range strings.Split(string(data), "\n") {
		if f := strings.Fields(l); len(f) >= 2 && f[0] == "MemTotal:" {
			kb, _ := strconv.ParseFloat(f[1], 64)
			return fmt.Sprintf("%.0f GB", kb/(1<<20))
		}
	}
	return "unknown"
}
