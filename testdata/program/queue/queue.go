// Package queue runs for the process: it stores what it sends on the
// process's lifetime, never on a caller's context.
package queue

import (
	"context"

	"example.com/program/bus"
	"example.com/program/process"
	"example.com/program/store"
)

type Queue struct{ proc *process.Process }

func New(p *process.Process) *Queue { return &Queue{proc: p} }

func (q *Queue) Send(msg string) error {
	return store.Enqueue(q.proc.Context(), msg)
}

// Consumer handles messages on the process's lifetime, kept from its
// getter when it is built.
type Consumer struct{ ctx context.Context }

func NewConsumer(p *process.Process) *Consumer { return &Consumer{ctx: p.Context()} }

func (c *Consumer) Start() { bus.Subscribe(c.ctx, c.onMessage) }

// onMessage is handed only the consumer's lifetime, by the bus.
func (c *Consumer) onMessage(ctx context.Context, msg string) {
	store.Handle(ctx, msg)
}
