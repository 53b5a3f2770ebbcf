// Package app calls a dependency's plain forms where it has a context.
package app

import (
	"context"

	"example.com/lib"
	"example.com/lib/hooks"
	"example.com/lib/plain"
)

func Handle(ctx context.Context, key string) error {
	if _, err := lib.Lookup(key); err != nil { // its context form would only read values: nothing lost
		return err
	}
	return lib.Fetch(key) // its context form observes ctx: reported
}

// Watch hands a filter to another module's hook builder, which keeps it
// in the hooks it returns: the filter runs at each event, later, so its
// own root is left alone.
func Watch(ctx context.Context) hooks.Hooks {
	return hooks.New(func(s string) bool { return lib.FetchContext(context.Background(), plain.Upper(s)) == nil })
}
