// Package main's own context types: a struct embedding context.Context
// that only this package can build. Built only around main's roots, its
// values bring no caller's deadline to the checks given them.
package main

import (
	"context"
	"net/http"
)

func probe() {}

// Context is what each check of this command-line tool is run with.
type Context struct {
	context.Context
	verbose bool
}

type check interface {
	Run(ctx *Context) error
}

type versioning struct{}

func (versioning) Run(ctx *Context) error {
	probe() // no inbound context: every Context wraps main's Background
	return nil
}

var checks = []check{versioning{}}

func main() {
	ctx := context.Background()
	for _, c := range checks {
		_ = c.Run(&Context{Context: ctx, verbose: true})
	}
	serve()
}

// A context type that a handler builds around its request's context
// carries that request's deadline.
type reqContext struct {
	context.Context
}

func handle(w http.ResponseWriter, r *http.Request) {
	handleReq(&reqContext{r.Context()})
}

func handleReq(c *reqContext) {
	probe() // want `inbound c$`
}

// A context type whose context is also set elsewhere may carry anything.
type jobContext struct {
	context.Context
	id int
}

func (j *jobContext) attach(ctx context.Context) { j.Context = ctx }

func runJob(j *jobContext) {
	probe() // want `inbound j$`
}

func serve() {
	j := &jobContext{Context: context.Background()}
	runJob(j)
	http.HandleFunc("/", handle)
}
