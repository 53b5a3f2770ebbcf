package driver

import (
	"bytes"
	"fmt"
	"go/ast"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"golang.org/x/tools/go/analysis"

	"github.com/budgetlint/budgetlint/internal/passtest"
)

// old sets a file's times to ten days ago, past the cache's trim age.
func old(t *testing.T, name string) {
	t.Helper()
	then := time.Now().Add(-10 * 24 * time.Hour)
	if err := os.Chtimes(name, then, then); err != nil {
		t.Fatal(err)
	}
}

// Issue 15, row 1: -cache . (or $HOME) once trimmed a source tree. A
// directory that holds anything budgetlint did not write is refused, and
// nothing in it is removed.
func TestCacheRefusesADirectoryWithOtherFiles(t *testing.T) {
	for _, tc := range []struct {
		name  string
		files map[string]string
		holds string
	}{
		{"source tree", map[string]string{"go.mod": "module m\n", "main.go": "package main\n", "notes/todo.txt": "keep\n"}, "go.mod"},
		{"another README", map[string]string{"README": "My project.\n"}, "README"},
		{"a v1 directory without our README", map[string]string{"v1/ab/" + strings.Repeat("ab", 32): "x"}, "v1"},
		{"our README and a user's file", map[string]string{"README": cacheReadme, "draft.txt": "keep\n"}, "draft.txt"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			for name, content := range tc.files {
				passtest.WriteFile(t, filepath.Join(dir, name), content)
				old(t, filepath.Join(dir, name))
			}
			_, err := Run([]*analysis.Analyzer{recorder(new([]string), func(*analysis.Pass) {})},
				Options{Patterns: []string{"./helpers"}, Dir: module(t), Cache: dir, ToolID: "test"})
			if err == nil || !strings.Contains(err.Error(), "is not a budgetlint cache directory: it holds "+tc.holds) {
				t.Errorf("want the directory refused, naming %s; got %v", tc.holds, err)
			}
			for name, content := range tc.files {
				if got, err := os.ReadFile(filepath.Join(dir, name)); err != nil || string(got) != content {
					t.Errorf("%s: %q, %v; want it untouched", name, got, err)
				}
			}
		})
	}
}

// A new or empty directory is adopted, by any number of runs at once.
func TestCacheAdoptsANewOrEmptyDirectory(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "new")
	var wg sync.WaitGroup
	errs := make([]error, 20)
	for i := range errs {
		wg.Go(func() { _, errs[i] = openCache(dir) })
	}
	wg.Wait()
	for _, err := range errs {
		if err != nil {
			t.Errorf("concurrent first runs: %v", err)
		}
	}
	if !isCacheReadme(filepath.Join(dir, "README")) {
		t.Error("no README marks the directory as budgetlint's")
	}
	if _, err := openCache(dir); err != nil {
		t.Errorf("reopening: %v", err)
	}
	if _, err := openCache(t.TempDir()); err != nil {
		t.Errorf("empty directory: %v", err)
	}
}

// Trimming removes old entries, and nothing else of the cache directory
// however old: not a file it does not recognise by name and place, nor
// anything a symbolic link leads to.
func TestTrimRemovesOnlyOldEntries(t *testing.T) {
	dir := t.TempDir()
	c, err := openCache(dir)
	if err != nil {
		t.Fatal(err)
	}
	// A link named like a shard, to a directory holding a file named like
	// an entry of that shard: trimming must not follow it.
	outside := filepath.Join(t.TempDir(), strings.Repeat("cd", 32))
	passtest.WriteFile(t, outside, "the user's")
	old(t, outside)
	if err := os.Symlink(filepath.Dir(outside), filepath.Join(c.dir, "cd")); err != nil {
		t.Fatal(err)
	}
	key := strings.Repeat("ab", 32)
	gone := []string{"v1/ab/" + key, "v1/ab/" + key + ".tmp123"}
	kept := []string{
		"v1/ab/" + strings.Repeat("cd", 32), // another shard's name
		"v1/ab/notes.txt",
		"v1/ab/" + key + ".bak",
		"v1/ab/" + strings.ToUpper(key),
		"v1/notes/" + key,
		"v1/" + key,
	}
	for _, name := range append(gone, kept...) {
		passtest.WriteFile(t, filepath.Join(dir, name), "x")
		old(t, filepath.Join(dir, name))
	}
	old(t, filepath.Join(dir, "README"))
	young := "v1/ab/" + strings.Repeat("ab", 31) + "ef"
	passtest.WriteFile(t, filepath.Join(dir, young), "x")
	kept = append(kept, young, "README")
	c.trim()
	for _, name := range gone {
		if _, err := os.Stat(filepath.Join(dir, name)); !os.IsNotExist(err) {
			t.Errorf("%s: old entry not trimmed (%v)", name, err)
		}
	}
	for _, name := range kept {
		if _, err := os.Stat(filepath.Join(dir, name)); err != nil {
			t.Errorf("%s was removed: %v", name, err)
		}
	}
	if _, err := os.Stat(outside); err != nil {
		t.Errorf("trimming followed a link out of the cache: %v", err)
	}
}

