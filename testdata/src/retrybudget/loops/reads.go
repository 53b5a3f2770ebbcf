package loops

import (
	"context"
	"errors"
	"net"
	"time"
)

type message struct{ id string }

// decodeInto stands for another package's decoder.
var decodeInto func(b []byte, m *message) error

func decode(b []byte) (message, error) {
	if len(b) < 4 {
		return message{}, errors.New("short message")
	}
	return message{id: string(b[:4])}, nil
}

// Reading datagrams until the one awaited arrives: a bad message, or one
// whose reply cannot be encoded, is skipped and the next one read, and
// every read error leaves. Not a retry of the decode.
func AwaitReply(ctx context.Context, conn *net.UDPConn, id string) (message, error) {
	buf := make([]byte, 1500)
	for {
		_ = conn.SetReadDeadline(time.Now().Add(time.Second))
		n, _, err := conn.ReadFromUDP(buf)
		_ = conn.SetReadDeadline(time.Time{})
		if err != nil {
			return message{}, err
		}
		var m message
		if err := decodeInto(buf[:n], &m); err != nil {
			continue
		}
		if m.id != id {
			continue
		}
		reply := m
		ack, err := encode(reply)
		if err != nil {
			continue
		}
		_, _ = conn.Write(ack)
		return m, nil
	}
}

func encode(m message) ([]byte, error) {
	if m.id == "" {
		return nil, errors.New("no id")
	}
	return []byte(m.id), nil
}

// A loop that goes round when its fetch fails retries the fetch, whatever
// it then parses.
func awaitDecoded(ctx context.Context, fetch func(context.Context) ([]byte, error)) (message, error) {
	for { // want `retry loop has no attempt limit and never checks ctx, so it can retry forever after the caller's deadline; check ctx\.Err\(\) before each attempt`
		b, err := fetch(ctx)
		if err != nil {
			continue
		}
		m, err := decode(b)
		if err != nil {
			continue
		}
		return m, nil
	}
}
