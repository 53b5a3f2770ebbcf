package conn

import (
	"context"
	"net"
	"time"
)

// The caller's deadline is consulted: the fixed value is the fallback.
func (p *Proxy) HandleGood(ctx context.Context, conn net.Conn) error {
	if dl, ok := ctx.Deadline(); ok {
		conn.SetDeadline(dl)
	} else {
		conn.SetDeadline(time.Now().Add(10 * time.Second))
	}
	_, err := conn.Write([]byte("ok\n"))
	return err
}

// The sooner of the two.
func (p *Proxy) HandleMin(ctx context.Context, conn net.Conn) error {
	deadline := time.Now().Add(ioTimeout)
	if dl, ok := ctx.Deadline(); ok && dl.Before(deadline) {
		deadline = dl
	}
	conn.SetReadDeadline(deadline)
	_, err := conn.Read(make([]byte, 1))
	return err
}

// The deadline is read in the handler, set in a helper closure.
func (p *Proxy) HandleClosure(ctx context.Context, conn net.Conn) {
	dl, hasDeadline := ctx.Deadline()
	arm := func() {
		if hasDeadline {
			conn.SetDeadline(dl)
			return
		}
		conn.SetDeadline(time.Now().Add(5 * time.Second))
	}
	arm()
}

// A configured value is not a number written here.
func (p *Proxy) HandleConfigured(ctx context.Context, conn net.Conn) {
	conn.SetReadDeadline(time.Now().Add(p.idle))
}

// A local variable is not a constant.
func (p *Proxy) HandleVariable(ctx context.Context, conn net.Conn, d time.Duration) {
	conn.SetReadDeadline(time.Now().Add(d))
}

// Clearing a deadline, and the "interrupt now" idiom.
func (p *Proxy) HandleClear(ctx context.Context, conn net.Conn) {
	conn.SetDeadline(time.Time{})
	stop := context.AfterFunc(ctx, func() { conn.SetDeadline(time.Now()) })
	defer stop()
}

// Off the request path: a listener loop without a context.
func (p *Proxy) Serve(ln net.Listener) {
	for {
		conn, err := ln.Accept()
		if err != nil {
			return
		}
		conn.SetDeadline(time.Now().Add(time.Minute))
		conn.Close()
	}
}

// Dialer and deadline settings as configuration.
func (p *Proxy) Dial(ctx context.Context) (net.Conn, error) {
	d := net.Dialer{Timeout: 3 * time.Second, KeepAlive: 30 * time.Second}
	return d.DialContext(ctx, "tcp", p.upstream)
}

// A goroutine serving the connection after the handler returns.
func (p *Proxy) Spawn(ctx context.Context, conn net.Conn) {
	go func() {
		conn.SetDeadline(time.Now().Add(time.Minute))
		conn.Close()
	}()
}