// Issue 15, row 6: a cache entry with flipped bits was served as findings.
// An entry whose sum does not match is ignored, the package analysed
// again, and the entry replaced.
func TestDamagedEntryIsIgnoredAndRewritten(t *testing.T) {
	for _, damage := range []struct {
		name string
		do   func([]byte) []byte
	}{
		{"a bit of a finding's message", func(b []byte) []byte {
			i := bytes.Index(b, []byte("seen helpers"))
			b[i+1] ^= 0x03 // "sfen helpers": still a valid gob
			return b
		}},
		{"a bit of the sum", func(b []byte) []byte { b[3] ^= 0x10; return b }},
		{"truncated", func(b []byte) []byte { return b[:len(b)/2] }},
		{"empty", func([]byte) []byte { return nil }},
	} {
		t.Run(damage.name, func(t *testing.T) {
			cacheDir := t.TempDir()
			seen := 0
			report := &analysis.Analyzer{
				Name: "report",
				Doc:  "reports each package it runs on",
				Run: func(pass *analysis.Pass) (any, error) {
					seen++
					pass.Reportf(pass.Files[0].Package, "seen %s", pass.Pkg.Name())
					return nil, nil
				},
			}
			opts := Options{Patterns: []string{"./helpers"}, Dir: module(t), Cache: cacheDir, ToolID: "test"}
			if _, err := Run([]*analysis.Analyzer{report}, opts); err != nil {
				t.Fatal(err)
			}
			entries, _ := filepath.Glob(filepath.Join(cacheDir, cacheVersion, "*", strings.Repeat("?", 64)))
			if len(entries) != 1 {
				t.Fatalf("want one entry, got %q", entries)
			}
			good, _ := os.ReadFile(entries[0])
			passtest.WriteFile(t, entries[0], string(damage.do(bytes.Clone(good))))
			res, err := Run([]*analysis.Analyzer{report}, opts)
			if err != nil {
				t.Fatal(err)
			}
			if len(res.Diagnostics) != 1 || res.Diagnostics[0].Message != "seen helpers" || seen != 2 || res.Stats.Cached != 0 {
				t.Errorf("damaged entry served: %d runs of the pass, stats %+v, findings %+v", seen, res.Stats, res.Diagnostics)
			}
			if again, _ := os.ReadFile(entries[0]); !bytes.Equal(again, good) {
				t.Error("the damaged entry was not rewritten")
			}
		})
	}
}

// Issue 15, rows 3 and 4, the driver's side: a fix's edits are placed by
// the real file's name and offsets, whatever a //line directive says, and
// carry the sum of the content that was analysed.
func TestEditsAreInTheFileAnalysed(t *testing.T) {
	dir := t.TempDir()
	passtest.WriteFile(t, filepath.Join(dir, "go.mod"), "module example.com/m\n\ngo 1.26\n")
	src := "package m\n\nimport \"context\"\n\n//line victim.go:1\nfunc Target(ctx context.Context) {}\n"
	file := filepath.Join(dir, "m.go")
	passtest.WriteFile(t, file, src)
	rename := &analysis.Analyzer{
		Name: "rename",
		Doc:  "suggests renaming Target",
		Run: func(pass *analysis.Pass) (any, error) {
			for _, d := range pass.Files[0].Decls {
				if fd, ok := d.(*ast.FuncDecl); ok {
					pass.Report(analysis.Diagnostic{Pos: fd.Name.Pos(), Message: "rename", SuggestedFixes: []analysis.SuggestedFix{{
						TextEdits: []analysis.TextEdit{{Pos: fd.Name.Pos(), End: fd.Name.End(), NewText: []byte("Renamed")}},
					}}})
				}
			}
			return nil, nil
		},
	}
	res, err := Run([]*analysis.Analyzer{rename}, Options{Patterns: []string{"."}, Dir: dir})
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Diagnostics) != 1 {
		t.Fatalf("findings: %+v, broken %+v", res.Diagnostics, res.Broken)
	}
	d := res.Diagnostics[0]
	if filepath.Base(d.Posn.Filename) != "victim.go" {
		t.Errorf("the finding is shown at %s, want victim.go as the directive says", d.Posn)
	}
	e := d.Fixes[0].Edits[0]
	start := strings.Index(src, "Target")
	got := fmt.Sprintf("%s %s %s %d %d %s", e.Filename, e.Start.Filename, e.End.Filename, e.Start.Offset, e.End.Offset, e.Sum)
	want := fmt.Sprintf("%s %s %s %d %d %s", file, file, file, start, start+len("Target"), ContentSum([]byte(src)))
	if got != want {
		t.Errorf("edit (file, start file, end file, offsets, sum):\n got %s\nwant %s", got, want)
	}
}

// The layout of the cache before it had a README is cleared on the first
// run after an upgrade, not refused; anything more in it is refused.
func TestCacheClearsItsOldLayout(t *testing.T) {
	entry := strings.Repeat("ab", 32)
	dir := t.TempDir()
	passtest.WriteFile(t, filepath.Join(dir, "trim.txt"), "")
	passtest.WriteFile(t, filepath.Join(dir, "ab", entry), "old entry")
	c, err := openCache(dir)
	if err != nil {
		t.Fatalf("old layout refused: %v", err)
	}
	if _, err := os.Stat(filepath.Join(dir, "ab")); !os.IsNotExist(err) {
		t.Errorf("old entries kept: %v", err)
	}
	if c == nil {
		t.Fatal("no cache")
	}

	mixed := t.TempDir()
	passtest.WriteFile(t, filepath.Join(mixed, "trim.txt"), "")
	passtest.WriteFile(t, filepath.Join(mixed, "ab", entry), "old entry")
	passtest.WriteFile(t, filepath.Join(mixed, "go.mod"), "module x\n")
	if _, err := openCache(mixed); err == nil {
		t.Error("a directory with the old layout and a go.mod was adopted")
	}
	if _, err := os.Stat(filepath.Join(mixed, "ab", entry)); err != nil {
		t.Errorf("a refused directory lost a file: %v", err)
	}
}
