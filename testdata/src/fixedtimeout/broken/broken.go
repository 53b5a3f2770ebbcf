// Package broken does not type-check: the pass must not panic on it.
package broken

import (
	"context"
	"net"
	"time"
)

func Handle(ctx context.Context, conn net.Conn) {
	c, cancel := context.WithTimeout(context.Background(), undefinedTimeout) // want `timeout \(undefinedTimeout\) on a fresh context ignores the caller's deadline; derive it from ctx \(from context\.WithoutCancel\(ctx\) if the work must finish after the caller gives up\)`
	defer cancel()
	_ = c
	conn.SetDeadline(time.Now().Add(undefinedTimeout))
	for {
		time.Sleep(undefined.Interval) // want `sleep \(undefined.Interval\) in a loop that never checks ctx ignores the caller's deadline and cancellation; wait in a select on ctx.Done\(\) and a timer`
		select {
		case <-missing.C:
		case <-time.After(nosuch): // the same loop: a related position of the sleep above
		}
		<-undefinedChan
	}
	x := context.WithTimeout(context.Background())
	y, z := context.WithDeadline(base, time.Now().Add())
	conn.SetReadDeadline(time.Now().Add(1, 2))
	var t *time.Timer
	select {
	case <-t.C: // want `select waits on t.C with no case on ctx.Done\(\), so it ignores the caller's deadline; add a case <-ctx.Done\(\)`
	case <-nope.Done():
	}
	_ = x
	_, _ = y, z
}
