// Package table checks a function against a table of inputs and the
// answers wanted. It imports nothing of budgetlint, so that a package's
// own tests can use it where passtest, which imports every pass, would
// make a cycle.
package table

import "testing"

// Check reports each input of cases for which f does not answer what is
// wanted, naming f by name.
func Check[In, Out comparable](t *testing.T, name string, f func(In) Out, cases map[In]Out) {
	t.Helper()
	for in, want := range cases {
		if got := f(in); got != want {
			t.Errorf("%s(%#v) = %#v, want %#v", name, in, got, want)
		}
	}
}
