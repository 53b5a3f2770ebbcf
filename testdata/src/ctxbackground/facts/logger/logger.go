// Package logger logs errors; it waits for room only when there is an
// error to log.
package logger

import "context"

var sink = make(chan string, 1)

// CriticalIf logs err, if any, unless the context is done first.
func CriticalIf(ctx context.Context, err error) {
	if err != nil {
		select {
		case sink <- err.Error():
		case <-ctx.Done():
		}
	}
}
