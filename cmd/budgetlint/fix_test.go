package main

import (
	"bytes"
	"errors"
	"go/token"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"syscall"
	"testing"

	"golang.org/x/tools/go/analysis"

	"github.com/budgetlint/budgetlint/internal/driver"
	"github.com/budgetlint/budgetlint/internal/passtest"
	"github.com/budgetlint/budgetlint/passes/ctxbackground"
)

// fixOf is a finding whose fix replaces old, the first time it occurs in
// the file, with new, computed on the file's content as it is now.
func fixOf(t *testing.T, name, old, new string) driver.Diagnostic {
	t.Helper()
	src, err := os.ReadFile(name)
	if err != nil {
		t.Fatal(err)
	}
	i := bytes.Index(src, []byte(old))
	if i < 0 {
		t.Fatalf("%s has no %q", name, old)
	}
	return driver.Diagnostic{Fixes: []driver.Fix{{Edits: []driver.Edit{{
		Filename: name,
		Start:    token.Position{Filename: name, Offset: i},
		End:      token.Position{Filename: name, Offset: i + len(old)},
		New:      new,
		Sum:      driver.ContentSum(src),
	}}}}}
}

// tmpfs mounts a small tmpfs at a new directory, for as long as the test
// runs. It needs root (or CAP_SYS_ADMIN): the test is skipped without.
func tmpfs(t *testing.T, options string) string {
	t.Helper()
	dir := t.TempDir()
	if out, err := exec.Command("mount", "-t", "tmpfs", "-o", options, "tmpfs", dir).CombinedOutput(); err != nil {
		t.Skipf("cannot mount a tmpfs here (needs root): %v %s", err, out)
	}
	t.Cleanup(func() { exec.Command("umount", dir).Run() })
	return dir
}

// Issue 15, row 2: -fix on a full disk truncated the file it rewrote in
// place. It now writes a temporary file and renames it over the original,
// so the original stays whole. The disk is a real one: a tmpfs filled to
// the last byte.
func TestFixOnAFullDiskLeavesTheFileWhole(t *testing.T) {
	dir := tmpfs(t, "size=64k")
	name := filepath.Join(dir, "a.go")
	// Two pages, and a fix that needs a third: rewriting in place frees
	// two and fails on the third, after the file was truncated.
	src := "package a\n\nfunc f() {}\n\n// " + strings.Repeat("x", 8000) + "\n"
	passtest.WriteFile(t, name, src)
	finding := fixOf(t, name, "f()", "f"+strings.Repeat("g", 4000)+"()")
	filler, err := os.Create(filepath.Join(dir, "filler"))
	if err != nil {
		t.Fatal(err)
	}
	for err == nil {
		_, err = filler.Write(make([]byte, 4096))
	}
	filler.Close()
	if !errors.Is(err, syscall.ENOSPC) {
		t.Fatalf("filling the tmpfs: %v", err)
	}
	_, err = applyFixes([]driver.Diagnostic{finding}, nil, false, nil)
	if err == nil || !strings.Contains(err.Error(), "a.go: not fixed: ") || !strings.Contains(err.Error(), "no space left on device; the file is unchanged") {
		t.Errorf("want a.go named as not fixed for lack of space, got %v", err)
	}
	if got := passtest.ReadFile(t, name); got != src {
		t.Errorf("the file was damaged: %d bytes, want the original %d", len(got), len(src))
	}
	if left, _ := filepath.Glob(filepath.Join(dir, ".a.go.budgetlint-*")); len(left) > 0 {
		t.Errorf("temporary files left behind: %q", left)
	}
}

