package stdlib

import (
	"context"
	"crypto/tls"
	"fmt"
	"net"
	"time"
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

// A dial to this host's loopback address is accepted or refused at once.
func forward(ctx context.Context, port int, host string) (net.Conn, error) {
	if conn, err := net.Dial("tcp4", fmt.Sprintf("localhost:%d", port)); err == nil {
		return conn, nil
	}
	if conn, err := net.Dial("tcp6", "[::1]:8080"); err == nil {
		return conn, nil
	}
	return net.Dial("tcp", fmt.Sprintf("%s:%d", host, port)) // want `net.Dial cannot be cancelled when the caller gives up; use \(&net\.Dialer\{\}\)\.DialContext\(ctx, \.\.\.\)`
}

// The loopback address may be held by a local variable given it once; one
// that may hold another address is no longer known to be local.
func waitForPort(ctx context.Context, port int, other string) error {
	addr := fmt.Sprintf("127.0.0.1:%d", port)
	for ctx.Err() == nil {
		if conn, err := net.Dial("tcp", addr); err == nil {
			return conn.Close()
		}
	}
	target := fmt.Sprintf("127.0.0.1:%d", port)
	if other != "" {
		target = other
	}
	_, err := net.Dial("tcp", target) // want `net.Dial cannot be cancelled when the caller gives up; use \(&net\.Dialer\{\}\)\.DialContext\(ctx, \.\.\.\)`
	return err
}

// A TLS dial to this host's loopback address, and an address joined from a
// loopback host (or none: this host) and a port, are local too.
func probeLocal(ctx context.Context, port string, cfg *tls.Config, host string) error {
	if c, err := tls.DialWithDialer(&net.Dialer{Timeout: time.Second}, "tcp", "127.0.0.1:10250", cfg); err == nil {
		c.Close()
	}
	if c, err := tls.Dial("tcp", "localhost:"+port, cfg); err == nil {
		c.Close()
	}
	if c, err := net.DialTimeout("tcp", net.JoinHostPort("", port), time.Second); err == nil {
		c.Close()
	}
	c, err := net.DialTimeout("tcp", net.JoinHostPort(host, port), time.Second) // want `net.DialTimeout cannot be cancelled when the caller gives up`
	if err != nil {
		return err
	}
	return c.Close()
}
