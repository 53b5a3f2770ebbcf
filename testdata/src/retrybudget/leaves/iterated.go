package leaves

import (
	"context"
	"errors"
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
