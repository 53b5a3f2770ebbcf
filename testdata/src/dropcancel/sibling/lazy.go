package sibling

import (
	"context"

	"github.com/coreos/go-oidc/v3/oidc"
	"google.golang.org/grpc"
)

// A gRPC dial connects lazily: the context of DialContext only bounds a
// dial told to block, so a plain Dial without such an option loses nothing.
func Lazy(ctx context.Context, target string) (*grpc.ClientConn, error) {
	return grpc.Dial(target)
}

func Blocking(ctx context.Context, target string) (*grpc.ClientConn, error) {
	return grpc.Dial(target, grpc.WithBlock()) // want `grpc.Dial cannot be cancelled when the caller gives up; use grpc.DialContext\(ctx, \.\.\.\)`
}

func BlockingOptions(ctx context.Context, target string, opts []grpc.DialOption) (*grpc.ClientConn, error) {
	opts = append(opts, grpc.WithReturnConnectionError())
	return grpc.Dial(target, opts...) // want `grpc.Dial cannot be cancelled when the caller gives up; use grpc.DialContext\(ctx, \.\.\.\)`
}

// A pool whose plain Get stands in for a missing context only.
type pool struct{}

func (pool) Get() (int, error)                           { return 0, nil }
func (pool) GetContext(ctx context.Context) (int, error) { return 0, ctx.Err() }

func Conn(ctx context.Context, p pool) (int, error) {
	if ctx != nil {
		return p.GetContext(ctx)
	}
	return p.Get()
}

func ConnElse(ctx context.Context, p pool) (int, error) {
	if ctx != nil {
		return p.GetContext(ctx)
	} else {
		return p.Get()
	}
}

// Without the return, the plain Get runs whatever ctx is.
func ConnBoth(ctx context.Context, p pool) (int, error) {
	if ctx != nil {
		_, _ = p.GetContext(ctx)
	}
	return p.Get() // want `p.Get cannot be cancelled when the caller gives up; use p.GetContext\(ctx\)`
}

// A verifier made with the request's context would stop fetching keys
// once the request ends: its plain form is the right one.
func Verify(ctx context.Context, p *oidc.Provider) *oidc.IDTokenVerifier {
	return p.Verifier(&oidc.Config{ClientID: "app"})
}
