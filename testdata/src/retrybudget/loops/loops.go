// Package loops holds hand-written retry loops on request paths that never
// look at the caller's budget, in the shapes service code writes them.
package loops

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"io"
	"log"
	"math/rand"
	"net/http"
	"time"

	"google.golang.org/grpc"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"
)

type Client struct {
	http    *http.Client
	base    string
	retries int
	backoff time.Duration
}

// Counted loop, time.Sleep between attempts, the request carries ctx: the
// loop still sleeps and retries after the caller has gone.
func (c *Client) Get(ctx context.Context, path string) ([]byte, error) {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, c.base+path, nil)
	if err != nil {
		return nil, err
	}
	var lastErr error
	for attempt := 0; attempt < 3; attempt++ { // want `retry loop sleeps and retries after the caller's deadline; check ctx.Err\(\) before each attempt, and wait with select on ctx.Done\(\)`
		resp, err := c.http.Do(req)
		if err != nil {
			lastErr = err
			time.Sleep(time.Duration(attempt+1) * 100 * time.Millisecond)
			continue
		}
		defer resp.Body.Close()
		return io.ReadAll(resp.Body)
	}
	return nil, fmt.Errorf("get %s: %w", path, lastErr)
}

// Retrying on a bad status code is retrying too.
func (c *Client) Post(ctx context.Context, path string, body io.Reader) (*http.Response, error) {
	for i := 0; i < c.retries; i++ { // want `retry loop sleeps and retries after the caller's deadline; check ctx\.Err\(\) before each attempt, and wait with select on ctx\.Done\(\)`
		req, err := http.NewRequestWithContext(ctx, http.MethodPost, c.base+path, body)
		if err != nil {
			return nil, err
		}
		resp, err := c.http.Do(req)
		if err != nil {
			return nil, err
		}
		if resp.StatusCode == http.StatusServiceUnavailable || resp.StatusCode == http.StatusTooManyRequests {
			resp.Body.Close()
			time.Sleep(c.backoff)
			continue
		}
		return resp, nil
	}
	return nil, errors.New("service unavailable")
}

// err == nil && status check, then sleep: the success test and the
// failure test in one condition.
func (c *Client) Put(ctx context.Context, req *http.Request) (*http.Response, error) {
	for i := range 4 { // want `retry loop sleeps and retries after the caller's deadline; check ctx\.Err\(\) before each attempt, and wait with select on ctx\.Done\(\)`
		resp, err := c.http.Do(req.WithContext(ctx))
		if err == nil && resp.StatusCode < 500 {
			return resp, nil
		}
		if resp != nil {
			resp.Body.Close()
		}
		time.Sleep(time.Duration(1<<i) * 50 * time.Millisecond)
	}
	return nil, errors.New("put failed")
}

// An HTTP handler: the request's context is the inbound one.
func (c *Client) Proxy(w http.ResponseWriter, r *http.Request) {
	var resp *http.Response
	var err error
	for tries := 3; tries > 0; tries-- { // want `retry loop sleeps and retries after the caller's deadline; check r.Context\(\).Err\(\) before each attempt, and wait with select on r.Context\(\).Done\(\)`
		resp, err = c.http.Get(c.base + r.URL.Path)
		if err == nil {
			break
		}
		log.Printf("proxy: %v, retrying", err)
		time.Sleep(200 * time.Millisecond)
	}
	if err != nil {
		http.Error(w, err.Error(), http.StatusBadGateway)
		return
	}
	defer resp.Body.Close()
	io.Copy(w, resp.Body)
}

type Repo struct{ db *sql.DB }

