// Package lastuse: the fix removes the only use of "context" in
// handler.go, so it deletes the import too (its doc comment and its
// trailing comment with it); lib.go keeps its own.
package lastuse

import (
	// the caller's context
	"context" // for the root
	"net/http"
)

func Handler(w http.ResponseWriter, r *http.Request) {
	_ = load(context.Background(), "k") // want `use r.Context\(\)`
}
