package dropcancel

import (
	"testing"

	"github.com/budgetlint/budgetlint/internal/passtest/table"
)

func TestValuesOnly(t *testing.T) {
	table.Check(t, "valuesOnly", valuesOnly, map[string]bool{
		"log/slog":                             true,
		"go.uber.org/zap":                      true,
		"go.uber.org/zap/zapcore":              true,
		"go.uber.org/zapper":                   false,
		"github.com/sirupsen/logrus":           true,
		"github.com/rs/zerolog/log":            true,
		"database/sql":                         false,
		"k8s.io/apimachinery/pkg/util/runtime": true,
		"k8s.io/apimachinery/pkg/util/wait":    false,
		"github.com/aws/aws-sdk-go/aws":        false,
		"example.com/corp/audit/internal":      false,
	})
}
