// Command program starts a store and serves it: the module the
// whole-program step of the standalone command is tested on.
package main

import (
	"context"
	"database/sql/driver"
	"net/http"

	"example.com/program/drivers"
	"example.com/program/internal/jobs"
	"example.com/program/metrics"
	_ "example.com/program/mysqldrv"
	"example.com/program/pgserver"
	"example.com/program/process"
	"example.com/program/queue"
	"example.com/program/server"
	"example.com/program/signals"
	"example.com/program/store"
	"example.com/program/worker"
)

func main() {
	ctx := context.Background()
	if err := store.Open(ctx, "db"); err != nil { // only main opens the store
		panic(err)
	}
	s := &store.Store{}
	s.Migrate(ctx) // only main migrates
	s.Prune(ctx)   // and prunes
	new(pgserver.Server).Start()
	store.Reindex(ctx)
	proc := process.New()
	queue.New(proc).Send("started")
	queue.NewConsumer(proc).Start()
	var p driver.Pinger = s
	_ = p
	s.Ping(ctx) // database/sql pings it too, out of view
	store.Get(ctx, "warm")
	store.Flush()
	sweeper := worker.NewSweeper(ctx)
	sweeper.Run()
	sweeper.Drain()
	worker.Settle(ctx)
	worker.Vacuum(ctx)
	jobs.PurgeNow()
	drivers.Open(ctx, "mysql")
	drivers.Stop(ctx)
	warm := store.Warm // a function value: its callers are out of view
	warm(ctx)
	metrics.Publish()
	sig := signals.Setup()
	store.Compact(sig)
	http.ListenAndServe(":8080", &server.Server{Store: s})
}
