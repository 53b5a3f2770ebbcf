package services

import (
	"context"
	"errors"
	"math/rand"
	"time"

	"google.golang.org/grpc"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"
)

type InventoryClient struct {
	cc *grpc.ClientConn
}

type Item struct{ ID string }

// Retrying Unavailable with jitter and no context check.
func (c *InventoryClient) Get(ctx context.Context, id string) (*Item, error) {
	var item Item
	var err error
	for attempt := 0; attempt < 4; attempt++ { // want `retry loop sleeps and retries after the caller's deadline; check ctx\.Err\(\) before each attempt, and wait with select on ctx\.Done\(\)`
		err = c.cc.Invoke(ctx, "/inventory.Inventory/Get", id, &item)
		if status.Code(err) != codes.Unavailable {
			break
		}
		time.Sleep(time.Duration(rand.Intn(100)) * time.Millisecond)
	}
	if err != nil {
		return nil, err
	}
	return &item, nil
}

// Per-attempt deadline with the parent checked: fine.
func (c *InventoryClient) Reserve(ctx context.Context, id string) error {
	var err error
	for attempt := 0; attempt < 3; attempt++ {
		actx, cancel := context.WithTimeout(ctx, 300*time.Millisecond)
		err = c.cc.Invoke(actx, "/inventory.Inventory/Reserve", id, nil)
		cancel()
		if err == nil {
			return nil
		}
		if ctx.Err() != nil {
			return ctx.Err() // the caller's deadline, not the attempt's
		}
		if status.Code(err) == codes.DeadlineExceeded {
			continue
		}
		return err
	}
	return err
}

// Retrying the attempt's own timeout without telling it apart from the
// caller's.
func (c *InventoryClient) Release(ctx context.Context, id string) error {
	for attempt := 0; attempt < 3; attempt++ { // want `retry loop retries on codes.DeadlineExceeded without checking ctx, so it keeps retrying after the caller's deadline; check ctx.Err\(\) before each attempt and stop when it is done`
		actx, cancel := context.WithTimeout(ctx, 300*time.Millisecond)
		err := c.cc.Invoke(actx, "/inventory.Inventory/Release", id, nil)
		cancel()
		switch status.Code(err) {
		case codes.OK:
			return nil
		case codes.DeadlineExceeded, codes.Unavailable:
			continue
		}
		return err
	}
	return errors.New("release: gave up")
}

// gRPC codes with the error set: no wait, bounded, ctx passed: fine.
func (c *InventoryClient) Count(ctx context.Context) (int, error) {
	var n int
	var err error
	for i := 0; i < 2; i++ {
		if err = c.cc.Invoke(ctx, "/inventory.Inventory/Count", nil, &n); status.Code(err) != codes.Unavailable {
			return n, err
		}
	}
	return 0, err
}

// Retrying only Unavailable, read from the error's status, with a short
// pause: a cancelled call has another code and leaves at once.
func (c *InventoryClient) Handshake(ctx context.Context) error {
	for {
		err := c.cc.Invoke(ctx, "/inventory.Inventory/Handshake", nil, nil)
		if err == nil {
			return nil
		}
		if st, ok := status.FromError(err); ok && st.Code() == codes.Unavailable {
			time.Sleep(10 * time.Millisecond)
			continue
		}
		return err
	}
}

// The same status read from something other than the call's error says
// nothing about it.
func (c *InventoryClient) Probe(ctx context.Context, last error) error {
	for { // want `retry loop has no attempt limit and never checks ctx`
		err := c.cc.Invoke(ctx, "/inventory.Inventory/Probe", nil, nil)
		if err == nil {
			return nil
		}
		if st := status.Convert(last); st.Code() == codes.Unavailable || err != nil {
			time.Sleep(10 * time.Millisecond)
			continue
		}
		return err
	}
}

// A streaming server handler: stream.Context() is the inbound context.
func (c *InventoryClient) Watch(req *Item, stream grpc.ServerStream) error {
	for i := 0; i < 5; i++ { // want `retry loop sleeps and retries after the caller's deadline; check stream.Context\(\).Err\(\) before each attempt, and wait with select on stream\.Context\(\)\.Done\(\)`
		if err := stream.SendMsg(req); err == nil {
			return nil
		}
		time.Sleep(100 * time.Millisecond)
	}
	return errors.New("watch: send failed")
}
