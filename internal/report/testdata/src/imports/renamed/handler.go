// Package renamed: the import is deleted by the name the file uses.
package renamed

import (
	stdctx "context"
	"net/http"
)

func Handler(w http.ResponseWriter, r *http.Request) {
	_ = load(stdctx.Background(), "k") // want `use r.Context\(\)`
}
