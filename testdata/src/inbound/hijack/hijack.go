// Package hijack: once a handler takes over its connection, the server no
// longer watches it, and the request's context reports neither the client
// leaving nor any deadline: the code below is on no request path.
package hijack

import (
	"context"
	"net/http"

	"github.com/coder/websocket"
)

func probe() {}

func tunnel(w http.ResponseWriter, r *http.Request) {
	probe() // want `inbound r.Context\(\)$`
	conn, _, err := w.(http.Hijacker).Hijack()
	if err != nil {
		return
	}
	defer conn.Close()
	probe() // the connection is the handler's: no caller's signal
	func() {
		probe() // nor in a closure run here
	}()
}

func stream(w http.ResponseWriter, r *http.Request) {
	rc := http.NewResponseController(w)
	probe() // want `inbound r.Context\(\)$`
	conn, _, err := rc.Hijack()
	if err != nil {
		return
	}
	conn.Close()
	probe() // taken over through a ResponseController too
}

func socket(w http.ResponseWriter, r *http.Request) {
	c, err := websocket.Accept(w, r, nil)
	if err != nil {
		return
	}
	_ = c
	probe() // a websocket upgrade hijacks the connection
}

// A handler given its own context parameter keeps it: the hijack says
// nothing about a context the caller passed.
func withContext(ctx context.Context, w http.ResponseWriter, r *http.Request) {
	conn, _, _ := w.(http.Hijacker).Hijack()
	conn.Close()
	probe() // want `inbound ctx$`
}

// A hijack in a closure the handler hands on takes over nothing here.
func later(w http.ResponseWriter, r *http.Request) {
	take := func() {
		w.(http.Hijacker).Hijack()
	}
	_ = take
	probe() // want `inbound r.Context\(\)$`
}
