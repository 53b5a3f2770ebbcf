package observe

import (
	"context"
	"net"
	"net/http"
)

// A listener is bound at once: the context of net.ListenConfig's Listen
// and ListenPacket reaches only the resolver for a host name in the
// address, so a root handed there costs the caller nothing.

type Peer struct {
	lc   net.ListenConfig
	dial net.Dialer
}

func (p *Peer) bind(port string) (net.PacketConn, error) {
	return p.lc.ListenPacket(context.Background(), "udp4", ":"+port)
}

// Rebind only binds a socket.
func (p *Peer) Rebind(port string) error {
	pc, err := p.bind(port)
	if err != nil {
		return err
	}
	return pc.Close()
}

func (p *Peer) HandleRebind(w http.ResponseWriter, r *http.Request) {
	_ = p.Rebind("0")
	ln, err := p.lc.Listen(context.Background(), "tcp", "127.0.0.1:0")
	if err == nil {
		ln.Close()
	}
}

// A dial waits on the network: its root is the caller's loss.
func (p *Peer) connect(addr string) (net.Conn, error) {
	return p.dial.DialContext(context.Background(), "tcp", addr)
}

// Connect dials.
func (p *Peer) Connect(addr string) error { // want Connect:"roots context.Background\\(\\) at listen.go:41"
	c, err := p.connect(addr)
	if err != nil {
		return err
	}
	return c.Close()
}

func (p *Peer) HandleConnect(w http.ResponseWriter, r *http.Request) {
	_ = p.Connect(r.URL.Query().Get("addr")) // want `Connect starts a fresh context`
}
