// Package syntaxerror does not parse. go vet and budgetlint do not analyse
// it, but gopls hands the passes what the parser recovered: bad
// expressions and statements, functions cut short.
package syntaxerror

import (
	"context"
	"time"
)

func Recovered(ctx context.Context) {
	_ = context.TODO() // want `ctxbackground: context.TODO\(\) starts a fresh context where ctx is in scope, so the caller's deadline and cancellation are lost; use ctx`
	for {
		time.Sleep(time.Second) // want `fixedtimeout: 1s sleep in a loop that never checks ctx ignores the caller's deadline and cancellation; wait in a select on ctx\.Done\(\) and a timer`
	}
}

func Broken(ctx context.Context) {
	x := context.WithTimeout(context.Background(), )
	if err := ; err != nil {
	}
	for i := range {
		time.Sleep(
	}
	go func( {
	}()
	_ = context.Background()
