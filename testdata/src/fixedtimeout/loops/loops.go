// Package loops holds fixed waits repeated by loops: polling and pacing
// loops that never check a context (reported), and loops that do, retry
// loops and single pauses (left alone).
package loops

import (
	"context"
	"errors"
	"net/http"
	"time"
)

const pollInterval = 500 * time.Millisecond

type Job struct {
	ID    string
	State string
}

type Jobs interface {
	Get(ctx context.Context, id string) (*Job, error)
	Submit(ctx context.Context, payload []byte) (string, error)
}

type Mailer interface {
	Send(ctx context.Context, to string) error
}

type Worker struct {
	jobs     Jobs
	mail     Mailer
	interval time.Duration
	ticker   *time.Ticker
}

// Polling for a job: each sleep runs on after the caller has gone, and
// half a second is too long to leave to the error of the next Get.
func (w *Worker) WaitForJob(ctx context.Context, id string) (*Job, error) {
	for {
		job, err := w.jobs.Get(ctx, id)
		if err != nil {
			return nil, err
		}
		if job.State == "done" {
			return job, nil
		}
		time.Sleep(pollInterval) // want `500ms sleep in a loop that never checks ctx ignores the caller's deadline and cancellation; wait in a select on ctx.Done\(\) and a timer`
	}
}

// A counted poll in an HTTP handler, with a configured interval.
func (w *Worker) ServeStatus(rw http.ResponseWriter, r *http.Request) {
	id := r.FormValue("id")
	for i := 0; i < 20; i++ {
		job, err := w.jobs.Get(r.Context(), id)
		if err != nil {
			http.Error(rw, err.Error(), http.StatusBadGateway)
			return
		}
		if job.State == "done" {
			rw.Write([]byte(job.ID))
			return
		}
		time.Sleep(w.interval) // want `sleep \(w.interval\) in a loop that never checks r.Context\(\) ignores the caller's deadline and cancellation; wait in a select on r.Context\(\).Done\(\) and a timer`
	}
	http.Error(rw, "still running", http.StatusAccepted)
}

// A pacing loop: one mail every 100ms, going on after a failed one.
func (w *Worker) Broadcast(ctx context.Context, to []string) (failed int) {
	for _, addr := range to {
		if err := w.mail.Send(ctx, addr); err != nil {
			failed++
		}
		time.Sleep(100 * time.Millisecond) // want `100ms sleep in a loop that never checks ctx ignores the caller's deadline and cancellation; wait in a select on ctx.Done\(\) and a timer`
	}
	return failed
}

// Waiting on time.After outside a select, in a loop.
func (w *Worker) Drip(ctx context.Context, to []string) {
	for _, addr := range to {
		_ = w.mail.Send(ctx, addr)
		<-time.After(time.Second) // want `1s wait on time.After in a loop that never checks ctx ignores the caller's deadline and cancellation; wait in a select on ctx\.Done\(\) and a timer`
	}
}

// Pacing on a ticker.
func (w *Worker) Paced(ctx context.Context, to []string) {
	t := time.NewTicker(250 * time.Millisecond)
	defer t.Stop()
	for _, addr := range to {
		<-t.C // want `250ms wait on t.C in a loop that never checks ctx ignores the caller's deadline and cancellation; wait in a select on ctx.Done\(\) and a timer`
		_ = w.mail.Send(ctx, addr)
	}
}

// Ranging over a ticker's channel.
func (w *Worker) Heartbeat(ctx context.Context, id string) {
	tick := time.NewTicker(2 * time.Second)
	defer tick.Stop()
	for range tick.C { // want `2s wait on tick.C in a loop that never checks ctx ignores the caller's deadline and cancellation; wait in a select on ctx.Done\(\) and a timer`
		job, _ := w.jobs.Get(ctx, id)
		if job != nil && job.State == "done" {
			return
		}
	}
}

// A select on timers only is a sleep.
func (w *Worker) SelectSleep(ctx context.Context, id string) {
	for {
		job, _ := w.jobs.Get(ctx, id)
		if job != nil && job.State == "done" {
			return
		}
		select {
		case <-time.After(time.Second): // want `1s wait on time.After in a loop that never checks ctx ignores the caller's deadline and cancellation; wait in a select on ctx.Done\(\) and a timer`
		}
	}
}

// Sleeping inside a closure's loop on the request path.
func (w *Worker) Handler() http.HandlerFunc {
	return func(rw http.ResponseWriter, r *http.Request) {
		for n := 0; n < 3; n++ {
			rw.Write([]byte("."))
			time.Sleep(time.Second) // want `1s sleep in a loop that never checks r.Context\(\) ignores the caller's deadline and cancellation; wait in a select on r.Context\(\).Done\(\) and a timer`
		}
	}
}

