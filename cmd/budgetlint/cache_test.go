package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// Issue 15, row 1: -cache . (or BUDGETLINT_CACHE=$HOME) deleted every
// file of the tree older than five days. Such a directory is now refused
// with exit status 2 and a message naming what it holds, and nothing in
// it changes.
func TestCacheInASourceTreeIsRefused(t *testing.T) {
	dir := t.TempDir()
	copyTree(t, vetModule(t), dir)
	then := time.Now().Add(-10 * 24 * time.Hour)
	before := map[string]string{}
	filepath.WalkDir(dir, func(path string, d os.DirEntry, err error) error {
		if err == nil && !d.IsDir() {
			os.Chtimes(path, then, then)
			data, _ := os.ReadFile(path)
			before[path] = string(data)
		}
		return nil
	})
	check := func(how string, code int, errs string) {
		t.Helper()
		if code != exitUsage || !strings.Contains(errs, "is not a budgetlint cache directory: it holds ") {
			t.Errorf("%s: exit %d, stderr:\n%s", how, code, errs)
		}
		for path, content := range before {
			if got, err := os.ReadFile(path); err != nil || string(got) != content {
				t.Errorf("%s: %s removed or changed (%v)", how, path, err)
			}
		}
	}
	_, errs, code := runIn(t, dir, binary, "-cache", ".", "./svc")
	check("-cache .", code, errs)

	t.Setenv("BUDGETLINT_CACHE", dir)
	_, errs, code = runIn(t, filepath.Join(dir, "svc"), binary, ".")
	check("BUDGETLINT_CACHE", code, errs)
}
