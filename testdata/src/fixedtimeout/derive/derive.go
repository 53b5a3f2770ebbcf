// Package derive holds context.WithTimeout and WithDeadline shapes: fixed
// timeouts on fresh roots (reported, with a fix) and timeouts derived from
// the caller's context (left alone).
package derive

import (
	"context"
	"errors"
	"net/http"
	"time"

	"github.com/gin-gonic/gin"
)

const inventoryTimeout = 2 * time.Second

type Inventory interface {
	Reserve(ctx context.Context, sku string, n int) error
}

type Payments interface {
	Charge(ctx context.Context, order string, cents int64) error
}

type Config struct{ PaymentTimeout time.Duration }

type OrderService struct {
	inv  Inventory
	pay  Payments
	cfg  Config
	slow time.Duration
}

// A per-hop timeout on a fresh root: the caller's deadline is lost.
func (s *OrderService) Reserve(ctx context.Context, sku string) error {
	rctx, cancel := context.WithTimeout(context.Background(), 5*time.Second) // want `5s timeout on a fresh context ignores the caller's deadline; derive it from ctx \(from context\.WithoutCancel\(ctx\) if the work must finish after the caller gives up\)`
	defer cancel()
	return s.inv.Reserve(rctx, sku, 1)
}

// context.TODO as the root, a named constant as the value.
func (s *OrderService) ReserveNamed(ctx context.Context, sku string) error {
	rctx, cancel := context.WithTimeout(context.TODO(), inventoryTimeout) // want `2s timeout on a fresh context ignores the caller's deadline; derive it from ctx \(from context\.WithoutCancel\(ctx\) if the work must finish after the caller gives up\)`
	defer cancel()
	return s.inv.Reserve(rctx, sku, 1)
}

// Fractional seconds print as Go prints durations.
func (s *OrderService) Charge(ctx context.Context, order string) error {
	pctx, cancel := context.WithTimeout(context.Background(), 1500*time.Millisecond) // want `1.5s timeout on a fresh context ignores the caller's deadline; derive it from ctx \(from context\.WithoutCancel\(ctx\) if the work must finish after the caller gives up\)`
	defer cancel()
	return s.pay.Charge(pctx, order, 100)
}

func (s *OrderService) ChargeFast(ctx context.Context, order string) error {
	pctx, cancel := context.WithTimeout(context.Background(), 250*time.Millisecond) // want `250ms timeout on a fresh context ignores the caller's deadline; derive it from ctx \(from context\.WithoutCancel\(ctx\) if the work must finish after the caller gives up\)`
	defer cancel()
	return s.pay.Charge(pctx, order, 100)
}

// A configured value is named by its expression.
func (s *OrderService) ChargeConfigured(ctx context.Context, order string) error {
	pctx, cancel := context.WithTimeout(context.Background(), s.cfg.PaymentTimeout) // want `timeout \(s.cfg.PaymentTimeout\) on a fresh context ignores the caller's deadline; derive it from ctx \(from context\.WithoutCancel\(ctx\) if the work must finish after the caller gives up\)`
	defer cancel()
	return s.pay.Charge(pctx, order, 100)
}

// WithDeadline with time.Now().Add(d) names d.
func (s *OrderService) Deadline(ctx context.Context, order string) error {
	pctx, cancel := context.WithDeadline(context.Background(), time.Now().Add(3*time.Second)) // want `3s timeout on a fresh context ignores the caller's deadline; derive it from ctx \(from context\.WithoutCancel\(ctx\) if the work must finish after the caller gives up\)`
	defer cancel()
	return s.pay.Charge(pctx, order, 100)
}

// WithDeadline at some other time names that time.
func (s *OrderService) DeadlineAt(ctx context.Context, order string, due time.Time) error {
	pctx, cancel := context.WithDeadline(context.Background(), due) // want `deadline \(due\) on a fresh context ignores the caller's deadline; derive it from ctx \(from context\.WithoutCancel\(ctx\) if the work must finish after the caller gives up\)`
	defer cancel()
	return s.pay.Charge(pctx, order, 100)
}

