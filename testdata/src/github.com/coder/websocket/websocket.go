// Package websocket stands in for github.com/coder/websocket: NetConn
// keeps its context as the lifetime of the connection it returns; Accept
// hijacks the handler's connection.
package websocket

import (
	"context"
	"net"
	"net/http"
)

type Conn struct{}

type MessageType int

const MessageBinary MessageType = 2

// NetConn wraps c as a net.Conn; cancelling ctx closes it.
func NetConn(ctx context.Context, c *Conn, msgType MessageType) net.Conn {
	<-ctx.Done()
	return nil
}

type AcceptOptions struct{}

// Accept upgrades the handler's connection to a websocket.
func Accept(w http.ResponseWriter, r *http.Request, opts *AcceptOptions) (*Conn, error) {
	return accept(w)
}

func accept(w http.ResponseWriter) (*Conn, error) {
	hj, ok := w.(http.Hijacker)
	if !ok {
		return nil, nil
	}
	if _, _, err := hj.Hijack(); err != nil {
		return nil, err
	}
	return &Conn{}, nil
}
