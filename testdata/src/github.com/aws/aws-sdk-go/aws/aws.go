// Package aws is a stand-in for the AWS SDK for Go v1's aws package.
package aws

import "context"

// Context is the SDK's name for context.Context.
type Context = context.Context

// String returns a pointer to s.
func String(s string) *string { return &s }

// Int64 returns a pointer to n.
func Int64(n int64) *int64 { return &n }
