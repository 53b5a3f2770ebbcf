// Package backoff is a stand-in for github.com/cenkalti/backoff/v5, whose
// Retry takes a context.
package backoff

import (
	"context"
	"time"
)

type BackOff interface {
	NextBackOff() time.Duration
	Reset()
}

type ExponentialBackOff struct{ InitialInterval time.Duration }

func NewExponentialBackOff() *ExponentialBackOff         { return &ExponentialBackOff{} }
func (b *ExponentialBackOff) NextBackOff() time.Duration { return b.InitialInterval }
func (b *ExponentialBackOff) Reset()                     {}

type Operation[T any] func() (T, error)

type Notify func(error, time.Duration)

type retryOptions struct{}

type RetryOption func(*retryOptions)

func WithBackOff(b BackOff) RetryOption              { return nil }
func WithMaxTries(n uint) RetryOption                { return nil }
func WithMaxElapsedTime(d time.Duration) RetryOption { return nil }
func WithNotify(n Notify) RetryOption                { return nil }

func Retry[T any](ctx context.Context, operation Operation[T], opts ...RetryOption) (T, error) {
	return operation()
}

func Permanent(err error) error { return err }
