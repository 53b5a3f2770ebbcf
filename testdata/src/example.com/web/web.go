// Package web is a made-up framework whose request type carries the
// context behind an accessor; tests add it with -inbound.frameworks.
package web

import "net/http"

type Ctx struct{ req *http.Request }

func (c *Ctx) Req() *http.Request { return c.req }
