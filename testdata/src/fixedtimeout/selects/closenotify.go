package selects

import (
	"net/http"
	"time"
)

// A wait that ends when the client goes away, told by the older
// http.CloseNotifier: the request's cancellation is honoured.
func (c *Cache) ServeWatch(w http.ResponseWriter, r *http.Request) {
	var closing <-chan bool
	if n, ok := w.(http.CloseNotifier); ok {
		closing = n.CloseNotify()
	}
	select {
	case <-time.After(10 * time.Second):
	case <-closing:
	}
	w.WriteHeader(http.StatusOK)
}

// The same wait without it ignores the client.
func (c *Cache) ServeSleep(w http.ResponseWriter, r *http.Request) {
	done := make(chan bool)
	select {
	case <-time.After(10 * time.Second): // want `select waits 10s on time.After with no case on r.Context\(\).Done\(\), so it ignores the caller's deadline; add a case <-r.Context\(\).Done\(\)`
	case <-done:
	}
	w.WriteHeader(http.StatusOK)
}
