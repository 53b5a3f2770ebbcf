//go:build ignore

// An ignored file that does not even compile: drivers list it, passes
// never see it.
package buildtags

func broken(ctx context.Context) { context.Background( }
