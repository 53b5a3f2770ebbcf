package observe

import "context"

// An interface implemented only by instances of a generic type: what the
// instances do with the context decides, as for any implementation.

type Index interface {
	Add(ctx context.Context, key string)
}

// Tree keeps keys in memory: its context goes nowhere.
type Tree[V any] struct{ items map[string]V }

func (t *Tree[V]) Add(ctx context.Context, key string) {
	var zero V
	t.items[key] = zero
}

type Queue interface {
	Push(ctx context.Context, key string) error
}

// Channel waits for room, or for the context.
type Channel[V any] struct{ c chan string }

func (q *Channel[V]) Push(ctx context.Context, key string) error {
	select {
	case q.c <- key:
		return nil
	case <-ctx.Done():
		return ctx.Err()
	}
}

type Memory struct {
	idx   []Index
	queue []Queue
}

func NewMemory() *Memory {
	return &Memory{
		idx:   []Index{&Tree[int]{items: map[string]int{}}},
		queue: []Queue{&Channel[string]{c: make(chan string)}},
	}
}

func (m *Memory) Fill(keys []string) {
	ctx := context.Background()
	for _, k := range keys {
		m.idx[0].Add(ctx, k)
	}
}

func (m *Memory) Send(keys []string) error { // want Send:"roots context.Background\\(\\) at generic.go:56"
	ctx := context.Background()
	for _, k := range keys {
		if err := m.queue[0].Push(ctx, k); err != nil {
			return err
		}
	}
	return nil
}

func Ingest(ctx context.Context, m *Memory, keys []string) error {
	m.Fill(keys)        // the in-memory index observes nothing
	return m.Send(keys) // want `Send starts a fresh context \(context.Background\(\) at generic.go:56\)`
}
