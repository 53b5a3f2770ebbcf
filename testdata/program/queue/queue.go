// Package queue runs for the process: it stores what it sends on the
// process's lifetime, never on a caller's context.
package queue

import (
	"example.com/program/process"
	"example.com/program/store"
)

type Queue struct{ proc *process.Process }

func New(p *process.Process) *Queue { return &Queue{proc: p} }

func (q *Queue) Send(msg string) error {
	return store.Enqueue(q.proc.Context(), msg)
}
