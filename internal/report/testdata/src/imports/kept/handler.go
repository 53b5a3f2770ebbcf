// Package kept: imports still in use stay, whether the rest of the file
// uses them or the fix's own text does.
package kept

import (
	"context"
	"net/http"
)

func Direct(ctx context.Context) error {
	return load(context.Background(), "k") // want `use ctx`
}

func Handler(w http.ResponseWriter, r *http.Request) {
	_ = load(context.TODO(), "k") // want `use r.Context\(\)`
}
