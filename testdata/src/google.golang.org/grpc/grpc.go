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
type ClientConn struct{}

// Invoke sends an RPC.
func (cc *ClientConn) Invoke(ctx context.Context, method string, args, reply any) error { return nil }
