// Package memnet is a production transport with the same API as grpc's
// bufconn: a listener whose Dial waits until the server side takes the
// connection.
package memnet

import (
	"context"
	"net"
)

type Listener struct{ accept chan net.Conn }

// Dial waits for the server, however long it takes.
func (l *Listener) Dial() (net.Conn, error) {
	server, client := net.Pipe()
	l.accept <- server
	return client, nil
}

// DialContext stops waiting when ctx is done.
func (l *Listener) DialContext(ctx context.Context) (net.Conn, error) {
	server, client := net.Pipe()
	select {
	case l.accept <- server:
		return client, nil
	case <-ctx.Done():
		server.Close()
		client.Close()
		return nil, ctx.Err()
	}
}
