//go:build unix

package main

import (
	"os"
	"os/exec"
	"syscall"
	"testing"
	"time"
)

// The test binary doubles as the measured child: BENCH_CHILD=work spins and
// holds memory; BENCH_CHILD=parent starts a work child and waits for it,
// as the go command waits for its compilers and vet tools.
func TestMain(m *testing.M) {
	switch os.Getenv("BENCH_CHILD") {
	case "work":
		mem := make([]byte, childMemory)
		for i := range mem {
			mem[i] = byte(i) // resident, not just reserved
		}
		for ownCPU() < childCPU { // CPU, not wall: the machine may be busy
		}
		os.Stdout.Write(mem[:1])
		os.Exit(0)
	case "parent":
		cmd := exec.Command(os.Args[0])
		cmd.Env = append(os.Environ(), "BENCH_CHILD=work")
		if err := cmd.Run(); err != nil {
			os.Exit(5)
		}
		os.Exit(1) // an exit code the tool may use for findings
	}
	os.Exit(m.Run())
}

func ownCPU() time.Duration {
	var ru syscall.Rusage
	syscall.Getrusage(syscall.RUSAGE_SELF, &ru)
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

const (
	childMemory = 96 << 20
	childCPU    = 400 * time.Millisecond
)

// TestMeasureCountsWaitedForProcesses checks the measurement the report
// rests on: CPU includes the processes the measured one waited for, and
// peak RSS is the largest of them, not the parent's own.
func TestMeasureCountsWaitedForProcesses(t *testing.T) {
	b := &bench{cfg: config{n: 1}, logs: t.TempDir(), baseEnv: os.Environ()}
	tg := &target{name: "child", dir: t.TempDir(), env: []string{"BENCH_CHILD=parent"}}
	if err := b.measure(tg, 1, toolVet, warm, none, t.TempDir(), []string{os.Args[0]}); err != nil {
		t.Fatal(err)
	}
	r := b.find("child", toolVet, warm, none)
	if r == nil || len(r.samples) != 1 {
		t.Fatalf("no sample recorded: %+v", b.rows)
	}
	s := r.samples[0]
	if s.exit != 1 {
		t.Errorf("exit = %d, want 1", s.exit)
	}
	if s.cpu < childCPU*3/4 {
		t.Errorf("CPU = %v, want at least the child's %v", s.cpu, childCPU)
	}
	if s.rss < childMemory {
		t.Errorf("peak RSS = %.0f MB, want at least the child's %d MB", mb(s.rss), childMemory>>20)
	}
	if s.wall < s.cpu/2 {
		t.Errorf("wall %v is implausibly short for CPU %v of one thread at a time", s.wall, s.cpu)
	}
}

func TestMedian(t *testing.T) {
	sec := func(v ...float64) *row {
		r := &row{}
		for _, x := range v {
			r.samples = append(r.samples, sample{cpu: time.Duration(x * float64(time.Second))})
		}
		return r
	}
	for _, tc := range []struct {
		r    *row
		want float64
	}{
		{sec(3), 3},
		{sec(9, 1, 5), 5},
		{sec(4, 1, 2, 100), 3},
		{sec(), 0},
	} {
		if got := tc.r.median(cpuOf); got != tc.want {
			t.Errorf("median of %v = %v, want %v", tc.r.samples, got, tc.want)
		}
	}
}

func TestStatsParsed(t *testing.T) {
	m := statsRE.FindSubmatch([]byte("budgetlint: 672 packages listed, 0 analysed, 388 from the cache, 0 type-checked for their exports only\n"))
	if m == nil || string(m[1]) != "672" || string(m[3]) != "388" {
		t.Fatalf("budgetlint -v's line not understood: %q", m)
	}
}
