package leaves

import "context"

// commandError is a driver's error type: a context error is never one.
type commandError struct{ labels []string }

func (e commandError) Error() string { return "command failed" }

func (e commandError) has(label string) bool {
	for _, l := range e.labels {
		if l == label {
			return true
		}
	}
	return false
}

// The commit is retried only on a commandError with the label; a context
// error falls to the default case and is returned.
func Commit(ctx context.Context, s Store, r Record) error {
	for {
		_, err := s.Insert(ctx, r)
		switch e := err.(type) {
		case nil:
			return nil
		case commandError:
			if e.has("UnknownCommitResult") {
				continue
			}
			return e
		default:
			return e
		}
	}
}

// Retried on any error with a Temporary method: a context error may be one
// (DeadlineExceeded's is), so the loop may go on after the caller has gone.
func CommitTemporary(ctx context.Context, s Store, r Record) error {
	for { // want `retry loop`
		_, err := s.Insert(ctx, r)
		switch err.(type) {
		case nil:
			return nil
		case interface{ Temporary() bool }:
			continue
		}
		return err
	}
}

// The same with a comma-ok assertion.
func CommitAsserted(ctx context.Context, s Store, r Record) error {
	for {
		_, err := s.Insert(ctx, r)
		if err == nil {
			return nil
		}
		if cmdErr, ok := err.(commandError); ok && cmdErr.has("TransientTransactionError") {
			continue
		}
		return err
	}
}

// An empty default falls through to what follows the switch: here a retry
// of every error but the driver's, a context error included.
func CommitEmptyDefault(ctx context.Context, s Store, r Record) error {
	for { // want `retry loop`
		_, err := s.Insert(ctx, r)
		switch err.(type) {
		case nil:
			return nil
		case commandError:
			return err
		default:
		}
	}
}

// The same with a value switch.
func InsertEmptyDefault(ctx context.Context, s Store, r Record) error {
	for { // want `retry loop`
		_, err := s.Insert(ctx, r)
		switch {
		case err == nil:
			return nil
		case notFound(err):
			return err
		default:
		}
	}
}
