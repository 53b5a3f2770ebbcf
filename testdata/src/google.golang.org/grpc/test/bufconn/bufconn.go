// Package bufconn stands for grpc's in-memory listener for tests: Dial
// hands the server one end of a pipe.
package bufconn

import (
	"context"
	"net"
)

type Listener struct{ ch chan net.Conn }

func Listen(size int) *Listener { return &Listener{ch: make(chan net.Conn)} }

func (l *Listener) Dial() (net.Conn, error) {
	return l.DialContext(context.Background())
}

func (l *Listener) DialContext(ctx context.Context) (net.Conn, error) {
	p1, p2 := net.Pipe()
	select {
	case <-ctx.Done():
		return nil, ctx.Err()
	case l.ch <- p1:
		return p2, nil
	}
}
