// Package deep is imported only by another package of its module: the
// analysed code never calls it, and it is type-checked for its exports.
package deep

func Clean(s string) string { return s }
