package dropcancel

import (
	"path/filepath"
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"
)

// TestExclude lists a company package with -exclude: its context variants
// carry values only, and the built-in list still applies.
func TestExclude(t *testing.T) {
	saved := exclude
	t.Cleanup(func() { exclude = saved })
	if err := Analyzer.Flags.Set("exclude", "example.com/corp/audit"); err != nil {
		t.Fatal(err)
	}
	dir, err := filepath.Abs(filepath.Join("..", "..", "testdata"))
	if err != nil {
		t.Fatal(err)
	}
	analysistest.Run(t, dir, Analyzer, "dropcancel/exclude")
}

func TestValuesOnly(t *testing.T) {
	for path, want := range map[string]bool{
		"log/slog":                        true,
		"go.uber.org/zap":                 true,
		"go.uber.org/zap/zapcore":         true,
		"go.uber.org/zapper":              false,
		"github.com/sirupsen/logrus":      true,
		"github.com/rs/zerolog/log":       true,
		"database/sql":                    false,
		"github.com/aws/aws-sdk-go/aws":   false,
		"example.com/corp/audit/internal": false,
	} {
		if got := valuesOnly(path); got != want {
			t.Errorf("valuesOnly(%q) = %v, want %v", path, got, want)
		}
	}
}
