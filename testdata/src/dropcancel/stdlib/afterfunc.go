package stdlib

import (
	"context"
	"crypto/tls"
	"net"
)

// A connection that context.AfterFunc closes once the caller's context is
// done: the handshake after it ends with the caller, whatever context it
// is given. The one before the watch is not covered.
func dialTLS(ctx context.Context, cc net.Conn, host string) (*tls.Conn, error) {
	early := tls.Client(cc, &tls.Config{ServerName: host})
	if err := early.Handshake(); err != nil { // want `early.Handshake cannot be cancelled when the caller gives up; use early.HandshakeContext\(ctx\)$`
		return nil, err
	}
	stop := context.AfterFunc(ctx, func() { cc.Close() })
	defer stop()
	tc := tls.Client(cc, &tls.Config{ServerName: host})
	if err := tc.Handshake(); err != nil {
		return nil, err
	}
	return tc, nil
}
