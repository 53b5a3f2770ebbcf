// Package buildtags has files for other systems, files excluded by tags,
// and files that set their own language version: only the files the build
// includes are analysed, each with its own version's rules.
package buildtags

import "context"

func Shared(ctx context.Context) { _ = platform(ctx) }
