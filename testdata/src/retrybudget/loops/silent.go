package loops

import (
	"bufio"
	"context"
	"database/sql"
	"errors"
	"io"
	"log"
	"net"
	"net/http"
	"time"
)

// ctx.Err() before each attempt.
func (c *Client) Delete(ctx context.Context, req *http.Request) error {
	for i := 0; i < 3; i++ {
		if err := ctx.Err(); err != nil {
			return err
		}
		resp, err := c.http.Do(req)
		if err == nil {
			resp.Body.Close()
			return nil
		}
		time.Sleep(100 * time.Millisecond)
	}
	return errors.New("delete failed")
}

// The wait selects on ctx.Done().
func (r *Repo) Update(ctx context.Context, v string) error {
	var err error
	for attempt := 0; attempt < 5; attempt++ {
		if _, err = r.db.ExecContext(ctx, "UPDATE t SET v = $1", v); err == nil {
			return nil
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(time.Duration(attempt) * 100 * time.Millisecond):
		}
	}
	return err
}

// A timer and ctx.Done(), unbounded: the context bounds it.
func (r *Repo) Acquire(ctx context.Context, key string) error {
	t := time.NewTimer(0)
	defer t.Stop()
	for {
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-t.C:
		}
		_, err := r.db.ExecContext(ctx, "SELECT pg_try_advisory_lock($1)", key)
		if err == nil {
			return nil
		}
		t.Reset(time.Second)
	}
}

// The context in the loop's condition.
func (r *Repo) Touch(ctx context.Context, id string) error {
	var err error
	for i := 0; i < 3 && ctx.Err() == nil; i++ {
		if _, err = r.db.ExecContext(ctx, "UPDATE t SET at = now() WHERE id = $1", id); err == nil {
			return nil
		}
		time.Sleep(50 * time.Millisecond)
	}
	return err
}

// The deadline read before the loop and checked in it.
func (r *Repo) Refresh(ctx context.Context) error {
	deadline, hasDeadline := ctx.Deadline()
	for attempt := 0; attempt < 5; attempt++ {
		_, err := r.db.ExecContext(ctx, "REFRESH MATERIALIZED VIEW v")
		if err == nil {
			return nil
		}
		if hasDeadline && time.Until(deadline) < 200*time.Millisecond {
			return err
		}
		time.Sleep(100 * time.Millisecond)
	}
	return errors.New("refresh: gave up")
}

// The done channel read before the loop.
func Resend(ctx context.Context, q Queue, body []byte) error {
	done := ctx.Done()
	for {
		err := q.Send(ctx, body)
		if err == nil {
			return nil
		}
		select {
		case <-done:
			return err
		case <-time.After(time.Second):
		}
	}
}

// A wait helper given the context returns when it is done.
func Requeue(ctx context.Context, q Queue, body []byte) error {
	var err error
	for attempt := 0; attempt < 5; attempt++ {
		if err = q.Send(ctx, body); err == nil {
			return nil
		}
		if werr := sleepCtx(ctx, time.Duration(attempt)*time.Second); werr != nil {
			return werr
		}
	}
	return err
}

func sleepCtx(ctx context.Context, d time.Duration) error {
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-ctx.Done():
		return ctx.Err()
	case <-t.C:
		return nil
	}
}

// A same-package helper that checks the context, whatever its name.
func Backfill(ctx context.Context, q Queue, body []byte) error {
	var err error
	for attempt := 0; attempt < 5; attempt++ {
		if err = q.Send(ctx, body); err == nil {
			return nil
		}
		if !pace(ctx, attempt) {
			return ctx.Err()
		}
	}
	return err
}

func pace(ctx context.Context, attempt int) bool {
	select {
	case <-ctx.Done():
		return false
	case <-time.After(time.Duration(attempt) * time.Second):
		return true
	}
}

// A closure that captures the context and checks it.
func Mirror(ctx context.Context, q Queue, body []byte) error {
	wait := func(d time.Duration) error {
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(d):
			return nil
		}
	}
	for i := 0; i < 3; i++ {
		if err := q.Send(ctx, body); err == nil {
			return nil
		}
		if err := wait(time.Second); err != nil {
			return err
		}
	}
	return errors.New("mirror: gave up")
}

// A bounded loop without a wait whose call takes the inbound context:
// each attempt fails fast once the caller is gone.
func (r *Repo) Get(ctx context.Context, id string) (string, error) {
	var v string
	var err error
	for i := 0; i < 3; i++ {
		err = r.db.QueryRowContext(ctx, "SELECT v FROM t WHERE id = $1", id).Scan(&v)
		if err == nil {
			return v, nil
		}
	}
	return "", err
}

