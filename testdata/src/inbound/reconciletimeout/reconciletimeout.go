// Package reconciletimeout is a controller whose reconciles have a
// deadline (a ReconciliationTimeout): run with -lifetimes= (empty), a
// Reconcile's context is a request's like any other context parameter.
package reconciletimeout

import (
	"context"

	ctrl "sigs.k8s.io/controller-runtime/pkg/reconcile"
)

func probe() {}

type reconciler struct{}

func (r *reconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	probe() // want `inbound ctx$`
	return ctrl.Result{}, nil
}
