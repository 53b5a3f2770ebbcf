// Package websocket stands in for github.com/coder/websocket: NetConn
// keeps its context as the lifetime of the connection it returns.
package websocket

import (
	"context"
	"net"
)

type Conn struct{}

type MessageType int

const MessageBinary MessageType = 2

// NetConn wraps c as a net.Conn; cancelling ctx closes it.
func NetConn(ctx context.Context, c *Conn, msgType MessageType) net.Conn {
	<-ctx.Done()
	return nil
}
