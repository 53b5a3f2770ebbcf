// Package fix holds the suggested fixes: each rewrite passes the inbound
// context, as written where the call is, and never a fresh root.
package fix

import (
	"context"
	"database/sql"
	"net"
	nethttp "net/http"
	"os/exec"
	"time"

	"github.com/aws/aws-sdk-go/aws"
	"github.com/aws/aws-sdk-go/service/s3"
	"github.com/gin-gonic/gin"
)

type Repo struct {
	ctx context.Context
	db  *sql.DB
	s3  *s3.S3
}

func (r *Repo) Query(ctx context.Context, q string, args ...any) error {
	rows, err := r.db.Query(q, args...) // want `r.db.Query cannot be cancelled when the caller gives up; use r\.db\.QueryContext\(ctx, \.\.\.\)`
	if err != nil {
		return err
	}
	defer rows.Close()
	_, err = r.db.Exec("UPDATE t SET n = n + 1") // want `r.db.Exec cannot be cancelled when the caller gives up; use r\.db\.ExecContext\(ctx, \.\.\.\)`
	if err != nil {
		return err
	}
	return r.db.Ping() // want `r.db.Ping cannot be cancelled when the caller gives up; use r\.db\.PingContext\(ctx\)`
}

func (r *Repo) Tx(ctx context.Context) error {
	tx, err := r.db.Begin() // want `r.db.Begin cannot be cancelled when the caller gives up; use r\.db\.BeginTx\(ctx, nil\)`
	if err != nil {
		return err
	}
	return tx.Commit()
}

func (r *Repo) Object(ctx context.Context, key string) error {
	_, err := r.s3.GetObject(&s3.GetObjectInput{Key: aws.String(key)}) // want `r.s3.GetObject cannot be cancelled when the caller gives up; use r\.s3\.GetObjectWithContext\(ctx, \.\.\.\)`
	return err
}

func (r *Repo) Stored(ctx context.Context) error {
	return r.db.PingContext(r.ctx) // want `passing the stored context r.ctx ignores the cancellation of ctx; pass ctx`
}

func (r *Repo) Handler(w nethttp.ResponseWriter, req *nethttp.Request) {
	out, _ := nethttp.NewRequest(req.Method, "http://backend"+req.URL.Path, req.Body) // want `nethttp.NewRequest builds a request that cannot be cancelled when the caller gives up; use nethttp.NewRequestWithContext\(req.Context\(\), ...\)`
	nethttp.DefaultClient.Do(out)
	exec.Command("sync", "--fast").Run()                    // want `exec.Command cannot be cancelled when the caller gives up; use exec\.CommandContext\(req\.Context\(\), \.\.\.\)`
	tctx, cancel := context.WithTimeout(r.ctx, time.Second) // want `deriving from the stored context r.ctx ignores the cancellation of req.Context\(\); derive from req.Context\(\)`
	defer cancel()
	_ = tctx
}

func Dial(ctx context.Context, addr, host string) error {
	c, err := net.Dial("tcp", addr) // want `net.Dial cannot be cancelled when the caller gives up; use \(&net\.Dialer\{\}\)\.DialContext\(ctx, \.\.\.\)`
	if err != nil {
		return err
	}
	c.Close()
	c, err = net.DialTimeout("tcp", addr, 3*time.Second) // want `net.DialTimeout cannot be cancelled when the caller gives up; use \(&net\.Dialer\{Timeout: \.\.\.\}\)\.DialContext\(ctx, \.\.\.\)`
	if err != nil {
		return err
	}
	c.Close()
	_, err = net.LookupHost(host) // want `net.LookupHost cannot be cancelled when the caller gives up; use net\.DefaultResolver\.LookupHost\(ctx, \.\.\.\)`
	_, err = net.LookupIP(host)   // want `net.LookupIP cannot be cancelled when the caller gives up; use net\.DefaultResolver\.LookupIP\(ctx, "ip", \.\.\.\)`
	return err
}

// No fix where the context cannot be written at the call.
func Shadowed(ctx context.Context, db *sql.DB) {
	for _, ctx := range []string{"a"} {
		db.Exec(ctx) // want `db.Exec cannot be cancelled when the caller gives up; use db\.ExecContext\(ctx, \.\.\.\)`
	}
}

func Blank(_ context.Context, db *sql.DB) {
	db.Exec("VACUUM") // want `db.Exec cannot be cancelled when the caller gives up; name the caller's context parameter and use db.ExecContext\(ctx, ...\)`
}

// No fix where the rewrite is not mechanical.
type Counter struct{}

func (Counter) Count() int                                    { return 0 }
func (Counter) CountContext(ctx context.Context) (int, error) { return 0, ctx.Err() }

func Generic[T any](k string) T                             { var z T; return z }
func GenericContext[T any](ctx context.Context, k string) T { <-ctx.Done(); var z T; return z }

func NoFix(ctx context.Context, c Counter) {
	_ = c.Count()                  // want `c.Count cannot be cancelled when the caller gives up; use c.CountContext\(ctx\)`
	_ = Generic[int]("k")          // want `Generic\[int\] cannot be cancelled when the caller gives up; use GenericContext\(ctx, \.\.\.\)`
	_ = (*Counter).Count(&c)       // want `\(\*Counter\).Count cannot be cancelled when the caller gives up; use &c\.CountContext\(ctx\)`
	_, _ = nethttp.Get("http://x") // want `nethttp.Get cannot be cancelled when the caller gives up; build the request with nethttp\.NewRequestWithContext\(ctx, nethttp\.MethodGet, url, nil\) and send it with a client`
}

// A framework handler: the fix uses the framework's accessor.
func GinHandler(c *gin.Context, db *sql.DB) {
	db.QueryRow("SELECT 1") // want `db.QueryRow cannot be cancelled when the caller gives up; use db.QueryRowContext\(c.Request.Context\(\), ...\)`
}