// A blank context parameter.
func (w *Worker) Blank(_ context.Context, to []string) {
	for range to {
		time.Sleep(time.Millisecond) // want `1ms sleep in a loop that never checks the caller.s context ignores the caller.s deadline and cancellation; wait in a select on its Done\(\) and a timer`
	}
}

// Nested loops: the inner pacing loop, the outer one checks nothing either.
func (w *Worker) Batches(ctx context.Context, batches [][]string) {
	for _, batch := range batches {
		for _, addr := range batch {
			_ = w.mail.Send(ctx, addr)
			time.Sleep(10 * time.Millisecond) // want `10ms sleep in a loop that never checks ctx ignores the caller's deadline and cancellation; wait in a select on ctx.Done\(\) and a timer`
		}
	}
}

// The waits of a loop and of the loops inside it are one mistake when
// none checks ctx: the inner wait is a related position of the first.
func (w *Worker) Settle(ctx context.Context, groups [][]string) {
	for _, g := range groups {
		time.Sleep(50 * time.Millisecond) // want `50ms sleep in a loop that never checks ctx`
		for _, id := range g {
			_, _ = w.jobs.Get(ctx, id)
			time.Sleep(10 * time.Millisecond) // the same loop nest: a related position of the sleep above
		}
	}
}

var errNotReady = errors.New("not ready")

// A reused timer: the drain does not wait, the receive after Reset does.
func (w *Worker) PaceTimer(ctx context.Context, ids []string) {
	t := time.NewTimer(100 * time.Millisecond)
	for _, id := range ids {
		if !t.Stop() {
			<-t.C
		}
		t.Reset(100 * time.Millisecond)
		<-t.C // want `100ms wait on t.C in a loop that never checks ctx ignores the caller's deadline and cancellation; wait in a select on ctx.Done\(\) and a timer`
		_, _ = w.jobs.Get(ctx, id)
	}
}

// A wait in a nested loop that continues an outer retry loop is that
// retry's wait: retrybudget reports the loop, not this pass.
func DrainNested(ctx context.Context, receive func(context.Context) ([]byte, error)) error {
retry:
	for attempt := 0; attempt < 3; attempt++ {
		body, err := receive(ctx)
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

// Passes that add up to half a second or more, an unknown count, or a
// short loop repeated by another are still reported.
func (w *Worker) NotifyMany(ctx context.Context, m Mailer, names []string) {
	for _, s := range []string{"a", "b", "c", "d", "e"} {
		_ = m.Send(ctx, s)
		time.Sleep(100 * time.Millisecond) // want `100ms sleep in a loop that never checks ctx`
	}
	for _, s := range names {
		_ = m.Send(ctx, s)
		time.Sleep(10 * time.Millisecond) // want `10ms sleep in a loop that never checks ctx`
	}
	for _, s := range names {
		for i := 0; i < 2; i++ {
			_ = m.Send(ctx, s)
			time.Sleep(10 * time.Millisecond) // want `10ms sleep in a loop that never checks ctx`
		}
	}
	for i := 0; i < 3; i++ {
		_ = m.Send(ctx, "again")
		i = 0
		time.Sleep(10 * time.Millisecond) // want `10ms sleep in a loop that never checks ctx`
	}
}

// A count too large to multiply by the wait is no small loop.
func (w *Worker) NotifyForever(ctx context.Context, m Mailer) {
	for range 1 << 62 {
		_ = m.Send(ctx, "tick")
		time.Sleep(4 * time.Millisecond) // want `4ms sleep in a loop that never checks ctx`
	}
}

// The same whole-operation bound beside a ticker whose interval the
// package lets callers change: it may be too slow to leave to the next
// Get's error, so the wait is reported.
func (w *Worker) WaitTickingSlowly(ctx context.Context, id string, seconds int) (*Job, error) {
	timeout := time.After(time.Duration(seconds) * time.Second)
	ticker := time.NewTicker(slowTick)
	defer ticker.Stop()
	for {
		job, err := w.jobs.Get(ctx, id)
		if err != nil {
			return nil, err
		}
		if job.State == "done" {
			return job, nil
		}
		select {
		case <-timeout: // want `wait \(time.Duration\(seconds\) \* time.Second\) on time.After in a loop that never checks ctx`
			return nil, errors.New("job not done in time")
		case <-ticker.C:
		}
	}
}

// slowTick starts short but the package lets it be changed: its value at
// the wait is unknown.
var slowTick = 100 * time.Millisecond

func SetSlowTick(d time.Duration) { slowTick = d }
