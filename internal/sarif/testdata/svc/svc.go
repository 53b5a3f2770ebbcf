// Package svc is the source the SARIF golden test reports on: its lines
// give the fingerprints their text and the columns their UTF-16 units.
package svc

import "context"

type Store interface {
	Get(ctx context.Context, key string) error
}

func Lookup(ctx context.Context, s Store) error { return s.Get(context.Background(), "k") }

func Greet(ctx context.Context, s Store) error { return s.Get(context.TODO(), "héllo 👋") }

func Accents(ctx context.Context, s Store, ï𝑥 string) error { return s.Get(context.TODO(), ï𝑥) }

func Twice(ctx context.Context, s Store) {
	_ = s.Get(context.Background(), "a")
	_ = s.Get(context.Background(), "a")
}

func Audit(ctx context.Context, s Store) {
	_ = s.Get(context.Background(), "audit") //nolint:budgetlint // the audit outlives the request
}
