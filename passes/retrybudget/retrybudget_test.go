package retrybudget_test

import (
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/budgetlint/budgetlint/internal/passtest"
	"github.com/budgetlint/budgetlint/passes/retrybudget"
)

// TestLoops covers hand-written retry loops: each reported shape, and the
// loops left alone (bounded by a context, not retries, off the request
// path, detached, suppressed).
func TestLoops(t *testing.T) {
	analysistest.Run(t, passtest.Testdata(t), retrybudget.Analyzer, "retrybudget/loops")
}

// TestHelpers covers cenkalti/backoff v4 and v5, avast/retry-go and the
// k8s wait pollers, with and without a context.
func TestHelpers(t *testing.T) {
	analysistest.Run(t, passtest.Testdata(t), retrybudget.Analyzer, "retrybudget/helpers")
}

// TestOffPath covers code off the request path, detached goroutines,
// tests, generated files and suppression comments.
func TestOffPath(t *testing.T) {
	analysistest.Run(t, passtest.Testdata(t), retrybudget.Analyzer, "retrybudget/offpath")
}

// TestServices runs the pass over service code of several kinds: HTTP
// clients, a database layer, gRPC clients, queue workers, web handlers.
func TestServices(t *testing.T) {
	analysistest.Run(t, passtest.Testdata(t), retrybudget.Analyzer, "retrybudget/services")
}

// TestBroken runs the pass on a package with type errors: no panic.
func TestBroken(t *testing.T) {
	analysistest.Run(t, passtest.Testdata(t), retrybudget.Analyzer, "retrybudget/broken")
}

// TestTypeParams covers generic retry helpers and generic calls into the
// retry libraries.
func TestTypeParams(t *testing.T) {
	analysistest.Run(t, passtest.Testdata(t), retrybudget.Analyzer, "retrybudget/typeparams")
}

// TestChecks covers context checks learned by facts across packages and a
// metrics call that only looks like a wait.
func TestChecks(t *testing.T) {
	analysistest.Run(t, passtest.Testdata(t), retrybudget.Analyzer, "retrybudget/checks/svc")
}
