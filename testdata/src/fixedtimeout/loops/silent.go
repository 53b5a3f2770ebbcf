package loops

import (
	"context"
	"errors"
	"log"
	"net/http"
	"time"
)

// The loop checks the context each time round.
func (w *Worker) WaitChecked(ctx context.Context, id string) (*Job, error) {
	for {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		job, err := w.jobs.Get(ctx, id)
		if err != nil {
			return nil, err
		}
		if job.State == "done" {
			return job, nil
		}
		time.Sleep(pollInterval)
	}
}

// In the condition.
func (w *Worker) PaceChecked(ctx context.Context, to []string) {
	for i := 0; i < len(to) && ctx.Err() == nil; i++ {
		_ = w.mail.Send(ctx, to[i])
		time.Sleep(100 * time.Millisecond)
	}
}

// The wait itself is a select on ctx.Done().
func (w *Worker) WaitSelect(ctx context.Context, id string) (*Job, error) {
	for {
		job, err := w.jobs.Get(ctx, id)
		if err != nil || job.State == "done" {
			return job, err
		}
		select {
		case <-ctx.Done():
			return nil, ctx.Err()
		case <-time.After(pollInterval):
		}
	}
}

// The request's context, by Deadline().
func (w *Worker) ServeUntilDeadline(rw http.ResponseWriter, r *http.Request) {
	for {
		if dl, ok := r.Context().Deadline(); ok && time.Until(dl) < time.Second {
			return
		}
		time.Sleep(time.Second)
	}
}

// context.Cause.
func (w *Worker) WaitCause(ctx context.Context) error {
	for i := 0; i < 10; i++ {
		if err := context.Cause(ctx); err != nil {
			return err
		}
		time.Sleep(time.Second)
	}
	return nil
}

// Retry loops: their wait is retrybudget's finding.
func (w *Worker) SubmitRetry(ctx context.Context, payload []byte) (string, error) {
	var lastErr error
	for attempt := 0; attempt < 3; attempt++ {
		id, err := w.jobs.Submit(ctx, payload)
		if err == nil {
			return id, nil
		}
		lastErr = err
		time.Sleep(time.Duration(attempt+1) * 200 * time.Millisecond)
	}
	return "", lastErr
}

func (w *Worker) SendRetry(ctx context.Context, to string) error {
	for {
		err := w.mail.Send(ctx, to)
		if err == nil {
			return nil
		}
		log.Printf("send to %s: %v", to, err)
		<-time.After(time.Second)
	}
}

func (w *Worker) RetryContinue(ctx context.Context, to string) error {
	var err error
	for i := 0; i < 5; i++ {
		if err = w.mail.Send(ctx, to); err != nil {
			time.Sleep(time.Second)
			continue
		}
		break
	}
	return err
}

// A single deliberate pause outside any loop: throttling a failed login.
func (w *Worker) Login(rw http.ResponseWriter, r *http.Request) {
	if r.FormValue("password") != "secret" {
		time.Sleep(2 * time.Second)
		http.Error(rw, "no", http.StatusUnauthorized)
		return
	}
	rw.Write([]byte("ok"))
}

// Waiting out replica lag once.
func (w *Worker) ReadAfterWrite(ctx context.Context, id string) (*Job, error) {
	time.Sleep(50 * time.Millisecond)
	<-time.After(10 * time.Millisecond)
	return w.jobs.Get(ctx, id)
}

// A goroutine started from the handler: detached work.
func (w *Worker) Spawn(ctx context.Context, to []string) {
	go func() {
		for _, addr := range to {
			_ = w.mail.Send(context.Background(), addr)
			time.Sleep(time.Second)
		}
	}()
}

// A sleep in a closure called once per item is outside the closure's loops.
func (w *Worker) EachWithPause(ctx context.Context, to []string) {
	pause := func() { time.Sleep(time.Millisecond) }
	for _, addr := range to {
		_ = w.mail.Send(ctx, addr)
		pause()
	}
}

// Off the request path: a background worker started in main.
func (w *Worker) Run() {
	for {
		time.Sleep(time.Minute)
		for range w.ticker.C {
		}
	}
}

func main() {
	w := &Worker{}
	for i := 0; i < 3; i++ {
		time.Sleep(time.Second)
	}
	w.Run()
}

var errStop = errors.New("stop")

// More retry shapes: their waits are retrybudget's.
func (w *Worker) RetryStatus(ctx context.Context, req *http.Request) (*http.Response, error) {
	var resp *http.Response
	var err error
	for i := 0; i < 3; i++ {
		resp, err = http.DefaultClient.Do(req)
		if err == nil && resp.StatusCode < 500 {
			break
		}
		time.Sleep(time.Second << i)
	}
	return resp, err
}

