// Package client is a stand-in for controller-runtime's client: the
// manager's client reads from its informer cache, one made by New reads
// from the API server, and both write to it.
package client

import "context"

// ObjectKey names an object.
type ObjectKey struct{ Namespace, Name string }

// Object is a Kubernetes object.
type Object interface{ GetName() string }

// ObjectList is a list of objects.
type ObjectList interface{ Len() int }

// Reader reads objects.
type Reader interface {
	Get(ctx context.Context, key ObjectKey, obj Object) error
	List(ctx context.Context, list ObjectList) error
}

// Writer writes objects.
type Writer interface {
	Update(ctx context.Context, obj Object) error
}

// Client reads and writes.
type Client interface {
	Reader
	Writer
}
