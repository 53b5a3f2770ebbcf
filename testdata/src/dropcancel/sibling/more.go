package sibling

import (
	"context"

	"example.com/corp/audit"
	"example.com/legacy/sdk"
)

// A client whose own Context interface has context.Context's methods.
func Describe(ctx context.Context, c *sdk.Client, id string) (string, error) {
	return c.Describe(&sdk.Input{ID: id}) // want `c.Describe cannot be cancelled when the caller gives up; use c.DescribeWithContext\(ctx, ...\)`
}

// A company package is not known to carry values only until it is listed
// with -exclude (see package exclude).
func Audit(ctx context.Context, user string) {
	audit.Record("login", map[string]string{"user": user}) // want `audit.Record cannot be cancelled when the caller gives up; use audit.RecordContext\(ctx, ...\)`
}
