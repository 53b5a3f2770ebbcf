// Package twice makes one mistake in two places: the same dial in both
// branches of an if is one finding, whose other place every output names.
package twice

import (
	"context"
	"net"
)

func Dial(ctx context.Context, addr string, tls bool) (net.Conn, error) {
	if tls {
		return net.Dial("tcp", addr)
	}
	return net.Dial("tcp4", addr)
}
