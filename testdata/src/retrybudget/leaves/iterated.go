package leaves

import (
	"context"
	"errors"
	"io"
	"time"
)

// Not retries: a loop whose condition tests a local for nil and whose body
// takes the next value into it walks a source until it runs dry. An error
// tested for nil is no such value: going round while err != nil repeats
// the call.

var errKnown = errors.New("known block")

type block struct{ n int }

type blockIter struct {
	blocks []*block
	i      int
}

func (it *blockIter) next() (*block, error) {
	if it.i >= len(it.blocks) {
		return nil, nil
	}
	it.i++
	return it.blocks[it.i-1], errKnown
}

type chain interface {
	Write(ctx context.Context, b *block) error
	Head(ctx context.Context) (*block, error)
}

// Import skips the known blocks at the head of the batch, then writes the
// known ones that follow: each round takes the iterator's next block.
func Import(ctx context.Context, it *blockIter, c chain) error {
	b, err := it.next()
	for b != nil && errors.Is(err, errKnown) {
		if b.n < 0 {
			break
		}
		b, err = it.next()
	}
	for b != nil && errors.Is(err, errKnown) {
		if err := c.Write(ctx, b); err != nil {
			return err
		}
		b, err = it.next()
	}
	return nil
}

// AwaitHead asks again, after a pause, while the call fails.
func AwaitHead(ctx context.Context, c chain) (*block, error) {
	head, err := c.Head(ctx)
	for err != nil { // want `retry loop`
		time.Sleep(time.Second)
		head, err = c.Head(ctx)
	}
	return head, nil
}

// A directory iterator: each round takes the next entry of its batch,
// reading the next batch when it is used up and stopping at an empty one,
// and skips the entries it cannot convert: it moves on, not round again.
type entry struct{ name string }

type dirHandle interface {
	ReadDir(n int) ([]entry, error)
}

type dirIter struct {
	batch []entry
	pos   int
	dir   dirHandle
}

func convert(e entry) (*entry, error) {
	if e.name == "" {
		return nil, nil
	}
	return &e, nil
}

func (it *dirIter) Next(_ context.Context) (*entry, error) {
	for {
		if it.pos >= len(it.batch) {
			batch, err := it.dir.ReadDir(100)
			if err != nil && !errors.Is(err, io.EOF) {
				return nil, err
			}
			it.pos, it.batch = 0, batch
			if len(batch) == 0 {
				return nil, nil
			}
		}
		n := it.pos
		it.pos++
		e, err := convert(it.batch[n])
		if err != nil {
			return nil, err
		}
		if e == nil {
			continue
		}
		return e, nil
	}
}

// A field counting attempts, used as an index into a list of delays, is a
// retry schedule: still a retry.
type pacer struct {
	attempt int
	delays  []time.Duration
}

func (p *pacer) Dial(ctx context.Context, dial func() (*entry, error)) (*entry, error) {
	for { // want `retry loop`
		e, err := dial()
		if err == nil {
			return e, nil
		}
		time.Sleep(p.delays[p.attempt%len(p.delays)])
		p.attempt++
	}
}
