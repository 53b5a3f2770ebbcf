package sibling

import (
	"context"
	"net"

	"example.com/memnet"
	"google.golang.org/grpc/test/bufconn"
)

// An in-process gRPC server reached through grpc's test listener: its Dial
// hands the server one end of an in-memory pipe, and the package is a test
// double, not the network the caller's deadline is for.
func DialInProcess(ctx context.Context, lis *bufconn.Listener) (net.Conn, error) {
	return lis.Dial()
}

// The same API in a production transport package waits for the other side
// to accept: that wait can outlive the caller.
func DialTransport(ctx context.Context, lis *memnet.Listener) (net.Conn, error) {
	return lis.Dial() // want `lis\.Dial cannot be cancelled when the caller gives up; use lis\.DialContext\(ctx\)$`
}
