// Package app calls a dependency's plain forms where it has a context.
package app

import (
	"context"

	"example.com/lib"
)

func Handle(ctx context.Context, key string) error {
	if _, err := lib.Lookup(key); err != nil { // its context form would only read values: nothing lost
		return err
	}
	return lib.Fetch(key) // its context form observes ctx: reported
}
