package observe

import (
	"context"
	"strings"
)

// health asks once, up front, whether its caller has gone, then reads
// in-memory state: context.Background() is never done, so a root handed
// here is observed by nothing.
func health(ctx context.Context, state map[string]string) (string, error) {
	if err := ctx.Err(); err != nil {
		return "", err
	}
	return strings.Join([]string{state["leader"], state["members"]}, ","), nil
}

// fetchChecked checks up front too, and then waits on the store with the
// same context: that wait observes it.
func fetchChecked(ctx context.Context, s *Store, id string) error {
	if ctx.Err() != nil {
		return ctx.Err()
	}
	return s.Get(ctx, id)
}

func Health(ctx context.Context, state map[string]string) (string, error) {
	return health(context.Background(), state)
}

func FetchChecked(ctx context.Context, s *Store) error {
	return fetchChecked(context.Background(), s, "a") // want `^context.Background\(\) starts a fresh context where ctx is in scope`
}
