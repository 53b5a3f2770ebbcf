package stored

import (
	"context"
	"time"
)

// A transport built with the caller's connect context and the client's own
// lifetime: the stored context is the lifetime of what it builds.
type transport struct{}

func newTransport(connectCtx, lifetime context.Context) *transport {
	<-connectCtx.Done()
	<-lifetime.Done()
	return &transport{}
}

type clientConn struct{ ctx context.Context }

func (cc *clientConn) connect(ctx context.Context) *transport {
	connectCtx, cancel := context.WithTimeout(ctx, time.Second)
	defer cancel()
	return newTransport(connectCtx, cc.ctx)
}

// A context handed back by something given the caller's: still the caller's.
type rpcInfo struct{ Context context.Context }

type rpcConfig struct{ Context context.Context }

func selectConfig(info rpcInfo) *rpcConfig { return &rpcConfig{Context: info.Context} }

func wait(ctx context.Context) { <-ctx.Done() }

func (cc *clientConn) newStream(ctx context.Context) {
	cfg := selectConfig(rpcInfo{Context: ctx})
	ctx = cfg.Context
	wait(ctx)
}

// A stored context handed to a value reader loses nothing.
func record(ctx context.Context, n int) {}

func (cc *clientConn) stats(ctx context.Context) {
	record(cc.ctx, 1)
	wait(cc.ctx) // want `passing the stored context cc.ctx ignores the cancellation of ctx; pass ctx`
}

func (cc *clientConn) newStream2(ctx context.Context) {
	info := rpcInfo{Context: ctx}
	cfg := selectConfig(info)
	if cfg.Context != nil {
		ctx = cfg.Context
	}
	wait(ctx)
}
