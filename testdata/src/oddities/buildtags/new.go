//go:build go1.23

package buildtags

import (
	"context"
	"time"
)

// A file that needs Go 1.23: range over an int and over a function.
func New(ctx context.Context) {
	for range 3 {
		time.Sleep(time.Second) // want `fixedtimeout: 1s sleep in a loop that never checks ctx ignores the caller's deadline and cancellation; wait in a select on ctx\.Done\(\) and a timer`
	}
	for range func(yield func() bool) { yield() } {
		_, cancel := context.WithTimeout(context.TODO(), time.Second) // want `fixedtimeout: 1s timeout on a fresh context ignores the caller's deadline; derive it from ctx \(from context\.WithoutCancel\(ctx\) if the work must finish after the caller gives up\)`
		cancel()
	}
}
