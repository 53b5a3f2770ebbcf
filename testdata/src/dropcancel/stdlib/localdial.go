package stdlib

import (
	"context"
	"net"
)

type daemon struct{ proto, addr string }

// The network is a variable, dialled only where it is known to be local.
func (d *daemon) dial(ctx context.Context) (net.Conn, error) {
	switch d.proto {
	case "unix", "unixpacket":
		return net.Dial(d.proto, d.addr)
	case "tcp":
		return net.Dial(d.proto, d.addr) // want `net.Dial cannot be cancelled when the caller gives up; use \(&net\.Dialer\{\}\)\.DialContext\(ctx, \.\.\.\)`
	}
	if d.proto == "unix" {
		return net.Dial(d.proto, d.addr)
	}
	return net.Dial(d.proto, d.addr) // want `net.Dial cannot be cancelled when the caller gives up; use \(&net\.Dialer\{\}\)\.DialContext\(ctx, \.\.\.\)`
}
