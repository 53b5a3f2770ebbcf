// Package echo is a stand-in for github.com/labstack/echo/v4.
package echo

import "net/http"

// Context is echo's per-request context: an interface whose request
// carries the context.
type Context interface {
	Request() *http.Request
	JSON(code int, i any) error
}
