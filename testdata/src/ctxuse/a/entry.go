package a

import (
	"context"
	"strings"
)

// Index asks once, up front, whether its caller has gone, then works in
// memory: a root handed to it is observed by nothing, a caller's context
// is checked and reported.
func Index(ctx context.Context, m map[string]int, k string) (int, error) { // want Index:`^observes if cancellable \[0\]; checks \[0\]$`
	if err := ctx.Err(); err != nil {
		return 0, err
	}
	return m[strings.ToLower(k)], nil
}

// Scan asks again at every step: it observes its context.
func Scan(ctx context.Context, keys []string) (int, error) { // want Scan:`^checks \[0\]$`
	n := 0
	for _, k := range keys {
		if ctx.Err() != nil {
			return n, ctx.Err()
		}
		n += len(strings.TrimSpace(k))
	}
	return n, nil
}

// StillThere only answers the question: a check, with no work after it.
func StillThere(ctx context.Context) error { // want StillThere:`^checks \[0\]$`
	if err := ctx.Err(); err != nil {
		return err
	}
	return nil
}

// CheckThenCall checks up front and then hands the context on to a call that
// may wait: it observes it.
func CheckThenCall(ctx context.Context, f func(context.Context) error) error { // want CheckThenCall:`^checks \[0\]; calls \[1\]; hands 0 to argument 0 of 1$`
	if ctx.Err() != nil {
		return ctx.Err()
	}
	return f(ctx)
}

// Parenthesised asks up front too, with the method value in parentheses.
func Parenthesised(ctx context.Context, k string) (string, error) { // want Parenthesised:`^observes if cancellable \[0\]; checks \[0\]$`
	if (ctx.Err)() != nil {
		return "", (ctx.Err)()
	}
	return strings.ToUpper(k), nil
}