// The Cause forms.
func (s *OrderService) Cause(ctx context.Context, order string) error {
	pctx, cancel := context.WithTimeoutCause(context.Background(), time.Minute, errors.New("payment too slow")) // want `1m0s timeout on a fresh context ignores the caller's deadline; derive it from ctx \(from context\.WithoutCancel\(ctx\) if the work must finish after the caller gives up\)`
	defer cancel()
	return s.pay.Charge(pctx, order, 100)
}

func (s *OrderService) DeadlineCause(ctx context.Context, order string) error {
	pctx, cancel := context.WithDeadlineCause(context.TODO(), time.Now().Add(90*time.Second), errors.New("late")) // want `1m30s timeout on a fresh context ignores the caller's deadline; derive it from ctx \(from context\.WithoutCancel\(ctx\) if the work must finish after the caller gives up\)`
	defer cancel()
	return s.pay.Charge(pctx, order, 100)
}

// A root held by a local variable with no other use: the fix rewrites
// the variable's initializer.
func (s *OrderService) ViaVariable(ctx context.Context, sku string) error {
	base := context.Background()
	rctx, cancel := context.WithTimeout(base, 5*time.Second) // want `5s timeout on a fresh context ignores the caller's deadline; derive it from ctx \(from context\.WithoutCancel\(ctx\) if the work must finish after the caller gives up\)`
	defer cancel()
	return s.inv.Reserve(rctx, sku, 1)
}

// var form.
func (s *OrderService) ViaVar(ctx context.Context, sku string) error {
	var parent = context.TODO()
	rctx, cancel := context.WithTimeout(parent, s.slow) // want `timeout \(s.slow\) on a fresh context ignores the caller's deadline; derive it from ctx \(from context\.WithoutCancel\(ctx\) if the work must finish after the caller gives up\)`
	defer cancel()
	return s.inv.Reserve(rctx, sku, 1)
}

// The variable is used elsewhere too: reported, but no fix (rewriting the
// root would change the other use).
func (s *OrderService) SharedVariable(ctx context.Context, sku string) error {
	bg := context.Background()
	rctx, cancel := context.WithTimeout(bg, 5*time.Second) // want `5s timeout on a fresh context ignores the caller's deadline; derive it from ctx \(from context\.WithoutCancel\(ctx\) if the work must finish after the caller gives up\)`
	defer cancel()
	if err := s.inv.Reserve(rctx, sku, 1); err != nil {
		return err
	}
	pctx, cancel2 := context.WithTimeout(bg, time.Second) // want `1s timeout on a fresh context ignores the caller's deadline; derive it from ctx \(from context\.WithoutCancel\(ctx\) if the work must finish after the caller gives up\)`
	defer cancel2()
	return s.pay.Charge(pctx, sku, 1)
}

// A closure inside the handler uses the root from the enclosing function.
func (s *OrderService) Batch(ctx context.Context, skus []string) error {
	root := context.Background()
	reserve := func(sku string) error {
		rctx, cancel := context.WithTimeout(root, time.Second) // want `1s timeout on a fresh context ignores the caller's deadline; derive it from ctx \(from context\.WithoutCancel\(ctx\) if the work must finish after the caller gives up\)`
		defer cancel()
		return s.inv.Reserve(rctx, sku, 1)
	}
	for _, sku := range skus {
		if err := reserve(sku); err != nil {
			return err
		}
	}
	return nil
}

