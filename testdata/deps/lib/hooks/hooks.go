// Package hooks names no context, but keeps the functions it is handed in
// the hooks it returns: what it does with them is worth learning where the
// analysed code calls it.
package hooks

import "example.com/lib/deep"

type Hooks struct{ OnEvent func(string) }

func New(filter func(string) bool) Hooks {
	return Hooks{OnEvent: func(s string) { _ = filter(deep.Clean(s)) }}
}
