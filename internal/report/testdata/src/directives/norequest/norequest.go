// Package norequest has no request path: ctxbackground has nothing to
// report here, so a directive naming it is stale all the same.
package norequest

func Sum(a, b int) int {
	// want +1 `^stale lint:ignore directive: it suppresses no ctxbackground finding; remove it$`
	//lint:ignore ctxbackground left from an older version
	return a + b
}
