package passtest

import (
	"os"
	"path/filepath"
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
