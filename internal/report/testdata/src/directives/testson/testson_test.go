// Package testson: with -ctxbackground.tests, directives in tests are
// judged as everywhere else.
package testson

import (
	"context"
	"testing"
)

func TestWork(t *testing.T) {
	//lint:ignore ctxbackground the test checks a root on purpose
	_ = Work(context.Background())
	// want +1 `^stale lint:ignore directive: it suppresses no ctxbackground finding; remove it$`
	//lint:ignore ctxbackground nothing to suppress
	_ = Work(t.Context())
}
