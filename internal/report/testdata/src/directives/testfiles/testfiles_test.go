// Package testfiles: ctxbackground leaves tests alone by default, and so
// the directives in them, which are for -ctxbackground.tests.
package testfiles

import (
	"context"
	"testing"
)

func TestWork(t *testing.T) {
	//lint:ignore ctxbackground the test checks a root on purpose
	_ = Work(context.Background())
	//lint:ignore ctxbackground nothing to suppress, but not judged by default
	_ = Work(t.Context())
}
