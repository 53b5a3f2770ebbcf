package dropcancel

import "testing"

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
