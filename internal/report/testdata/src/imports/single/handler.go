// Package single: an import declaration of one spec goes whole.
package single

import "context"

import "net/http"

func Handler(w http.ResponseWriter, r *http.Request) {
	_ = load(context.TODO(), "k") // want `use r.Context\(\)`
}
