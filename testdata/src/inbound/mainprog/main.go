// Package main's contexts are the process's: whatever deadline or signal
// main gives them, a helper handed only those is on no request path.
package main

import (
	"context"
	"os"
	"os/signal"
	"time"
)

func probe() {}

func main() {
	_ = realMain()
	ctx, cancel := context.WithTimeout(context.Background(), time.Hour)
	defer cancel()
	go publish(ctx)
	sig, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	serve(sig)
	both(ctx)
}

func publish(ctx context.Context) {
	probe() // no inbound context: main's time limit is the process's
}

func serve(ctx context.Context) {
	probe() // no inbound context: main's signal is the process's
}

// A helper's own time limit, handed on, is something to honour.
func both(ctx context.Context) {
	limited, cancel := context.WithTimeout(ctx, time.Second)
	defer cancel()
	step(limited)
}

func step(ctx context.Context) {
	probe() // want `inbound ctx$`
}
