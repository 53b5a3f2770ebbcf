// Package mention: with -ctxbackground.detached the fix's own text uses
// "context", so the import stays although its only use is replaced.
package mention

import (
	"context"
	"net/http"
)

func Handler(w http.ResponseWriter, r *http.Request) {
	go load(context.TODO(), "k") // want `use context.WithoutCancel\(r.Context\(\)\)`
}