// The same through a request that carries the context.
func (c *Client) Head(ctx context.Context, url string) (*http.Response, error) {
	req, err := http.NewRequestWithContext(ctx, http.MethodHead, url, nil)
	if err != nil {
		return nil, err
	}
	for i := 0; i < 2; i++ {
		resp, err := c.http.Do(req)
		if err == nil {
			return resp, nil
		}
	}
	return nil, errors.New("head failed")
}

// A derived context passed to each attempt, no wait.
func Lookup(ctx context.Context, q Queue) ([]byte, error) {
	for i := 0; i < 3; i++ {
		actx, cancel := context.WithTimeout(ctx, time.Second)
		b, err := q.Receive(actx)
		cancel()
		if err == nil {
			return b, nil
		}
	}
	return nil, errors.New("lookup failed")
}

// Not retries: a consumer loop goes on after a success.
func Consume(ctx context.Context, q Queue, handle func([]byte)) {
	for {
		body, err := q.Receive(ctx)
		if err != nil {
			log.Printf("receive: %v", err)
			time.Sleep(time.Second)
			continue
		}
		handle(body)
	}
}

// Not retries: an accept loop.
func Serve(ctx context.Context, ln net.Listener) {
	for {
		conn, err := ln.Accept()
		if err != nil {
			continue
		}
		go func() { conn.Close() }()
	}
}

// Not retries: reading to the end.
func ReadAll(ctx context.Context, r io.Reader) ([]string, error) {
	var lines []string
	br := bufio.NewReader(r)
	for {
		line, err := br.ReadString('\n')
		if err == io.EOF {
			return lines, nil
		}
		if err != nil {
			return nil, err
		}
		lines = append(lines, line)
	}
}

// Not retries: polling for a state, returning on error.
func WaitReady(ctx context.Context, db *sql.DB, id string) error {
	for {
		var state string
		if err := db.QueryRowContext(ctx, "SELECT state FROM jobs WHERE id = $1", id).Scan(&state); err != nil {
			return err
		}
		if state == "ready" {
			return nil
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(time.Second):
		}
	}
}

// Not retries: iterating over items, skipping failures.
func SendAll(ctx context.Context, q Queue, bodies [][]byte) {
	for _, b := range bodies {
		if err := q.Send(ctx, b); err != nil {
			log.Printf("send: %v", err)
			time.Sleep(10 * time.Millisecond)
			continue
		}
	}
}

// Not retries: failing over across endpoints is iteration over items.
func Dial(ctx context.Context, addrs []string) (net.Conn, error) {
	var d net.Dialer
	var lastErr error
	for _, addr := range addrs {
		conn, err := d.DialContext(ctx, "tcp", addr)
		if err == nil {
			return conn, nil
		}
		lastErr = err
	}
	return nil, lastErr
}

// Not retries: the same through an index.
func FirstOK(ctx context.Context, q Queue, bodies [][]byte) error {
	for i := 0; i < len(bodies); i++ {
		if err := q.Send(ctx, bodies[i]); err == nil {
			return nil
		}
	}
	return errors.New("none sent")
}

// Not retries: best effort, every iteration runs.
func CloseAll(ctx context.Context, closers []io.Closer) {
	for i := 0; i < 3; i++ {
		if err := closers[0].Close(); err != nil {
			log.Print(err)
		}
	}
}

// Not retries: pagination returns on error.
func ListAll(ctx context.Context, db *sql.DB) ([]string, error) {
	var out []string
	after := ""
	for {
		rows, err := db.QueryContext(ctx, "SELECT id FROM t WHERE id > $1 LIMIT 100", after)
		if err != nil {
			return nil, err
		}
		n := 0
		for rows.Next() {
			if err := rows.Scan(&after); err != nil {
				rows.Close()
				return nil, err
			}
			out = append(out, after)
			n++
		}
		rows.Close()
		if n < 100 {
			return out, nil
		}
	}
}

// Off the request path: start-up code may retry as it likes.
func Connect(dsn string) (*sql.DB, error) {
	for {
		db, err := sql.Open("postgres", dsn)
		if err == nil {
			if err = db.Ping(); err == nil {
				return db, nil
			}
		}
		time.Sleep(time.Second)
	}
}

