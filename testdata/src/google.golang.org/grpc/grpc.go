// Package grpc is a stand-in for google.golang.org/grpc with the shapes
// budgetlint's tests need.
package grpc

import "context"

// ServerStream is the server side of a stream.
type ServerStream interface {
	SetHeader(MD) error
	SendHeader(MD) error
	SetTrailer(MD)
	Context() context.Context
	SendMsg(m any) error
	RecvMsg(m any) error
}

// MD is request metadata.
type MD map[string][]string

// ClientConn is a client connection.
type ClientConn struct{ transport transport }

// Invoke sends an RPC over the connection's transport, code the analysis
// cannot follow: it observes ctx.
func (cc *ClientConn) Invoke(ctx context.Context, method string, args, reply any) error {
	return cc.transport.roundTrip(ctx, method, args, reply)
}

type transport interface {
	roundTrip(ctx context.Context, method string, args, reply any) error
}

// DialOption configures a dial.
type DialOption interface{ apply() }

type option struct{}

func (option) apply() {}

// WithBlock makes a dial wait until the connection is up.
func WithBlock() DialOption { return option{} }

// WithReturnConnectionError makes a blocking dial return the last error.
func WithReturnConnectionError() DialOption { return option{} }

// Dial makes a connection lazily, unless told to block.
func Dial(target string, opts ...DialOption) (*ClientConn, error) {
	return DialContext(context.Background(), target, opts...)
}

// DialContext is Dial whose context bounds a blocking dial.
func DialContext(ctx context.Context, target string, opts ...DialOption) (*ClientConn, error) {
	<-ctx.Done()
	return &ClientConn{}, nil
}
