// Package runtime is a stand-in with the shape of Kubernetes'
// k8s.io/apimachinery/pkg/util/runtime: error handlers that log.
package runtime

import "context"

var handlers []func(ctx context.Context, err error, msg string)

// HandleErrorWithContext hands err to the registered handlers, which log it.
func HandleErrorWithContext(ctx context.Context, err error, msg string) {
	for _, h := range handlers {
		h(ctx, err, msg)
	}
}
