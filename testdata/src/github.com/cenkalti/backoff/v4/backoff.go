// Package backoff is a stand-in for github.com/cenkalti/backoff/v4 with the
// signatures retrybudget recognises.
package backoff

import (
	"context"
	"time"
)

// Stop tells Retry to give up.
const Stop time.Duration = -1

type BackOff interface {
	NextBackOff() time.Duration
	Reset()
}

// BackOffContext is a BackOff that stops when its context is done.
type BackOffContext interface {
	BackOff
	Context() context.Context
}

type backOffContext struct {
	BackOff
	ctx context.Context
}

func (b *backOffContext) Context() context.Context { return b.ctx }

func WithContext(b BackOff, ctx context.Context) BackOffContext {
	return &backOffContext{BackOff: b, ctx: ctx}
}

type backOffTries struct {
	BackOff
	max uint64
}

func WithMaxRetries(b BackOff, max uint64) BackOff { return &backOffTries{BackOff: b, max: max} }

type ExponentialBackOff struct {
	InitialInterval time.Duration
	MaxInterval     time.Duration
	MaxElapsedTime  time.Duration
}

type ExponentialBackOffOpts func(*ExponentialBackOff)

func WithMaxElapsedTime(d time.Duration) ExponentialBackOffOpts {
	return func(b *ExponentialBackOff) { b.MaxElapsedTime = d }
}

func NewExponentialBackOff(opts ...ExponentialBackOffOpts) *ExponentialBackOff {
	b := &ExponentialBackOff{InitialInterval: 500 * time.Millisecond, MaxElapsedTime: 15 * time.Minute}
	for _, o := range opts {
		o(b)
	}
	return b
}

func (b *ExponentialBackOff) NextBackOff() time.Duration { return b.InitialInterval }
func (b *ExponentialBackOff) Reset()                     {}

type ConstantBackOff struct{ Interval time.Duration }

func NewConstantBackOff(d time.Duration) *ConstantBackOff { return &ConstantBackOff{Interval: d} }
func (b *ConstantBackOff) NextBackOff() time.Duration     { return b.Interval }
func (b *ConstantBackOff) Reset()                         {}

type Operation func() error

type OperationWithData[T any] func() (T, error)

type Notify func(error, time.Duration)

type Timer interface {
	Start(duration time.Duration)
	Stop()
	C() <-chan time.Time
}

func Retry(o Operation, b BackOff) error { return o() }

func RetryWithData[T any](o OperationWithData[T], b BackOff) (T, error) { return o() }

func RetryNotify(operation Operation, b BackOff, notify Notify) error { return operation() }

func RetryNotifyWithData[T any](operation OperationWithData[T], b BackOff, notify Notify) (T, error) {
	return operation()
}

func RetryNotifyWithTimer(operation Operation, b BackOff, notify Notify, t Timer) error {
	return operation()
}

func RetryNotifyWithTimerAndData[T any](operation OperationWithData[T], b BackOff, notify Notify, t Timer) (T, error) {
	return operation()
}

type PermanentError struct{ Err error }

func (e *PermanentError) Error() string { return e.Err.Error() }

func Permanent(err error) error { return &PermanentError{Err: err} }

// Ticker sends a tick after each backoff interval.
type Ticker struct {
	C <-chan time.Time
}

func NewTicker(b BackOff) *Ticker { return &Ticker{C: make(chan time.Time)} }
func (t *Ticker) Stop()           {}
