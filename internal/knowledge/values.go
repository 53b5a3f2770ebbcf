package knowledge

import "strings"

// ValuesOnly lists the packages whose context-taking functions read values
// (a trace ID, a logger, request metadata), never cancellation: calling
// their plain forms drops nothing the caller could use to stop the work,
// and handing them a context does not observe it. Functions of theirs that
// return a context derive it (metadata.NewOutgoingContext): the result
// carries the parent's cancellation on. log/slog is always one.
var ValuesOnly = []string{
	"log/slog",
	"runtime/trace",
	"net/http/httptrace",
	"go.uber.org/zap",
	"github.com/sirupsen/logrus",
	"github.com/rs/zerolog",
	"github.com/go-logr/logr",
	"k8s.io/klog",
	"github.com/uptrace/opentelemetry-go-extra/otelzap",
	"github.com/hashicorp/go-hclog",
	"github.com/apex/log",
	"github.com/inconshreveable/log15",
	"github.com/go-kit/log",
	"go.opentelemetry.io/otel/trace",
	"go.opentelemetry.io/otel/baggage",
	"go.opentelemetry.io/otel/propagation",
	"go.opentelemetry.io/otel/metric",
	"google.golang.org/grpc/metadata",
	"google.golang.org/grpc/peer",
	"google.golang.org/grpc/stats",
}

// InPackages reports whether path is one of the listed packages or below
// one of them.
func InPackages(path string, lists ...[]string) bool {
	for _, list := range lists {
		for _, p := range list {
			if path == p || strings.HasPrefix(path, p+"/") {
				return true
			}
		}
	}
	return false
}

// logLevels are the method names of logging APIs. The one name rule left
// in budgetlint: a logger reached through an interface or a function value
// (a package-level Logger interface's Printf, s.logf) cannot be told from
// its type, and a wrapper logger defined in the analysed code has
// InfoContext beside Info for the same reason slog does.
var logLevels = map[string]bool{
	"Debug": true, "Info": true, "Warn": true, "Warning": true, "Error": true,
	"Fatal": true, "Panic": true, "Trace": true, "Notice": true, "Critical": true,
	"Log": true, "Print": true,
}

// IsLogName reports whether a function or method name is a logging call:
// a level (Info, Warn, Log, Print, ...), with the usual suffixes (Infof,
// Infoln, Infow, InfoS, InfoContext, Logf) in either case of the first
// letter (s.debugf, logf).
func IsLogName(name string) bool {
	if name == "" {
		return false
	}
	name = strings.ToUpper(name[:1]) + name[1:]
	name = strings.TrimSuffix(strings.TrimSuffix(name, "Context"), "With")
	for _, suffix := range []string{"", "f", "ln", "w", "S"} {
		if base, ok := strings.CutSuffix(name, suffix); ok && logLevels[base] {
			return true
		}
	}
	return false
}

// telemetryWords are the words of names that record metrics.
var telemetryWords = []string{"metric", "telemetry", "gauge", "counter", "histogram"}

// IsTelemetryName reports whether a function, method or type name says it
// records metrics (a metrics callback, a MetricsRecorder): like a logger,
// it reads a context's values, never its cancellation. Used only where the
// code is unknown: a function value, an interface, another module.
func IsTelemetryName(name string) bool {
	name = strings.ToLower(name)
	for _, w := range telemetryWords {
		if strings.Contains(name, w) {
			return true
		}
	}
	return false
}