// A database retry with exponential backoff and jitter computed inline.
func (r *Repo) Save(ctx context.Context, id string, v []byte) error {
	backoff := 50 * time.Millisecond
	var err error
	for attempt := 1; attempt <= 5; attempt++ { // want `retry loop sleeps and retries after the caller's deadline; check ctx\.Err\(\) before each attempt, and wait with select on ctx\.Done\(\)`
		_, err = r.db.ExecContext(ctx, "UPDATE items SET v = $1 WHERE id = $2", v, id)
		if err == nil {
			return nil
		}
		if !isTransient(err) {
			return err
		}
		jitter := time.Duration(rand.Int63n(int64(backoff)))
		time.Sleep(backoff + jitter)
		backoff *= 2
	}
	return fmt.Errorf("save %s after retries: %w", id, err)
}

func isTransient(err error) bool { return !errors.Is(err, sql.ErrNoRows) }

// Unbounded: for {} that only stops on success or a permanent error.
func (r *Repo) Lock(ctx context.Context, key string) error {
	for { // want `retry loop has no attempt limit and never checks ctx, so it can retry forever after the caller's deadline; check ctx.Err\(\) before each attempt, and wait with select on ctx.Done\(\)`
		_, err := r.db.ExecContext(ctx, "SELECT pg_advisory_lock($1)", key)
		if err == nil {
			return nil
		}
		if errors.Is(err, sql.ErrConnDone) {
			return err
		}
		time.Sleep(time.Second)
	}
}

// Unbounded and without a wait: a hot retry loop.
func (r *Repo) Commit(ctx context.Context, tx *sql.Tx) error {
	for { // want `retry loop has no attempt limit and never checks ctx, so it can retry forever after the caller's deadline; check ctx.Err\(\) before each attempt$`
		err := tx.Commit()
		if errors.Is(err, errSerialization) {
			continue
		}
		return err
	}
}

var errSerialization = errors.New("could not serialize access")

// A bounded loop without a wait whose attempts do not take ctx.
func (r *Repo) Ping(ctx context.Context) error {
	var err error
	for i := 0; i < 3; i++ { // want `retry loop retries after the caller's deadline and its attempts do not take ctx; check ctx.Err\(\) before each attempt, or pass ctx to the call`
		if err = r.db.Ping(); err == nil {
			return nil
		}
	}
	return err
}

// Per-attempt timeouts that retry on DeadlineExceeded: once the caller's
// own deadline has passed every attempt fails at once and is retried.
func Call(ctx context.Context, cc *grpc.ClientConn, req, reply any) error {
	var err error
	for attempt := 0; attempt < 3; attempt++ { // want `retry loop retries on context.DeadlineExceeded without checking ctx, so it keeps retrying after the caller's deadline; check ctx.Err\(\) before each attempt and stop when it is done`
		actx, cancel := context.WithTimeout(ctx, 500*time.Millisecond)
		err = cc.Invoke(actx, "/svc.Items/Get", req, reply)
		cancel()
		if err == nil {
			return nil
		}
		if errors.Is(err, context.DeadlineExceeded) {
			log.Printf("attempt %d timed out, retrying", attempt)
			continue
		}
		return err
	}
	return err
}

// gRPC codes: retrying Unavailable and DeadlineExceeded alike.
func CallCodes(ctx context.Context, cc *grpc.ClientConn, req, reply any) error {
	var err error
	for i := 0; i < 5; i++ { // want `retry loop retries on codes.DeadlineExceeded without checking ctx, so it keeps retrying after the caller's deadline; check ctx.Err\(\) before each attempt and stop when it is done`
		err = cc.Invoke(ctx, "/svc.Items/List", req, reply)
		switch status.Code(err) {
		case codes.OK:
			return nil
		case codes.Unavailable, codes.DeadlineExceeded:
			time.Sleep(100 * time.Millisecond)
		default:
			return err
		}
	}
	return err
}