// An HTTP handler: the request's context is the one to derive from.
func (s *OrderService) ServeReserve(w http.ResponseWriter, r *http.Request) {
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second) // want `10s timeout on a fresh context ignores the caller's deadline; derive it from r.Context\(\) \(from context\.WithoutCancel\(r\.Context\(\)\) if the work must finish after the caller gives up\)`
	defer cancel()
	if err := s.inv.Reserve(ctx, r.FormValue("sku"), 1); err != nil {
		http.Error(w, err.Error(), http.StatusServiceUnavailable)
	}
}

// A handler literal registered at start-up: the root is written off the
// request path, but the timeout is taken on it.
func Routes(mux *http.ServeMux, s *OrderService) {
	shared := context.Background()
	mux.HandleFunc("/reserve", func(w http.ResponseWriter, r *http.Request) {
		ctx, cancel := context.WithTimeout(shared, 3*time.Second) // want `3s timeout on a fresh context ignores the caller's deadline; derive it from r.Context\(\) \(from context\.WithoutCancel\(r\.Context\(\)\) if the work must finish after the caller gives up\)`
		defer cancel()
		_ = s.inv.Reserve(ctx, r.FormValue("sku"), 1)
	})
}

// A gin handler.
func (s *OrderService) GinReserve(c *gin.Context) {
	ctx, cancel := context.WithTimeout(context.Background(), 4*time.Second) // want `4s timeout on a fresh context ignores the caller's deadline; derive it from c.Request.Context\(\) \(from context\.WithoutCancel\(c\.Request\.Context\(\)\) if the work must finish after the caller gives up\)`
	defer cancel()
	_ = s.inv.Reserve(ctx, c.Request.FormValue("sku"), 1)
}

// A blank context parameter: the method discarded the caller's context and
// bounds the work it detached. Silent.
func (s *OrderService) Blank(_ context.Context, sku string) error {
	rctx, cancel := context.WithTimeout(context.Background(), time.Second)
	defer cancel()
	return s.inv.Reserve(rctx, sku, 1)
}

// The inbound context is shadowed where the root stands: reported, no fix.
func (s *OrderService) Shadowed(ctx context.Context, sku string) error {
	{
		ctx := "not a context"
		_ = ctx
		rctx, cancel := context.WithTimeout(context.Background(), time.Second) // want `1s timeout on a fresh context ignores the caller's deadline; derive it from ctx \(from context\.WithoutCancel\(ctx\) if the work must finish after the caller gives up\)`
		defer cancel()
		return s.inv.Reserve(rctx, sku, 1)
	}
}

// Parenthesised.
func (s *OrderService) Paren(ctx context.Context, sku string) error {
	rctx, cancel := context.WithTimeout((context.Background()), (2 * time.Second)) // want `2s timeout on a fresh context ignores the caller's deadline; derive it from ctx \(from context\.WithoutCancel\(ctx\) if the work must finish after the caller gives up\)`
	defer cancel()
	return s.inv.Reserve(rctx, sku, 1)
}

// The deadline computed first.
func (s *OrderService) DeadlineVar(ctx context.Context, order string) error {
	dl := time.Now().Add(750 * time.Millisecond)
	pctx, cancel := context.WithDeadline(context.Background(), dl) // want `750ms timeout on a fresh context ignores the caller's deadline; derive it from ctx \(from context\.WithoutCancel\(ctx\) if the work must finish after the caller gives up\)`
	defer cancel()
	return s.pay.Charge(pctx, order, 100)
}

type tx interface {
	Commit(ctx context.Context) error
	Rollback(ctx context.Context) error
}

// The same bound also given to the commit: the commit is the request's
// work, and the fresh root loses its deadline.
func (s *OrderService) Finish(ctx context.Context, t tx) error {
	fin, cancel := context.WithTimeout(context.Background(), time.Second) // want `1s timeout on a fresh context ignores the caller's deadline; derive it from ctx \(from context\.WithoutCancel\(ctx\) if the work must finish after the caller gives up\)`
	defer cancel()
	if err := t.Commit(fin); err != nil {
		return errors.Join(err, t.Rollback(fin))
	}
	return nil
}
