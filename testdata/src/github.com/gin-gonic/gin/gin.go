// Package gin is a stand-in for github.com/gin-gonic/gin.
package gin

import (
	"net/http"
	"time"
)

// Context is gin's per-request context; like the real one it implements
// context.Context itself.
type Context struct {
	Request *http.Request
}

func (c *Context) Deadline() (time.Time, bool) { return time.Time{}, false }
func (c *Context) Done() <-chan struct{}       { return nil }
func (c *Context) Err() error                  { return nil }
func (c *Context) Value(key any) any           { return nil }

// JSON writes a response.
func (c *Context) JSON(code int, obj any) {}