// "Anything but a deadline is fatal": the deadline is retried.
func Fetch(ctx context.Context, cc *grpc.ClientConn, reply any) error {
	for i := 0; i < 3; i++ { // want `retry loop retries on context.Canceled without checking ctx, so it keeps retrying after the caller has canceled; check ctx\.Err\(\) before each attempt and stop when it is done`
		err := cc.Invoke(ctx, "/svc.Items/Fetch", nil, reply)
		if err != nil && !errors.Is(err, context.Canceled) {
			return err
		}
		if err == nil {
			return nil
		}
	}
	return errors.New("fetch: gave up")
}

// A range over a schedule of delays.
func Publish(ctx context.Context, pub func(context.Context, []byte) error, msg []byte) error {
	var err error
	for _, d := range []time.Duration{0, 100 * time.Millisecond, time.Second} { // want `retry loop sleeps and retries after the caller's deadline; check ctx\.Err\(\) before each attempt, and wait with select on ctx\.Done\(\)`
		time.Sleep(d)
		if err = pub(ctx, msg); err == nil {
			return nil
		}
	}
	return err
}

// Waiting on time.After without a case on ctx.Done().
func Enqueue(ctx context.Context, q Queue, job []byte) error {
	var err error
	for attempt := 0; attempt < 5; attempt++ { // want `retry loop waits and retries after the caller's deadline; check ctx.Err\(\) before each attempt, and wait with select on ctx.Done\(\)`
		if err = q.Send(ctx, job); err == nil {
			return nil
		}
		<-time.After(time.Duration(attempt) * time.Second)
	}
	return err
}

type Queue interface {
	Send(ctx context.Context, body []byte) error
	Receive(ctx context.Context) ([]byte, error)
	Ack(ctx context.Context, body []byte) error
}

// A backoff helper that ignores the context is a wait too.
func Ack(ctx context.Context, q Queue, body []byte) error {
	for i := 0; ; i++ { // want `retry loop waits and retries after the caller's deadline; check ctx\.Err\(\) before each attempt, and wait with select on ctx\.Done\(\)`
		err := q.Ack(ctx, body)
		if err == nil {
			return nil
		}
		if i == 4 {
			return err
		}
		sleepBackoff(i)
	}
}

func sleepBackoff(attempt int) { time.Sleep(time.Duration(attempt) * 100 * time.Millisecond) }

// A labeled retry loop continued from a nested loop.
func Drain(ctx context.Context, q Queue) error {
retry:
	for attempt := 0; attempt < 3; attempt++ { // want `retry loop sleeps and retries after the caller's deadline; check ctx\.Err\(\) before each attempt, and wait with select on ctx\.Done\(\)`
		body, err := q.Receive(ctx)
		if err != nil {
			time.Sleep(time.Second)
			continue retry
		}
		for _, b := range body {
			if b == 0 {
				time.Sleep(time.Second)
				continue retry
			}
		}
		return nil
	}
	return errors.New("drain: gave up")
}

// The condition retries the call.
func WaitForDB(ctx context.Context, db *sql.DB) {
	for db.PingContext(ctx) != nil { // want `retry loop has no attempt limit and never checks ctx, so it can retry forever after the caller's deadline; check ctx.Err\(\) before each attempt, and wait with select on ctx.Done\(\)`
		time.Sleep(500 * time.Millisecond)
	}
}

// do-while shape: wait first, then the attempt.
func Reserve(ctx context.Context, q Queue, body []byte) error {
	var err error
	for attempt := 0; attempt < 3; attempt++ { // want `retry loop sleeps and retries after the caller's deadline; check ctx\.Err\(\) before each attempt, and wait with select on ctx\.Done\(\)`
		if attempt > 0 {
			time.Sleep(time.Duration(attempt) * 200 * time.Millisecond)
		}
		err = q.Send(ctx, body)
		if err == nil {
			break
		}
	}
	return err
}

