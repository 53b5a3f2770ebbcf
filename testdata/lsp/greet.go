// Package greet is the module the language server's editor test opens:
// one ctxbackground finding, on a line whose text before it is not ASCII.
package greet

import (
	"context"
	"fmt"
)

// Directory looks names up.
type Directory struct{}

// Name returns the user's name, or nothing once ctx is done.
func (Directory) Name(ctx context.Context, id string) string {
	if ctx.Err() != nil {
		return ""
	}
	return id
}

// Greet drops the caller's deadline on its way to the directory.
func Greet(ctx context.Context, d Directory, id string) string {
	return fmt.Sprintf("Grüße 🚀 %s", d.Name(context.Background(), id))
}
