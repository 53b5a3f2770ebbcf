package passtest

import (
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"testing"
)

// WriteFile writes content to the file name, making its directory, for a
// test that builds a module or a cache of its own.
func WriteFile(tb testing.TB, name, content string) {
	tb.Helper()
	if err := os.MkdirAll(filepath.Dir(name), 0o755); err != nil {
		tb.Fatal(err)
	}
	if err := os.WriteFile(name, []byte(content), 0o644); err != nil {
		tb.Fatal(err)
	}
}

// ReadFile is the content of the file name.
func ReadFile(tb testing.TB, name string) string {
	tb.Helper()
	data, err := os.ReadFile(name)
	if err != nil {
		tb.Fatal(err)
	}
	return string(data)
}

// Command builds the budgetlint command, for a test that drives it as
// users do, and returns the binary's path. Under -short the test is
// skipped instead.
func Command(t *testing.T) string {
	t.Helper()
	if testing.Short() {
		t.Skip("builds the budgetlint command")
	}
	bin := filepath.Join(t.TempDir(), "budgetlint")
	if runtime.GOOS == "windows" {
		bin += ".exe"
	}
	build := exec.Command("go", "build", "-o", bin, "github.com/budgetlint/budgetlint/cmd/budgetlint")
	if out, err := build.CombinedOutput(); err != nil {
		t.Fatalf("building budgetlint: %v\n%s", err, out)
	}
	return bin
}