// A closure on a request path retries too.
func Handler(c *Client) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		load := func() ([]byte, error) {
			var lastErr error
			for i := 0; i < 3; i++ { // want `retry loop sleeps and retries after the caller's deadline; check r.Context\(\).Err\(\) before each attempt, and wait with select on r\.Context\(\)\.Done\(\)`
				b, err := c.Get(r.Context(), "/x")
				if err == nil {
					return b, nil
				}
				lastErr = err
				time.Sleep(100 * time.Millisecond)
			}
			return nil, lastErr
		}
		b, err := load()
		if err != nil {
			http.Error(w, err.Error(), http.StatusBadGateway)
			return
		}
		w.Write(b)
	}
}

// A blank context parameter is still the caller's context.
func Blank(_ context.Context, db *sql.DB) error {
	var err error
	for i := 0; i < 3; i++ { // want `retry loop sleeps and retries after the caller's deadline; name the context parameter and check its Err\(\) before each attempt, and wait with select on its Done\(\)`
		if err = db.Ping(); err == nil {
			return nil
		}
		time.Sleep(time.Second)
	}
	return err
}

// A time cap is not the caller's budget.
func Elapsed(ctx context.Context, q Queue, body []byte) error {
	start := time.Now()
	for { // want `retry loop sleeps and retries after the caller's deadline; check ctx\.Err\(\) before each attempt, and wait with select on ctx\.Done\(\)`
		err := q.Send(ctx, body)
		if err == nil {
			return nil
		}
		if time.Since(start) > 10*time.Second {
			return err
		}
		time.Sleep(time.Second)
	}
}

// Error handled through a switch with a retryable classification.
func Classify(ctx context.Context, q Queue, body []byte) error {
	for attempt := 0; attempt < 4; attempt++ { // want `retry loop sleeps and retries after the caller's deadline; check ctx\.Err\(\) before each attempt, and wait with select on ctx\.Done\(\)`
		err := q.Send(ctx, body)
		switch {
		case err == nil:
			return nil
		case isTransient(err):
			log.Printf("send: %v (attempt %d)", err, attempt)
			time.Sleep(time.Duration(attempt*attempt) * 10 * time.Millisecond)
		default:
			return err
		}
	}
	return errors.New("send: too many attempts")
}

// An error predicate of the package that treats a deadline as retryable.
func isRetryable(err error) bool {
	if errors.Is(err, context.Canceled) {
		return false
	}
	return errors.Is(err, context.DeadlineExceeded) || errors.Is(err, io.ErrUnexpectedEOF)
}

func Export(ctx context.Context, q Queue, body []byte) error {
	var err error
	for i := 0; i < 3; i++ { // want `retry loop retries on context.DeadlineExceeded without checking ctx, so it keeps retrying after the caller's deadline; check ctx.Err\(\) before each attempt and stop when it is done`
		if err = q.Send(ctx, body); err == nil {
			return nil
		}
		if !isRetryable(err) {
			return err
		}
		time.Sleep(time.Second)
	}
	return err
}

// The same through a closure with a switch; Canceled is retried here.
func Import(ctx context.Context, q Queue) ([]byte, error) {
	retryable := func(err error) bool {
		switch {
		case errors.Is(err, context.Canceled), errors.Is(err, io.EOF):
			return true
		}
		return false
	}
	for { // want `retry loop retries on context.Canceled without checking ctx, so it keeps retrying after the caller has canceled; check ctx\.Err\(\) before each attempt and stop when it is done`
		b, err := q.Receive(ctx)
		if err == nil {
			return b, nil
		}
		if !retryable(err) {
			return nil, err
		}
	}
}

// A predicate that gives up on context errors: a plain retry loop.
func isTemporary(err error) bool {
	if errors.Is(err, context.Canceled) || errors.Is(err, context.DeadlineExceeded) {
		return false
	}
	return true
}

func Upload(ctx context.Context, q Queue, body []byte) error {
	var err error
	for i := 0; i < 3; i++ { // want `retry loop sleeps and retries after the caller's deadline; check ctx\.Err\(\) before each attempt, and wait with select on ctx\.Done\(\)`
		if err = q.Send(ctx, body); err == nil || !isTemporary(err) {
			return err
		}
		time.Sleep(time.Second)
	}
	return err
}