// A retry in a goroutine started from a handler is deliberately detached.
func (c *Client) Notify(ctx context.Context, url string) {
	go func() {
		for i := 0; i < 5; i++ {
			resp, err := c.http.Post(url, "text/plain", nil)
			if err == nil {
				resp.Body.Close()
				return
			}
			time.Sleep(time.Second)
		}
	}()
}

// Suppressed by a comment.
func (r *Repo) Vacuum(ctx context.Context) error {
	var err error
	//nolint:retrybudget // maintenance endpoint, no caller deadline
	for i := 0; i < 3; i++ {
		if _, err = r.db.ExecContext(ctx, "VACUUM"); err == nil {
			return nil
		}
		time.Sleep(time.Minute)
	}
	return err
}

type limiter interface {
	Acquire(ctx context.Context) (release func(), err error)
}

// A gate given the context returns when it is done.
func Gated(ctx context.Context, l limiter, q Queue, body []byte) error {
	var err error
	for i := 0; i < 5; i++ {
		release, aerr := l.Acquire(ctx)
		if aerr != nil {
			return aerr
		}
		err = q.Send(ctx, body)
		release()
		if err == nil {
			return nil
		}
		time.Sleep(100 * time.Millisecond)
	}
	return err
}

// The retried call's own timeout is not a wait between attempts: a bounded
// loop without a wait, whose attempts take ctx.
func (r *Repo) LoadQuick(ctx context.Context, id string) (string, error) {
	var v string
	var err error
	for i := 0; i < 2; i++ {
		if v, err = r.loadWithin(ctx, id); err == nil {
			return v, nil
		}
	}
	return "", err
}

func (r *Repo) loadWithin(ctx context.Context, id string) (string, error) {
	res := make(chan string, 1)
	go func() {
		var v string
		r.db.QueryRowContext(ctx, "SELECT v FROM t WHERE id = $1", id).Scan(&v)
		res <- v
	}()
	select {
	case v := <-res:
		return v, nil
	case <-time.After(time.Second):
		return "", errors.New("timeout")
	}
}

// The attempt, written in place, checks the context before it starts.
func Attempted(ctx context.Context, q Queue, body []byte) error {
	var err error
	for i := 0; i < 3; i++ {
		err = func() error {
			if err := ctx.Err(); err != nil {
				return err
			}
			return q.Send(ctx, body)
		}()
		if err == nil {
			return nil
		}
		time.Sleep(time.Second)
	}
	return err
}

// A filtering iterator: an entry that fails the filter is skipped by
// advancing the underlying iterator, which is walking results, not
// retrying.
type entries interface {
	Next(ctx context.Context) (string, error)
}

func nextValid(ctx context.Context, it entries, valid func(string) error) (string, error) {
	for {
		e, err := it.Next(ctx)
		if err != nil {
			return "", err
		}
		if err := valid(e); err != nil {
			log.Print(err)
			continue
		}
		return e, nil
	}
}

// A loop whose post statement ends it runs its body once: its continue
// leaves, so nothing is retried.
func (c *Client) InsertOnce(ctx context.Context, req *http.Request) error {
	var err error
	for again := true; again; again = false {
		var resp *http.Response
		resp, err = c.http.Do(req.WithContext(ctx))
		if err == nil {
			resp.Body.Close()
			return nil
		}
		if errors.Is(err, io.ErrUnexpectedEOF) {
			again = true
			continue
		}
	}
	return err
}

// A retry inside a select's case: its continue comes back to the select,
// whose other case watches ctx, wherever that case is written.
func (c *Client) PollUntilUp(ctx context.Context, req *http.Request) (*http.Response, error) {
	ticker := time.NewTicker(500 * time.Millisecond)
	defer ticker.Stop()
	for {
		select {
		case <-ticker.C:
			resp, err := c.http.Do(req)
			if err != nil {
				continue
			}
			return resp, nil
		case <-ctx.Done():
			return nil, ctx.Err()
		}
	}
}

// A stale connection re-opened once: a one-shot flag bounds the retry, and
// each attempt is given ctx, so it fails fast once the caller is gone.
func (r *Repo) Reconnect(ctx context.Context, open func(context.Context) (*sql.DB, error)) error {
	reopened := false
	for {
		err := r.db.PingContext(ctx)
		if err == nil {
			return nil
		}
		if !reopened {
			reopened = true
			if r.db, err = open(ctx); err != nil {
				return err
			}
			continue
		}
		return err
	}
}
