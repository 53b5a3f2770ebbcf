package observe

import (
	"context"
	"errors"
	"net/http"

	"ctxbackground/observe/events"
	"ctxbackground/observe/logger"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

// A logger's sinks are out of its package's sight (they import it), but
// the package says what it is: what it is handed goes to a log, and a
// root handed there loses nothing.
func writeStatus(w http.ResponseWriter, code int) {
	if code < 100 {
		logger.LogIf(context.Background(), errors.New("invalid status code"))
		code = http.StatusInternalServerError
	}
	w.WriteHeader(code)
}

func handleStatus(w http.ResponseWriter, r *http.Request) {
	logger.LogIf(context.Background(), errors.New("served"))
	writeStatus(w, http.StatusOK)
}

// A type named for logging says the same of its methods, whatever they
// are called.
type AuditLogger interface {
	Record(ctx context.Context, event string) error
}

type auditedHandler struct{ audit AuditLogger }

func (h *auditedHandler) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	_ = h.audit.Record(context.Background(), "served")
}

// The same shape in a package whose name says nothing: its sinks may
// wait, so the root is reported.
func publishStatus(code int) {
	events.Publish(context.Background(), code)
}

func handlePublished(w http.ResponseWriter, r *http.Request) {
	publishStatus(http.StatusOK) // want `publishStatus starts a fresh context \(context.Background\(\) at sinks.go:\d+\), so the caller's deadline and cancellation stop at this call`
}

// A controller-runtime client's Get and List read the manager's informer
// cache when the manager made the client, and the API server when
// client.New did (a UI backend's own client): its reads are reported.
type reconciler struct {
	c     client.Client
	cache client.Reader
}

func (rc *reconciler) Reconcile(ctx context.Context, key client.ObjectKey, obj client.Object, list client.ObjectList) error {
	if err := rc.c.Get(context.Background(), key, obj); err != nil { // want `context.Background\(\) starts a fresh context where ctx is in scope, so the caller's deadline and cancellation are lost; use ctx`
		return err
	}
	if err := rc.cache.List(context.TODO(), list); err != nil { // want `context.TODO\(\) starts a fresh context where ctx is in scope, so the caller's deadline and cancellation are lost; use ctx`
		return err
	}
	return rc.c.Update(context.Background(), obj) // want `context.Background\(\) starts a fresh context where ctx is in scope, so the caller's deadline and cancellation are lost; use ctx`
}
