// Package mysqldrv registers a driver.
package mysqldrv

import (
	"context"

	"example.com/program/drivers"
)

func init() {
	drivers.Register("mysql", New)
	drivers.OnStop(Close)
}

// New is only called through drivers.Open, which only main calls.
func New(ctx context.Context, dsn string) error {
	return drivers.Wait(context.Background())
}

// Close keeps its finding: drivers.OnStop hands it on as a plain
// function too.
func Close(ctx context.Context) error {
	return drivers.Wait(context.Background())
}
