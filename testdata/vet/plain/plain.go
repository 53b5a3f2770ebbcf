// Package plain cannot see package context, so it has no request path:
// the driver type-checks it for its exports only.
package plain

import "strings"

// Shout upper-cases s.
func Shout(s string) string { return strings.ToUpper(s) + "!" }
