// Package imports refers to the context package by other names: renamed
// (ctxpkg), dot-imported, and shadowed by a local variable named context.
// Findings and fixes follow the name the file uses.
package imports

import (
	ctxpkg "context"
	stdhttp "net/http"
	"time"
)

func Renamed(ctx ctxpkg.Context) {
	_ = ctxpkg.Background() // want `ctxbackground: context.Background\(\) starts a fresh context where ctx is in scope, so the caller's deadline and cancellation are lost; use ctx`
	c, cancel := ctxpkg.WithTimeout(ctxpkg.TODO(), time.Second) // want `fixedtimeout: 1s timeout on a fresh context ignores the caller.s deadline; derive it from ctx \(from context\.WithoutCancel\(ctx\) if the work must finish after the caller gives up\)`
	defer cancel()
	_ = c
}

func Handler(w stdhttp.ResponseWriter, r *stdhttp.Request) {
	_, _ = stdhttp.Get("http://example.com") // want `dropcancel: stdhttp.Get cannot be cancelled when the caller gives up; build the request with stdhttp.NewRequestWithContext\(r.Context\(\), stdhttp\.MethodGet, url, nil\) and send it with a client`
}

// A local variable named context shadows nothing here (the package is
// ctxpkg in this file), and is not a context.
func Local(ctx ctxpkg.Context) {
	context := struct{ Background func() int }{func() int { return 0 }}
	_ = context.Background()
}