// Sleeping through a function value: a closure, or a field set to
// time.Sleep so tests can replace it.
type Poller struct {
	sleep func(time.Duration)
	q     Queue
}

func (p *Poller) Send(ctx context.Context, body []byte) error {
	var err error
	for i := 0; i < 3; i++ { // want `retry loop waits and retries after the caller's deadline; check ctx\.Err\(\) before each attempt, and wait with select on ctx\.Done\(\)`
		if err = p.q.Send(ctx, body); err == nil {
			return nil
		}
		p.sleep(time.Second)
	}
	return err
}

func SendPaced(ctx context.Context, q Queue, body []byte) error {
	pause := func(attempt int) { time.Sleep(time.Duration(attempt) * time.Second) }
	var err error
	for i := 0; i < 3; i++ { // want `retry loop waits and retries after the caller's deadline; check ctx\.Err\(\) before each attempt, and wait with select on ctx\.Done\(\)`
		if err = q.Send(ctx, body); err == nil {
			return nil
		}
		pause(i)
	}
	return err
}

// A wait through a closure or a function of the package, whatever its name.
func SendNapping(ctx context.Context, q Queue, body []byte) error {
	w := func(attempt int) { time.Sleep(time.Duration(attempt) * time.Second) }
	var err error
	for i := 0; i < 3; i++ { // want `retry loop waits and retries after the caller's deadline; check ctx\.Err\(\) before each attempt, and wait with select on ctx\.Done\(\)`
		if err = q.Send(ctx, body); err == nil {
			return nil
		}
		w(i)
	}
	return err
}

func nap(attempt int) { <-time.After(time.Duration(attempt) * time.Second) }

func SendNap(ctx context.Context, q Queue, body []byte) error {
	var err error
	for i := 0; i < 3; i++ { // want `retry loop waits and retries after the caller's deadline; check ctx\.Err\(\) before each attempt, and wait with select on ctx\.Done\(\)`
		if err = q.Send(ctx, body); err == nil {
			return nil
		}
		nap(i)
	}
	return err
}

// A backoff's Next is a delay, not an element: the loop still retries.
type delays interface{ Next() time.Duration }

func (c *Client) PaceDelays(ctx context.Context, req *http.Request, b delays) (*http.Response, error) {
	for { // want `retry loop has no attempt limit and never checks ctx, so it can retry forever after the caller's deadline; check ctx\.Err\(\) before each attempt, and wait with select on ctx\.Done\(\)`
		resp, err := c.http.Do(req)
		if err == nil {
			return resp, nil
		}
		time.Sleep(b.Next())
	}
}

// A flag the loop recomputes is no attempt limit.
func (r *Repo) Revive(ctx context.Context) error {
	gaveUp := false
	for { // want `retry loop has no attempt limit and never checks ctx, so it can retry forever after the caller's deadline; check ctx.Err\(\) before each attempt, and wait with select on ctx.Done\(\)`
		err := r.db.PingContext(ctx)
		if err == nil {
			return nil
		}
		if gaveUp {
			return err
		}
		gaveUp = errors.Is(err, sql.ErrConnDone)
		time.Sleep(time.Second)
	}
}

// A retry with a time limit of its own (a timer started before the loop)
// has an attempt limit, but still waits and retries after the caller left.
func (r *Repo) PingUntil(ctx context.Context) error {
	limit := time.NewTimer(5 * time.Second)
	defer limit.Stop()
	for { // want `retry loop waits and retries after the caller's deadline; check ctx\.Err\(\) before each attempt, and wait with select on ctx\.Done\(\)`
		err := r.db.PingContext(ctx)
		if err == nil {
			return nil
		}
		select {
		case <-limit.C:
			return err
		case <-time.After(100 * time.Millisecond):
		}
	}
}
