// Package a asks the request-path question at every probe() call; the
// test analyzer reports the answer.
package a

import (
	"context"
	ctxpkg "context"
	"net/http"
	"testing"

	"example.com/web"
	"github.com/gin-gonic/gin"
	"github.com/labstack/echo/v4"
	"google.golang.org/grpc"
)

func probe() {}

func Param(ctx context.Context) {
	probe() // want `inbound ctx`
}

func Renamed(c ctxpkg.Context) {
	probe() // want `inbound c`
}

func Blank(_ context.Context, n int) {
	probe() // want `inbound <blank>`
}

func Unnamed(context.Context) {
	probe() // want `inbound <blank>`
}

func Request(w http.ResponseWriter, r *http.Request) {
	probe() // want `inbound r.Context\(\)`
}

// A context parameter wins over a request.
func Both(r *http.Request, ctx context.Context) {
	probe() // want `inbound ctx`
}

func Stream(s grpc.ServerStream) {
	probe() // want `inbound s.Context\(\)`
}

type scope struct {
	context.Context
	user string
}

func Embedded(s scope) {
	probe() // want `inbound s`
}

func Gin(c *gin.Context) {
	probe() // want `inbound c.Request.Context\(\)`
}

func Echo(c echo.Context) {
	probe() // want `inbound c.Request\(\).Context\(\)`
}

func Framework(c *web.Ctx) {
	probe() // want `inbound c.Req\(\).Context\(\)`
}

func Generic[C context.Context](ctx C) {
	probe() // want `inbound ctx`
}

func Closures(ctx context.Context) {
	f := func() {
		probe() // want `inbound ctx`
		g := func(r *http.Request) {
			probe() // want `inbound r.Context\(\)`
		}
		_ = g
	}
	_ = f
	go func() {
		probe() // want `inbound ctx detached`
	}()
	go func(ctx context.Context) {
		probe() // want `inbound ctx`
	}(ctx)
	go func(ctx context.Context) {
		probe() // want `inbound ctx detached`
	}(context.WithoutCancel(ctx))
	go func(n int, ctx context.Context) {
		probe() // want `inbound ctx detached`
	}(1, context.Background())
	defer probe() // want `inbound ctx detached`
	defer func() {
		probe() // want `inbound ctx detached`
	}()
}

var Handler = func(w http.ResponseWriter, r *http.Request) {
	probe() // want `inbound r.Context\(\)`
}

// Off the request path.

func main() { probe() }

func init() { probe() }

func NoContext(n int, s string) { probe() }

func NotAContext(ctx string) { probe() }

func Test(t *testing.T) { probe() }

func Lit() {
	func() { probe() }()
}

var _ = func() int { probe(); return 0 }()

type Server struct{ ctx context.Context }

// A stored context is not an inbound one.
func (s *Server) Method() { probe() }

// Code that runs only once the caller's context is done cleans up after
// the caller: it is detached from the request.
func AfterDone(ctx context.Context, results chan int, stop context.Context) {
	select {
	case <-ctx.Done():
		probe() // want `inbound ctx detached`
	case v := <-results:
		probe() // want `inbound ctx`
		_ = v
	}
	if ctx.Err() != nil {
		probe() // want `inbound ctx detached`
	}
	if nil != ctx.Err() {
		probe() // want `inbound ctx detached`
	} else {
		probe() // want `inbound ctx`
	}
	probe() // want `inbound ctx`
	<-stop.Done() // another context's end says nothing of ctx
	probe()       // want `inbound ctx`
	select {
	case <-ctx.Done():
	case v := <-results:
		probe() // want `inbound ctx`
		_ = v
		return
	}
	probe() // want `inbound ctx detached`
}

func AfterBlockingDone(r *http.Request) {
	<-r.Context().Done()
	probe() // want `inbound r.Context\(\) detached`
	func() {
		probe() // want `inbound r.Context\(\) detached`
	}()
}

// A select that can complete otherwise says nothing.
func NotOnlyDone(ctx context.Context, results chan int) {
	for {
		select {
		case <-ctx.Done():
		case <-results:
			break // leaves the select only
		}
		probe() // want `inbound ctx`
		select {
		case <-ctx.Done():
		default:
		}
		probe() // want `inbound ctx`
		if ctx.Err() == nil {
			probe() // want `inbound ctx`
		}
	}
}

// Both branches of an if must wait for the end.
func Branches(ctx context.Context, debug bool, results chan int) error {
	if debug {
		select {
		case <-ctx.Done():
		case err := <-results:
			panic(err)
		}
	} else {
		<-ctx.Done()
	}
	probe() // want `inbound ctx detached`
	if debug {
		<-ctx.Done()
	}
	probe() // want `inbound ctx`
	return nil
}

// A helper that dies at its end never returns to what follows its call.
func dieHanging(why string) {
	if why == "" {
		why = "unknown"
	}
	panic(why)
}

// A helper that may return does.
func maybeDie(why string) {
	if why == "" {
		return
	}
	panic(why)
}

func Dying(ctx context.Context, results chan int) {
	select {
	case <-results:
		dieHanging("stuck")
	case <-ctx.Done():
	}
	probe() // want `inbound ctx detached`
	select {
	case <-results:
		maybeDie("stuck")
	case <-ctx.Done():
	}
	probe() // want `inbound ctx`
}
