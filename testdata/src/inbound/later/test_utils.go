package later

import "context"

// A test-support file by its name: its code is test code.
func serveFake(ctx context.Context) {
	probe() // want `inbound ctx test`
}
