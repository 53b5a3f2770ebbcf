// Package lifetime is a Kubernetes controller: its manager calls Reconcile,
// and the map functions of its watches, with the manager's own context,
// which ends only when the manager stops. That is a component's lifetime,
// not a request's deadline, so neither they nor the helpers handed only
// their context are on a request path.
package lifetime

import (
	"context"
	"net/http"

	ctrl "sigs.k8s.io/controller-runtime/pkg/reconcile"
)

func probe() {}

type reconciler struct{}

func (r *reconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	probe() // no inbound context: the manager's lifetime
	r.sync(ctx)
	return r.ensure(ctx)
}

// A helper of the reconciler handed only its context.
func (r *reconciler) sync(ctx context.Context) {
	probe() // no inbound context: handed only the reconciler's context
}

// A step that returns the reconciler's result is part of it.
func (r *reconciler) ensure(ctx context.Context) (ctrl.Result, error) {
	probe() // no inbound context: a reconcile step
	return ctrl.Result{}, nil
}

// A watch's map function.
func (r *reconciler) requestsFor(ctx context.Context, name string) []ctrl.Request {
	probe() // no inbound context: a watch's map function
	return []ctrl.Request{{Name: name}}
}

// The same helper handed a request's context too is on its path.
func (r *reconciler) status(ctx context.Context) {
	probe() // want `inbound ctx$`
}

func (r *reconciler) refresh(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	r.status(ctx)
	return ctrl.Result{}, nil
}

func (r *reconciler) ServeHTTP(w http.ResponseWriter, req *http.Request) {
	probe() // want `inbound req.Context\(\)$`
	r.status(req.Context())
}