// The replacement keeps the file's mode, replaces a link's target rather
// than the link, and leaves no temporary file.
func TestFixWriteKeepsModeAndLinks(t *testing.T) {
	dir := t.TempDir()
	target := filepath.Join(dir, "real", "a.go")
	passtest.WriteFile(t, target, "package a\n\nfunc f() {}\n")
	if err := os.Chmod(target, 0o600); err != nil {
		t.Fatal(err)
	}
	link := filepath.Join(dir, "a.go")
	if err := os.Symlink(target, link); err != nil {
		t.Fatal(err)
	}
	if _, err := applyFixes([]driver.Diagnostic{fixOf(t, link, "f()", "g()")}, nil, false, nil); err != nil {
		t.Fatal(err)
	}
	if got := passtest.ReadFile(t, target); !strings.Contains(got, "func g()") {
		t.Errorf("not fixed:\n%s", got)
	}
	if info, err := os.Lstat(link); err != nil || info.Mode()&os.ModeSymlink == 0 {
		t.Errorf("the link was replaced: %v %v", info.Mode(), err)
	}
	if info, err := os.Stat(target); err != nil || info.Mode().Perm() != 0o600 {
		t.Errorf("mode %v, want 0600 (%v)", info.Mode(), err)
	}
	if left, _ := filepath.Glob(filepath.Join(dir, "real", ".*")); len(left) > 0 {
		t.Errorf("temporary files left behind: %q", left)
	}
}

// Issue 15, row 3: a //line directive sent the edit to the file it names,
// with the offsets of the .go file. The fix now lands in svc.go, and the
// file the directive names is untouched.
func TestFixIgnoresLineDirectives(t *testing.T) {
	dir := t.TempDir()
	copyTree(t, vetModule(t), dir)
	svc := filepath.Join(dir, "svc", "svc.go")
	src := strings.Replace(passtest.ReadFile(t, svc), "func Do(", "//line victim.txt:1\nfunc Do(", 1)
	passtest.WriteFile(t, svc, src)
	victim := filepath.Join(dir, "svc", "victim.txt")
	victimText := strings.Repeat("the user's notes, not Go\n", 20)
	passtest.WriteFile(t, victim, victimText)
	if _, errs, code := runIn(t, dir, binary, "-cache=off", "-fix", "./svc"); code != exitFindings || !strings.Contains(errs, "[no suggested fix]") {
		t.Fatalf("exit %d, want %d (Warm's finding has no fix): %s", code, exitFindings, errs)
	}
	if got := passtest.ReadFile(t, victim); got != victimText {
		t.Errorf("the file the directive names was edited:\n%s", got)
	}
	if got := passtest.ReadFile(t, svc); got != strings.Replace(src, "return use(context.Background())\n}\n\nfunc use", "return use(ctx)\n}\n\nfunc use", 1) {
		t.Errorf("svc.go not fixed as expected:\n%s", got)
	}
}

// Issue 15, row 4: a file edited while budgetlint ran got the stale
// offsets (corrupted), or, if it shrank, -fix panicked. The second pass
// here plays the user, saving svc.go after ctxbackground found its fix;
// -fix then leaves the user's text alone and says why.
func TestFixSkipsAFileEditedDuringTheRun(t *testing.T) {
	for _, edited := range []string{
		"package svc\n\n// The user added this line: every offset moved.\n" + strings.TrimPrefix(passtest.ReadFile(t, filepath.Join(vetModule(t), "svc", "svc.go")), "// Package svc calls helpers from a handler.\npackage svc\n"),
		"package svc\n", // shorter than the fix's offsets
	} {
		dir := t.TempDir()
		copyTree(t, vetModule(t), dir)
		svc := filepath.Join(dir, "svc", "svc.go")
		save := &analysis.Analyzer{
			Name: "save",
			Doc:  "saves svc.go as a user would",
			Run: func(pass *analysis.Pass) (any, error) {
				if pass.Pkg.Name() != "svc" {
					return nil, nil // helpers, analysed first
				}
				return nil, os.WriteFile(svc, []byte(edited), 0o644)
			},
		}
		res, err := driver.Run([]*analysis.Analyzer{ctxbackground.Analyzer, save}, driver.Options{Patterns: []string{"./svc"}, Dir: dir})
		if err != nil || len(res.Failures) > 0 || !slices.ContainsFunc(res.Diagnostics, func(d driver.Diagnostic) bool { return len(d.Fixes) > 0 }) {
			t.Fatalf("want a finding with a fix: %v %+v", err, res)
		}
		_, err = applyFixes(res.Diagnostics, nil, false, nil)
		if err == nil || !strings.Contains(err.Error(), "svc.go: not fixed: it changed after budgetlint analysed it") {
			t.Errorf("want svc.go named as changed, got %v", err)
		}
		if got := passtest.ReadFile(t, svc); got != edited {
			t.Errorf("the user's edit was overwritten:\n%s", got)
		}
	}
}

