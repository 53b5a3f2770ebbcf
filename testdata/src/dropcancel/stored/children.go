package stored

import "context"

type ctxAndCancel struct {
	ctx    context.Context
	cancel context.CancelFunc
}

// Children of the caller's context kept in a local map for the call (one
// per racing backend, so that the first to answer cancels the others) are
// the caller's, not contexts stored from elsewhere.
func (cc *clientConn) race(ctx context.Context, names []string) {
	contexts := make(map[string]ctxAndCancel, len(names))
	for _, name := range names {
		child, cancel := context.WithCancel(ctx)
		contexts[name] = ctxAndCancel{child, cancel}
	}
	for _, name := range names {
		wait(contexts[name].ctx)
	}
}

// A map filled with the client's own lifetime holds that lifetime.
func (cc *clientConn) raceOnLifetime(ctx context.Context, names []string) {
	contexts := make(map[string]ctxAndCancel, len(names))
	for _, name := range names {
		contexts[name] = ctxAndCancel{cc.ctx, func() {}}
	}
	for _, name := range names {
		contexts[name].cancel()
		wait(contexts[name].ctx) // want `passing the stored context contexts\[name\].ctx ignores the cancellation of ctx; pass ctx`
	}
}
