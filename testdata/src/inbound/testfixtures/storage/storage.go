// Package storage is test support by its import path (a testfixtures
// directory): the databases it starts for tests are test code.
package storage

import "context"

func probe() {}

func RunPostgres(ctx context.Context) {
	probe() // want `inbound ctx test`
}