// Issue 15, row 5: -fix stopped at the first file it could not write, and
// said nothing of the others. It now fixes every other file and lists
// them all. The file that cannot be written is in a read-only directory:
// a tmpfs remounted read-only when running as root (root may write into
// any directory whatever its mode), or a directory of mode 0555 otherwise.
func TestFixGoesOnPastAFileItCannotWrite(t *testing.T) {
	dir := t.TempDir()
	a, c := filepath.Join(dir, "a", "a.go"), filepath.Join(dir, "c", "c.go")
	var b string
	if os.Geteuid() == 0 {
		b = filepath.Join(tmpfs(t, "size=64k"), "b.go")
	} else {
		b = filepath.Join(dir, "b", "b.go")
	}
	var findings []driver.Diagnostic
	for _, name := range []string{a, b, c} {
		passtest.WriteFile(t, name, "package p\n\nfunc f() {}\n")
		findings = append(findings, fixOf(t, name, "f()", "g()"))
	}
	if os.Geteuid() == 0 {
		if out, err := exec.Command("mount", "-o", "remount,ro", filepath.Dir(b)).CombinedOutput(); err != nil {
			t.Fatalf("remounting read-only: %v %s", err, out)
		}
	} else {
		os.Chmod(filepath.Dir(b), 0o555)
		t.Cleanup(func() { os.Chmod(filepath.Dir(b), 0o755) })
	}
	_, err := applyFixes(findings, nil, false, nil)
	if err == nil {
		t.Fatal("no error, though b.go could not be written")
	}
	for _, want := range []string{"1 of 3 files not fixed:", "a.go: fixed", "b.go: not fixed: ", "c.go: fixed"} {
		if !strings.Contains(err.Error(), want) {
			t.Errorf("the report lacks %q:\n%v", want, err)
		}
	}
	for name, want := range map[string]string{a: "func g()", b: "func f()", c: "func g()"} {
		if got := passtest.ReadFile(t, name); !strings.Contains(got, want) {
			t.Errorf("%s: want %q:\n%s", name, want, got)
		}
	}
}

// Issue 15, row 6, -fix's side: a flipped offset read back from the cache
// panicked -fix. Offsets are checked against the file even when its
// content is the one analysed: a bad one leaves the file unfixed, and
// named, never a panic.
func TestFixNeverTrustsOffsets(t *testing.T) {
	for _, bad := range []struct{ start, end int }{{-1, 3}, {3, 1 << 40}, {20, 10}, {1 << 40, 1<<40 + 1}} {
		name := filepath.Join(t.TempDir(), "a.go")
		src := "package a\n\nfunc f() {}\n"
		passtest.WriteFile(t, name, src)
		finding := fixOf(t, name, "f()", "g()")
		e := &finding.Fixes[0].Edits[0]
		e.Start.Offset, e.End.Offset = bad.start, bad.end
		_, err := applyFixes([]driver.Diagnostic{finding}, nil, false, nil)
		if err == nil || !strings.Contains(err.Error(), "a.go: not fixed: a fix's edit") {
			t.Errorf("offsets %d to %d: want a.go named as not fixed, got %v", bad.start, bad.end, err)
		}
		if got := passtest.ReadFile(t, name); got != src {
			t.Errorf("offsets %d to %d: the file changed:\n%s", bad.start, bad.end, got)
		}
	}
}

// A fix in a generated file (cgo's output among them) is not applied.
func TestFixLeavesGeneratedFiles(t *testing.T) {
	name := filepath.Join(t.TempDir(), "a.go")
	src := "// Code generated by hand. DO NOT EDIT.\n\npackage a\n\nfunc f() {}\n"
	passtest.WriteFile(t, name, src)
	_, err := applyFixes([]driver.Diagnostic{fixOf(t, name, "f()", "g()")}, nil, false, nil)
	if err == nil || !strings.Contains(err.Error(), "a.go: not fixed: it is generated") || passtest.ReadFile(t, name) != src {
		t.Errorf("generated file: %v\n%s", err, passtest.ReadFile(t, name))
	}
}
