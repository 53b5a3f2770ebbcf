package loops

import (
	"context"
	"testing"
	"time"
)

// Tests are their own option: helpers taking a context are left alone.
func waitDone(ctx context.Context, t *testing.T, w *Worker, id string) {
	tctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	for {
		job, err := w.jobs.Get(tctx, id)
		if err != nil {
			t.Fatal(err)
		}
		if job.State == "done" {
			return
		}
		time.Sleep(10 * time.Millisecond)
	}
}

func TestWait(t *testing.T) {
	_ = waitDone
}
