// Package plain takes no functions and names no context: nothing about it
// is worth learning, and it is type-checked for its exports alone.
package plain

func Upper(s string) string { return s }
