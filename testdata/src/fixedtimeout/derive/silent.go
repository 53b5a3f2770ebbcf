package derive

import (
	"context"
	"log"
	"net"
	"net/http"
	"time"
)

// Derived from the caller's context: the child gets the sooner deadline.
func (s *OrderService) Good(ctx context.Context, sku string) error {
	rctx, cancel := context.WithTimeout(ctx, 5*time.Second)
	defer cancel()
	return s.inv.Reserve(rctx, sku, 1)
}

// Derived from something derived from it.
func (s *OrderService) GoodChain(ctx context.Context, sku string) error {
	vctx := context.WithValue(ctx, ctxKey{}, "v")
	cctx, stop := context.WithCancel(vctx)
	defer stop()
	rctx, cancel := context.WithTimeout(cctx, 5*time.Second)
	defer cancel()
	return s.inv.Reserve(rctx, sku, 1)
}

type ctxKey struct{}

func (s *OrderService) GoodRequest(w http.ResponseWriter, r *http.Request) {
	ctx, cancel := context.WithTimeout(r.Context(), 10*time.Second)
	defer cancel()
	_ = s.inv.Reserve(ctx, r.FormValue("sku"), 1)
}

func (s *OrderService) GoodDeadline(ctx context.Context, sku string) error {
	rctx, cancel := context.WithDeadline(ctx, time.Now().Add(time.Second))
	defer cancel()
	return s.inv.Reserve(rctx, sku, 1)
}

// Deliberately detached work keeps its own timeout.
func (s *OrderService) Audit(ctx context.Context, order string) {
	actx, cancel := context.WithTimeout(context.WithoutCancel(ctx), 30*time.Second)
	defer cancel()
	_ = s.pay.Charge(actx, order, 0)
}

func (s *OrderService) AuditVar(ctx context.Context, order string) {
	detached := context.WithoutCancel(ctx)
	actx, cancel := context.WithTimeout(detached, 30*time.Second)
	defer cancel()
	_ = s.pay.Charge(actx, order, 0)
}

// A goroutine started from the handler is detached work.
func (s *OrderService) Notify(ctx context.Context, order string) {
	go func() {
		nctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
		defer cancel()
		_ = s.pay.Charge(nctx, order, 0)
	}()
}

// Off the request path: start-up and shutdown in main.
func main() {
	srv := &http.Server{Addr: ":8080", ReadTimeout: 5 * time.Second, WriteTimeout: 10 * time.Second}
	go srv.ListenAndServe()
	ctx, cancel := context.WithTimeout(context.Background(), 15*time.Second)
	defer cancel()
	if err := srv.Shutdown(ctx); err != nil {
		log.Print(err)
	}
}

// A function with no inbound context owns its timeout.
func Warm(inv Inventory) error {
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	return inv.Reserve(ctx, "warm", 0)
}

// Client and dialer settings are configuration, not per-call timeouts.
func NewClients(ctx context.Context) (*http.Client, *net.Dialer) {
	d := &net.Dialer{Timeout: 2 * time.Second, KeepAlive: 30 * time.Second}
	return &http.Client{Timeout: 5 * time.Second}, d
}

// A fresh root behind a cancel-only derivation is ctxbackground's finding
// (it reports the root), not this pass's.
func (s *OrderService) ViaCancel(ctx context.Context, sku string) error {
	base, stop := context.WithCancel(context.Background()) // ctxbackground's finding
	defer stop()
	rctx, cancel := context.WithTimeout(base, time.Second)
	defer cancel()
	return s.inv.Reserve(rctx, sku, 1)
}

// Overwriting the inbound context is ctxbackground's finding.
func (s *OrderService) Overwrite(ctx context.Context, sku string) error {
	ctx = context.TODO() // ctxbackground's finding
	rctx, cancel := context.WithTimeout(ctx, time.Second)
	defer cancel()
	return s.inv.Reserve(rctx, sku, 1)
}

// A suppressed finding.
func (s *OrderService) Suppressed(ctx context.Context, sku string) error {
	rctx, cancel := context.WithTimeout(context.Background(), time.Second) //nolint:fixedtimeout // the reservation must finish even if the caller leaves
	defer cancel()
	return s.inv.Reserve(rctx, sku, 1)
}

func (s *OrderService) SuppressedStaticcheck(ctx context.Context, sku string) error {
	//lint:ignore fixedtimeout the reservation must finish
	rctx, cancel := context.WithTimeout(context.Background(), time.Second)
	defer cancel()
	return s.inv.Reserve(rctx, sku, 1)
}

// A root held by a package-level variable is not a local root.
var background = context.Background()

// A variable that only later receives the inbound context is not a root.
func (s *OrderService) Reassigned(ctx context.Context, sku string) error {
	var parent context.Context
	parent = ctx
	rctx, cancel := context.WithTimeout(parent, time.Second)
	defer cancel()
	return s.inv.Reserve(rctx, sku, 1)
}

