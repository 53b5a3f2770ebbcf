package imports

import "context"

// A parameter named context shadows the package inside the function.
func Shadowed(ctx context.Context, context interface{ Background() int }) {
	_ = context.Background()
}

// A local Background function in a file that also imports context.
func Background() context.Context { return context.TODO() }

func UsesLocal(ctx context.Context) {
	_ = Background()
}
