package stdlib

import (
	"context"
	"crypto/tls"
	"net"
	"net/http"
	"os/exec"
	"time"
)

// Shelling out: the process outlives the caller.
func Thumbnail(ctx context.Context, src, dst string) error {
	return exec.Command("convert", src, "-resize", "128x128", dst).Run() // want `exec.Command cannot be cancelled when the caller gives up; use exec.CommandContext\(ctx, ...\)`
}

func GitHead(w http.ResponseWriter, r *http.Request) {
	args := []string{"rev-parse", "HEAD"}
	out, err := exec.Command("git", args...).Output() // want `exec.Command cannot be cancelled when the caller gives up; use exec.CommandContext\(r.Context\(\), ...\)`
	if err != nil {
		http.Error(w, err.Error(), 500)
		return
	}
	w.Write(out)
}

// Dialing and lookups.
type Prober struct {
	dialer *net.Dialer
	tlsCfg *tls.Config
}

func (p *Prober) TCP(ctx context.Context, addr string) error {
	conn, err := net.Dial("tcp", addr) // want `net.Dial cannot be cancelled when the caller gives up; use \(&net.Dialer\{\}\).DialContext\(ctx, ...\)`
	if err != nil {
		return err
	}
	return conn.Close()
}

func (p *Prober) TCPTimeout(ctx context.Context, addr string) error {
	conn, err := net.DialTimeout("tcp", addr, 2*time.Second) // want `net.DialTimeout cannot be cancelled when the caller gives up; use \(&net.Dialer\{Timeout: ...\}\).DialContext\(ctx, ...\)`
	if err != nil {
		return err
	}
	return conn.Close()
}

func (p *Prober) WithDialer(ctx context.Context, addr string) error {
	conn, err := p.dialer.Dial("tcp", addr) // want `p.dialer.Dial cannot be cancelled when the caller gives up; use p.dialer.DialContext\(ctx, ...\)`
	if err != nil {
		return err
	}
	return conn.Close()
}

func (p *Prober) TLS(ctx context.Context, addr string) error {
	conn, err := tls.Dial("tcp", addr, p.tlsCfg) // want `tls.Dial cannot be cancelled when the caller gives up; use \(&tls.Dialer\{Config: ...\}\).DialContext\(ctx, ...\)`
	if err != nil {
		return err
	}
	if err := conn.Handshake(); err != nil { // want `conn.Handshake cannot be cancelled when the caller gives up; use conn.HandshakeContext\(ctx\)`
		return err
	}
	return conn.Close()
}

func (p *Prober) TLSWithDialer(ctx context.Context, addr string) error {
	conn, err := tls.DialWithDialer(p.dialer, "tcp", addr, p.tlsCfg) // want `tls.DialWithDialer cannot be cancelled when the caller gives up; use \(&tls\.Dialer\{NetDialer: \.\.\., Config: \.\.\.\}\)\.DialContext\(ctx, \.\.\.\)`
	if err != nil {
		return err
	}
	return conn.Close()
}

func (p *Prober) Resolve(ctx context.Context, host string) ([]string, error) {
	addrs, err := net.LookupHost(host) // want `net.LookupHost cannot be cancelled when the caller gives up; use net.DefaultResolver.LookupHost\(ctx, ...\)`
	if err != nil {
		return nil, err
	}
	ips, err := net.LookupIP(host) // want `net.LookupIP cannot be cancelled when the caller gives up; use net.DefaultResolver.LookupIP\(ctx, "ip", ...\)`
	for _, ip := range ips {
		addrs = append(addrs, ip.String())
	}
	if _, err := net.LookupMX(host); err != nil { // want `net.LookupMX cannot be cancelled when the caller gives up; use net\.DefaultResolver\.LookupMX\(ctx, \.\.\.\)`
		return nil, err
	}
	if _, err := net.LookupTXT(host); err != nil { // want `net.LookupTXT cannot be cancelled when the caller gives up; use net\.DefaultResolver\.LookupTXT\(ctx, \.\.\.\)`
		return nil, err
	}
	if _, _, err := net.LookupSRV("http", "tcp", host); err != nil { // want `net.LookupSRV cannot be cancelled when the caller gives up; use net\.DefaultResolver\.LookupSRV\(ctx, \.\.\.\)`
		return nil, err
	}
	names, _ := net.LookupAddr("127.0.0.1")  // want `net.LookupAddr cannot be cancelled when the caller gives up; use net\.DefaultResolver\.LookupAddr\(ctx, \.\.\.\)`
	cname, _ := net.LookupCNAME(host)        // want `net.LookupCNAME cannot be cancelled when the caller gives up; use net\.DefaultResolver\.LookupCNAME\(ctx, \.\.\.\)`
	port, _ := net.LookupPort("tcp", "http") // the local services database: nothing to cancel
	_, _, _ = names, cname, port
	return addrs, err
}

// ---- Left alone ----

func (p *Prober) Good(ctx context.Context, addr, host string) error {
	conn, err := p.dialer.DialContext(ctx, "tcp", addr)
	if err != nil {
		return err
	}
	conn.Close()
	d := tls.Dialer{Config: p.tlsCfg}
	tc, err := d.DialContext(ctx, "tcp", addr)
	if err != nil {
		return err
	}
	tc.Close()
	if _, err := net.DefaultResolver.LookupHost(ctx, host); err != nil {
		return err
	}
	return exec.CommandContext(ctx, "true").Run()
}

// No context form: parsing, listening set-up, process state.
func (p *Prober) Plain(ctx context.Context, addr string) error {
	host, _, err := net.SplitHostPort(addr)
	_ = net.ParseIP(host)
	cmd := exec.CommandContext(ctx, "true")
	_ = cmd.Start()
	_ = cmd.Wait()
	_, _ = exec.LookPath("git")
	return err
}

// Off the request path.
func main() {
	exec.Command("true").Run()
	net.Dial("tcp", "localhost:80")
	net.LookupHost("localhost")
}

// A dialer given the caller's deadline keeps it; only an early
// cancellation is not carried, which is left alone.
func (p *Prober) TLSByDeadline(ctx context.Context, addr string) error {
	var d net.Dialer
	if t, ok := ctx.Deadline(); ok {
		d.Deadline = t
	}
	conn, err := tls.DialWithDialer(&d, "tcp", addr, p.tlsCfg)
	if err != nil {
		return err
	}
	return conn.Close()
}

// A deadline from elsewhere is not the caller's.
func (p *Prober) TLSByClock(ctx context.Context, addr string) error {
	d := &net.Dialer{}
	d.Deadline = time.Now().Add(time.Second)
	conn, err := d.Dial("tcp", addr) // want `d.Dial cannot be cancelled when the caller gives up; use d.DialContext\(ctx, ...\)`
	if err != nil {
		return err
	}
	return conn.Close()
}

// A dial timeout computed from the caller's deadline keeps it.
func (p *Prober) TimeoutByDeadline(ctx context.Context, addr string) error {
	t, ok := ctx.Deadline()
	if !ok {
		return nil
	}
	conn, err := net.DialTimeout("tcp", addr, time.Until(t))
	if err != nil {
		return err
	}
	return conn.Close()
}
