package main

import (
	"strings"
	"testing"
)

func TestCompare(t *testing.T) {
	before := `tuning	a@v1	ran
tuning	a@v1	real	x.go:10:2	dropcancel	-	msg	why
tuning	a@v1	false	x.go:20:5	ctxbackground	1	msg	why
tuning	a@v1	gone-real	x.go:30:1	dropcancel	-	msg	why
tuning	a@v1	real	x.go:50:1	dropcancel	-	msg	why
tuning	b@v1	ran
tuning	b@v1	false	y.go:7:3	fixedtimeout	3	msg	why
`
	// after ran only a: b's finding is not compared; a's real finding
	// moved a column (the same finding), its false one is gone, and a
	// new one appeared.
	after := `tuning	a@v1	ran
tuning	a@v1	real	x.go:10:9	dropcancel	-	msg	why
tuning	a@v1	?	x.go:40:1	retrybudget	-	msg
tuning	a@v1	merged-real	x.go:50:1	dropcancel	-	why
`
	b, err := parse(strings.NewReader(before))
	if err != nil {
		t.Fatal(err)
	}
	a, err := parse(strings.NewReader(after))
	if err != nil {
		t.Fatal(err)
	}
	var out strings.Builder
	write(&out, compare(b, a))
	// x.go:50 is now another place of a finding (merged-real): gone as a
	// finding of its own.
	want := "- false\ta@v1\tx.go:20\tctxbackground\n" +
		"+ ?\ta@v1\tx.go:40\tretrybudget\n" +
		"- real\ta@v1\tx.go:50\tdropcancel\n" +
		"+?: 1\n-false: 1\n-real: 1\n"
	if out.String() != want {
		t.Errorf("got\n%s\nwant\n%s", out.String(), want)
	}
	var none strings.Builder
	write(&none, compare(a, a))
	if none.String() != "no change\n" {
		t.Errorf("a report against itself: %q", none.String())
	}
}
