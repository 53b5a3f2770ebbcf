// Package broken does not type-check.
package broken

import "context"

func Do(ctx context.Context) error {
	return undefinedFunction(ctx)
}
