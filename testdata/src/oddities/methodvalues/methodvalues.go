// Package methodvalues calls the APIs the passes know through method
// values, method expressions, function variables and interfaces.
package methodvalues

import (
	"context"
	"database/sql"
	"net/http"
	"os/exec"
	"time"
)

// A method expression is a call of the method: the receiver is the first
// argument, and the advice names it (dropcancel once wrote "send it with
// ....Do" and "use sql.QueryContext").
func Expr(ctx context.Context, c *http.Client, db *sql.DB) {
	_, _ = (*http.Client).Get(c, "http://example.com") // want `dropcancel: \(\*http.Client\).Get cannot be cancelled when the caller gives up; build the request with http.NewRequestWithContext\(ctx, http.MethodGet, url, nil\) and send it with c.Do$`
	_, _ = (*sql.DB).Query(db, "SELECT 1") // want `dropcancel: \(\*sql.DB\).Query cannot be cancelled when the caller gives up; use db.QueryContext\(ctx, ...\)$`
}

// Method values and function variables are called without a static
// callee: the passes cannot tell what runs, and stay silent.
func Values(ctx context.Context, c *http.Client, db *sql.DB) {
	get := c.Get
	_, _ = get("http://example.com")
	query := db.Query
	_, _ = query("SELECT 1")
	command := exec.Command
	_ = command("ls")
	bg := context.Background
	_ = bg()
	sleep := time.Sleep
	for range 3 {
		sleep(time.Second)
	}
}

// A parenthesised callee is still a static call.
func Parens(ctx context.Context, c *http.Client) {
	_, _ = (c.Get)("http://example.com") // want `dropcancel: c.Get cannot be cancelled .* send it with c.Do$`
	_ = (context.Background)() // want `ctxbackground: context.Background\(\) starts a fresh context where ctx is in scope, so the caller's deadline and cancellation are lost; use ctx`
	_, cancel := (context.WithTimeout)((context.TODO)(), time.Second) // want `fixedtimeout: 1s timeout on a fresh context ignores the caller.s deadline; derive it from ctx \(from context\.WithoutCancel\(ctx\) if the work must finish after the caller gives up\)`
	defer cancel()
}

// The context-taking forms through method values are fine.
func Good(ctx context.Context, db *sql.DB) {
	query := db.QueryContext
	_, _ = query(ctx, "SELECT 1")
	_, _ = (*sql.DB).QueryContext(db, ctx, "SELECT 1")
}

// An interface method whose implementation is unknown, and one with a
// context sibling in the interface.
type Store interface {
	Load(key string) ([]byte, error)
	LoadContext(ctx context.Context, key string) ([]byte, error)
	Save(key string, v []byte) error
}

func Iface(ctx context.Context, s Store) {
	_, _ = s.Load("k") // want `dropcancel: s.Load cannot be cancelled when the caller gives up; use s.LoadContext\(ctx, ...\)$`
	_ = s.Save("k", nil)
	load := s.Load
	_, _ = load("k")
	_, _ = Store.Load(s, "k") // want `dropcancel: Store.Load cannot be cancelled when the caller gives up; use s.LoadContext\(ctx, ...\)$`
}

// A method value passed as a callback and called later.
func Callback(ctx context.Context, c *http.Client, run func(func(string) (*http.Response, error))) {
	run(c.Get)
}

// A bound method of an embedded context.
type Job struct {
	context.Context
}

func (j Job) Run(timeout time.Duration) {
	deadline := j.Deadline
	if _, ok := deadline(); !ok {
		ctx, cancel := context.WithTimeout(context.Background(), timeout)
		defer cancel()
		_ = ctx
	}
}
