// Package twins reaches two roots that only their packages tell apart.
package twins

import (
	"net/http"

	"ctxbackground/facts/twins/east"
	"ctxbackground/facts/twins/west"
)

func Handle(w http.ResponseWriter, r *http.Request) {
	_ = east.Load() // want `Load starts a fresh context \(context.Background\(\) at store.go:9\)`
	_ = west.Load() // want `Load starts a fresh context \(context.Background\(\) at store.go:9\)`
}
