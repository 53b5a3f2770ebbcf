package services

import (
	"context"
	"errors"
	"log"
	"time"
)

type Message struct {
	ID   string
	Body []byte
}

type Broker interface {
	Publish(ctx context.Context, topic string, m Message) error
	Fetch(ctx context.Context, topic string) (*Message, error)
	Commit(ctx context.Context, m *Message) error
}

type Publisher struct {
	b       Broker
	backoff []time.Duration
}

// Publishing with a schedule indexed by the attempt number.
func (p *Publisher) Publish(ctx context.Context, topic string, m Message) error {
	var err error
	for attempt := 0; attempt < len(p.backoff); attempt++ { // want `retry loop sleeps and retries after the caller's deadline; check ctx\.Err\(\) before each attempt, and wait with select on ctx\.Done\(\)`
		if err = p.b.Publish(ctx, topic, m); err == nil {
			return nil
		}
		log.Printf("publish %s: %v", m.ID, err)
		time.Sleep(p.backoff[attempt])
	}
	return err
}

// Publishing a batch, each message retried: the inner loop is the retry.
func (p *Publisher) PublishAll(ctx context.Context, topic string, ms []Message) error {
	for _, m := range ms {
		var err error
		for i := 0; i < 3; i++ { // want `retry loop sleeps and retries after the caller's deadline; check ctx\.Err\(\) before each attempt, and wait with select on ctx\.Done\(\)`
			if err = p.b.Publish(ctx, topic, m); err == nil {
				break
			}
			time.Sleep(50 * time.Millisecond)
		}
		if err != nil {
			return err
		}
	}
	return nil
}

// A ticker-paced retry with no end but success.
func (p *Publisher) Flush(ctx context.Context, topic string, m Message) error {
	t := time.NewTicker(time.Second)
	defer t.Stop()
	for range t.C { // want `retry loop has no attempt limit and never checks ctx, so it can retry forever after the caller's deadline; check ctx.Err\(\) before each attempt, and wait with select on ctx.Done\(\)`
		if err := p.b.Publish(ctx, topic, m); err == nil {
			return nil
		}
	}
	return nil
}

// The same ticker with ctx.Done() in the select.
func (p *Publisher) FlushCtx(ctx context.Context, topic string, m Message) error {
	t := time.NewTicker(time.Second)
	defer t.Stop()
	for {
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-t.C:
			if err := p.b.Publish(ctx, topic, m); err == nil {
				return nil
			}
		}
	}
}

// A consumer loop handles messages and goes on: not a retry.
func (p *Publisher) Consume(ctx context.Context, topic string, handle func(*Message) error) error {
	for {
		m, err := p.b.Fetch(ctx, topic)
		if err != nil {
			if errors.Is(err, context.Canceled) {
				return err
			}
			time.Sleep(time.Second)
			continue
		}
		if err := handle(m); err != nil {
			log.Printf("handle %s: %v", m.ID, err)
			continue
		}
		if err := p.b.Commit(ctx, m); err != nil {
			log.Printf("commit %s: %v", m.ID, err)
		}
	}
}

// Commit retried with a helper that waits on the context.
func (p *Publisher) CommitRetry(ctx context.Context, m *Message) error {
	var err error
	for i := 0; i < 5; i++ {
		if err = p.b.Commit(ctx, m); err == nil {
			return nil
		}
		if err := waitFor(ctx, time.Duration(i)*100*time.Millisecond); err != nil {
			return err
		}
	}
	return err
}

func waitFor(ctx context.Context, d time.Duration) error {
	select {
	case <-ctx.Done():
		return ctx.Err()
	case <-time.After(d):
		return nil
	}
}

// A non-blocking check of ctx.Done() before each attempt.
func (p *Publisher) Send(ctx context.Context, topic string, m Message) error {
	var err error
	for i := 0; i < 10; i++ {
		select {
		case <-ctx.Done():
			return ctx.Err()
		default:
		}
		if err = p.b.Publish(ctx, topic, m); err == nil {
			return nil
		}
		time.Sleep(time.Duration(i) * 10 * time.Millisecond)
	}
	return err
}
