// Package unclosedcall is a fuzz crasher kept as a test: a file that
// does not parse ends in a call without its closing parenthesis, so the
// call ends one past the end of the file. The finding must stay inside it.
package unclosedcall

import "context"

func Handle(ctx context.Context) {
	context.TODO( // want `ctxbackground: context.TODO\(\) starts a fresh context where ctx is in scope, so the caller's deadline and cancellation are lost; use ctx`
