package buildtags

import "context"

// Not built on linux: never analysed, though it would be reported.
func platform(ctx context.Context) error {
	return use(context.TODO())
}
