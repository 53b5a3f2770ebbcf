//go:build go1.21

package buildtags

import (
	"context"
	"time"
)

// A file held to Go 1.21: for loop variables are per loop, not per
// iteration, and range over an int would not compile; the passes care
// about neither.
func Old(ctx context.Context, ids []string) {
	for i := 0; i < len(ids); i++ {
		go func() { _ = ids[i] }()
		time.Sleep(time.Second) // want `fixedtimeout: 1s sleep in a loop that never checks ctx ignores the caller's deadline and cancellation; wait in a select on ctx\.Done\(\) and a timer`
	}
}
