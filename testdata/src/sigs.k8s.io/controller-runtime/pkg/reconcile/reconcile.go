// Package reconcile is a stand-in for controller-runtime's reconcile: the
// manager calls a Reconciler with its own context, which carries no
// deadline.
package reconcile

import (
	"context"
	"time"
)

// Request names the object to reconcile.
type Request struct{ Namespace, Name string }

// Result says whether and when to reconcile again.
type Result struct {
	Requeue      bool
	RequeueAfter time.Duration
}

// Reconciler reconciles one object.
type Reconciler interface {
	Reconcile(ctx context.Context, req Request) (Result, error)
}
