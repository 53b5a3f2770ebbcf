// Package conn holds connection deadlines set from a fixed number: reported
// where the caller's deadline is never read, left alone where it is.
package conn

import (
	"bufio"
	"context"
	"crypto/tls"
	"net"
	"net/http"
	"time"
)

const ioTimeout = 30 * time.Second

type Proxy struct {
	upstream string
	idle     time.Duration
}

// A TCP handler given the server's per-connection context.
func (p *Proxy) Handle(ctx context.Context, conn net.Conn) error {
	defer conn.Close()
	conn.SetDeadline(time.Now().Add(10 * time.Second)) // want `10s deadline on conn ignores the caller's deadline; use ctx.Deadline\(\) when it is sooner`
	line, err := bufio.NewReader(conn).ReadString('\n')
	if err != nil {
		return err
	}
	conn.SetWriteDeadline(time.Now().Add(ioTimeout)) // want `30s write deadline on conn ignores the caller's deadline; use ctx.Deadline\(\) when it is sooner`
	_, err = conn.Write([]byte(line))
	return err
}

// Read deadlines on a TLS connection, inside a read loop.
func (p *Proxy) Relay(ctx context.Context, src *tls.Conn, dst net.Conn) error {
	buf := make([]byte, 32<<10)
	for {
		if err := ctx.Err(); err != nil {
			return err
		}
		src.SetReadDeadline(time.Now().Add(500 * time.Millisecond)) // want `500ms read deadline on src ignores the caller's deadline; use ctx\.Deadline\(\) when it is sooner`
		n, err := src.Read(buf)
		if err != nil {
			return err
		}
		if _, err := dst.Write(buf[:n]); err != nil {
			return err
		}
	}
}

// An HTTP handler that hijacks the connection: from there on the server no
// longer watches it, and the request's context has no deadline to consult.
// The connection's own deadline is the handler's only bound. Silent.
func (p *Proxy) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	hj, ok := w.(http.Hijacker)
	if !ok {
		return
	}
	c, _, err := hj.Hijack()
	if err != nil {
		return
	}
	defer c.Close()
	c.SetDeadline(time.Now().Add(time.Minute))
}

// A handler that keeps its connection and sets a fixed deadline on an
// upstream one: the request's deadline is the one to consult.
func (p *Proxy) Forward(w http.ResponseWriter, r *http.Request) {
	up, err := net.Dial("tcp", p.upstream)
	if err != nil {
		return
	}
	defer up.Close()
	up.SetReadDeadline(time.Now().Add(5 * time.Second)) // want `5s read deadline on up ignores the caller's deadline; use r.Context\(\).Deadline\(\) when it is sooner`
}

// Any type with the method: a UDP connection.
func (p *Proxy) Ping(ctx context.Context, pc *net.UDPConn) error {
	pc.SetReadDeadline(time.Now().Add(2 * time.Second)) // want `2s read deadline on pc ignores the caller's deadline; use ctx\.Deadline\(\) when it is sooner`
	_, _, err := pc.ReadFromUDP(make([]byte, 64))
	return err
}

// A blank context parameter: the function discarded the caller's context
// and bounds its own I/O. Silent.
func (p *Proxy) Blank(_ context.Context, conn net.Conn) {
	conn.SetDeadline(time.Now().Add(time.Second))
}

// A blank request is not a discarded context: the handler only needed none
// of its fields.
func (p *Proxy) BlankRequest(w http.ResponseWriter, _ *http.Request) {
	conn, err := net.Dial("tcp", p.upstream)
	if err != nil {
		return
	}
	conn.SetDeadline(time.Now().Add(time.Second)) // want `1s deadline on conn ignores the caller's deadline; use the caller's context's Deadline\(\) when it is sooner`
}

// The deadline computed first, then set on both directions.
func (p *Proxy) Exchange(ctx context.Context, conn net.Conn) error {
	deadline := time.Now().Add(5 * time.Second)
	conn.SetReadDeadline(deadline)  // want `5s read deadline on conn ignores the caller's deadline; use ctx\.Deadline\(\) when it is sooner`
	conn.SetWriteDeadline(deadline) // want `5s write deadline on conn ignores the caller's deadline; use ctx\.Deadline\(\) when it is sooner`
	_, err := conn.Write([]byte("ping"))
	return err
}