func (s *OrderService) PackageRoot(ctx context.Context, sku string) error {
	rctx, cancel := context.WithTimeout(background, time.Second)
	defer cancel()
	return s.inv.Reserve(rctx, sku, 1)
}

// A root standing in for a missing context loses nothing.
func (s *OrderService) NilGuard(ctx context.Context, sku string) error {
	parent := ctx
	if parent == nil {
		parent = context.Background()
	}
	rctx, cancel := context.WithTimeout(parent, time.Second)
	defer cancel()
	return s.inv.Reserve(rctx, sku, 1)
}

func (s *OrderService) NilGuardDirect(ctx context.Context, sku string) error {
	if ctx == nil {
		var cancel context.CancelFunc
		ctx, cancel = context.WithTimeout(context.Background(), time.Second)
		defer cancel()
	}
	return s.inv.Reserve(ctx, sku, 1)
}

// The variable may hold the caller's context: a choice made on purpose.
func (s *OrderService) Chosen(ctx context.Context, sku string, inherit bool) error {
	parent := context.Background()
	if inherit {
		parent = ctx
	}
	rctx, cancel := context.WithTimeout(parent, time.Second)
	defer cancel()
	return s.inv.Reserve(rctx, sku, 1)
}

// A budget for background work started from the handler: the derived
// context only goes to goroutines.
func (s *OrderService) RenewInBackground(ctx context.Context, sku string) {
	rctx, cancel := context.WithTimeout(context.Background(), 5*time.Minute)
	go func() {
		defer cancel()
		_ = s.inv.Reserve(rctx, sku, 1)
	}()
}

func (s *OrderService) renew(ctx context.Context, cancel context.CancelFunc) { defer cancel() }

func (s *OrderService) RenewCall(ctx context.Context) {
	rctx, cancel := context.WithTimeout(context.Background(), 5*time.Minute)
	go s.renew(rctx, cancel)
}

// renewAsync reads its context only in a goroutine it does not wait for.
func (s *OrderService) renewAsync(ctx context.Context, sku string, cancel context.CancelFunc) {
	go func() {
		defer cancel()
		_ = s.inv.Reserve(ctx, sku, 1)
	}()
}

// The same budget handed to a function that reads it only in a goroutine
// of its own: detached work too.
func (s *OrderService) RenewHanded(ctx context.Context, sku string) {
	rctx, cancel := context.WithTimeout(context.Background(), 5*time.Minute)
	s.renewAsync(rctx, sku, cancel)
}

type shutdowner interface{ Shutdown(ctx context.Context) error }

// Once the caller's context is done there is no deadline left to honour:
// the grace period of a shutdown cannot come from it.
func serve(ctx context.Context, srv shutdowner, exited chan error) error {
	<-ctx.Done()
	sctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	if err := srv.Shutdown(sctx); err != nil {
		return err
	}
	select {
	case err := <-exited:
		return err
	case <-time.After(10 * time.Second):
		return nil
	}
}

// The same in a select's case on ctx.Done(), and after a select whose
// other cases return.
func serveLoop(ctx context.Context, srv shutdowner, exited chan error, conn net.Conn) error {
	for {
		select {
		case <-ctx.Done():
			sctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
			defer cancel()
			return srv.Shutdown(sctx)
		case err := <-exited:
			if err != nil {
				return err
			}
		}
		break
	}
	select {
	case err := <-exited:
		return err
	case <-ctx.Done():
	}
	conn.SetWriteDeadline(time.Now().Add(time.Second)) // a last goodbye
	time.Sleep(time.Second)
	return nil
}

// A shutdown hook handed to a function that calls it only once the
// context is done: its grace period cannot come from the context either.
func stopIfCancelled(ctx context.Context, stop func()) {
	if ctx.Err() != nil {
		stop()
	}
}

func ServeUntilCancelled(ctx context.Context, srv shutdowner, run func(context.Context) error) error {
	shutdown := func() {
		sctx, cancel := context.WithTimeout(context.Background(), 15*time.Second)
		defer cancel()
		if err := srv.Shutdown(sctx); err != nil {
			log.Print(err)
		}
	}
	defer stopIfCancelled(ctx, shutdown)
	return run(ctx)
}

type server interface {
	Shutdown(ctx context.Context) error
}

// A handler that stops the server bounds the shutdown on a fresh root, as
// a destructor's bound.
func (s *OrderService) HandleHalt(w http.ResponseWriter, r *http.Request, srv server) {
	sctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	if err := srv.Shutdown(sctx); err != nil {
		log.Print(err)
	}
}

// A rollback bounded on a fresh root undoes work whatever the caller's
// state.
func (s *OrderService) Undo(ctx context.Context, t tx) error {
	undo, cancel := context.WithTimeout(context.Background(), time.Second)
	defer cancel()
	return t.Rollback(undo)
}