func (w *Worker) RetryReturn(ctx context.Context, payload []byte) error {
	backoff := 100 * time.Millisecond
	var err error
	for attempt := 1; attempt <= 5; attempt++ {
		if _, err = w.jobs.Submit(ctx, payload); err == nil {
			return nil
		}
		log.Printf("attempt %d: %v", attempt, err)
		time.Sleep(backoff)
		backoff *= 2
	}
	return err
}

func (w *Worker) RetryForever(ctx context.Context, payload []byte) string {
	for {
		id, err := w.jobs.Submit(ctx, payload)
		if err != nil {
			time.Sleep(time.Second)
			continue
		}
		return id
	}
}

func (w *Worker) RetryCounted(ctx context.Context, to string) error {
	for retries := 0; ; retries++ {
		err := w.mail.Send(ctx, to)
		if err == nil {
			return nil
		}
		if retries >= 5 {
			return err
		}
		time.Sleep(200 * time.Millisecond)
	}
}

func (w *Worker) RetrySelect(ctx context.Context, to string) error {
	var err error
	for i := 0; i < 3; i++ {
		if err = w.mail.Send(ctx, to); err == nil {
			return nil
		}
		select {
		case <-time.After(time.Second):
		}
	}
	return err
}

// Draining a stopped timer before reusing it does not wait.
func (w *Worker) Reuse(ctx context.Context, ids []string) {
	t := time.NewTimer(time.Second)
	for _, id := range ids {
		if !t.Stop() {
			<-t.C
		}
		t.Reset(time.Second)
		select {
		case <-ctx.Done():
			return
		case <-t.C:
		}
		_, _ = w.jobs.Get(ctx, id)
	}
}

func (w *Worker) ReuseNoContext(ctx context.Context, id string) {
	t := time.NewTimer(time.Second)
	defer func() {
		if !t.Stop() {
			<-t.C
		}
	}()
	_, _ = w.jobs.Get(ctx, id)
}

func watch(ctx context.Context, etag string) (string, error) { return etag, ctx.Err() }

// A watch loop that stops once its call fails because ctx ended: it asks
// the error, not the context, but it does ask.
func (w *Worker) Subscribe(ctx context.Context, changed func(string)) error {
	etag := ""
	for {
		next, err := watch(ctx, etag)
		if errors.Is(err, context.Canceled) || errors.Is(err, context.DeadlineExceeded) {
			return err
		}
		if err != nil {
			time.Sleep(5 * time.Second)
			continue
		}
		etag = next
		changed(etag)
	}
}

// The same with a comparison.
func (w *Worker) SubscribeCompare(ctx context.Context, changed func(string)) error {
	for {
		next, err := watch(ctx, "")
		if err == context.Canceled {
			return err
		}
		changed(next)
		time.Sleep(time.Second)
	}
}

// A short poll whose every pass asks the jobs service with ctx and leaves
// on any error ends one short wait after the caller has gone.
func (w *Worker) WaitBriefly(ctx context.Context, id string) (*Job, error) {
	for attempt := 0; attempt < 40; attempt++ {
		time.Sleep(250 * time.Millisecond)
		job, err := w.jobs.Get(ctx, id)
		if err != nil {
			return nil, err
		}
		if job.State == "done" {
			return job, nil
		}
	}
	return nil, errors.New("job not done in time")
}

// A few passes written in the loop, whose waits add up to less than half a
// second, overrun a cancelled caller by at most that sum.
func (w *Worker) NotifySteps(ctx context.Context, m Mailer) {
	steps := []string{"started", "half way", "done"}
	for _, s := range steps {
		_ = m.Send(ctx, s)
		time.Sleep(50 * time.Millisecond)
	}
	for i := 0; i < 4; i++ {
		_ = m.Send(ctx, "tick")
		time.Sleep(100 * time.Millisecond)
	}
	for range 2 {
		<-time.After(200 * time.Millisecond)
		_ = m.Send(ctx, "pulse")
	}
}

// jobTick is a default the package never changes.
var jobTick = 100 * time.Millisecond

// A poll bounded as a whole by the caller's count of seconds: its select
// never waits longer than the short ticker, and every pass asks with ctx
// and leaves on any error.
func (w *Worker) WaitTicking(ctx context.Context, id string, seconds int) (*Job, error) {
	timeout := time.After(time.Duration(seconds) * time.Second)
	ticker := time.NewTicker(jobTick)
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
		case <-timeout:
			return nil, errors.New("job not done in time")
		case <-ticker.C:
		}
	}
}
