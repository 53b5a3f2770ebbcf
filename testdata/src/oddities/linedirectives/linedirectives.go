// Package linedirectives holds code under //line and /*line*/ directives,
// as generators that are not marked generated (templates, yacc) write it:
// findings are reported at the positions the directives give, and
// suppression comments work on the lines as written.
package linedirectives

import (
	"context"
	"net/http"
	"time"
)

func Before(ctx context.Context) {
	_ = context.Background() // want `ctxbackground: context.Background\(\) starts a fresh context where ctx is in scope, so the caller's deadline and cancellation are lost; use ctx`
}

//line template.tmpl:100
func Templated(ctx context.Context) {
	_ = context.TODO() // want `ctxbackground: context.TODO\(\) starts a fresh context where ctx is in scope`
	_ = context.TODO() //nolint:ctxbackground // suppressed on the line as written
	//nolint:budgetlint
	_ = context.TODO()
}

//line :1
func NoFile(ctx context.Context) {
	for {
		time.Sleep(time.Second) // want `fixedtimeout: 1s sleep in a loop that never checks ctx`
	}
}

func Inline(w http.ResponseWriter, r *http.Request) {
	_, _ = /*line inline.tmpl:7:3*/ http.Get("http://example.com") // want `dropcancel: http.Get cannot be cancelled`
	//line other.go:1
	_ = context.Background() //nolint:ctxbackground // a directive between the comment's line and the code's
}

// A directive moving code far ahead and back.
//line far.go:1000000
func Far(ctx context.Context) {
//line far.go:1
	_ = context.TODO() // want `ctxbackground: context.TODO\(\) starts a fresh context where ctx is in scope`
}
