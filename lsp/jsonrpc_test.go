package lsp

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"
	"runtime"
	"strings"
	"testing"
)

func TestReadFrames(t *testing.T) {
	stream := "Content-Length: 2\r\n\r\n{}" +
		"Content-Type: application/vscode-jsonrpc; charset=utf-8\r\nContent-Length: 14\r\n\r\n{\"a\":\"grüß\"}" +
		"content-length: 4\r\n\r\nnope"
	c := newConn(strings.NewReader(stream), io.Discard)
	for _, want := range []string{`{}`, `{"a":"grüß"}`, `nope`} {
		body, err := c.read()
		if err != nil || string(body) != want {
			t.Fatalf("read = %q, %v; want %q", body, err, want)
		}
	}
	if _, err := c.read(); err != io.EOF {
		t.Errorf("at the end: %v, want io.EOF", err)
	}
}

func TestReadMalformed(t *testing.T) {
	for _, stream := range []string{
		"Content-Type: x\r\n\r\n{}",                                       // no length
		"Content-Length: -1\r\n\r\n",                                      // negative
		"Content-Length: 10\r\n\r\n{}",                                    // short body
		"Content-Length: 2\r\nContent-Le",                                 // cut in a header
		"Content-Length: 99999999999999999999\r\n\r\n{}",                  // past int64
		"Content-Length: 0x10\r\n\r\n{}",                                  // not decimal
		"Content-Length: 2\r\nContent-Length: 3\r\n\r\n{}",                // twice
		"Content-Length: 2\r\nno colon\r\n\r\n{}",                         // not a header
		"X-A: " + strings.Repeat("a", 5000) + "\r\n\r\n{}",                // a line too long
		strings.Repeat("X-A: a\r\n", 100) + "Content-Length: 2\r\n\r\n{}", // too many lines
	} {
		_, err := newConn(strings.NewReader(stream), io.Discard).read()
		if !errors.Is(err, errMalformed) {
			t.Errorf("%q: %v, want a malformed-message error", stream, err)
		}
	}
}

func TestWriteFrames(t *testing.T) {
	var out bytes.Buffer
	c := newConn(strings.NewReader(""), &out)
	c.reply([]byte("7"), nil, nil)
	c.reply([]byte(`"x"`), nil, &rpcError{codeMethodNotFound, "no"})
	c.reply(nil, nil, &rpcError{codeParseError, "bad"})
	c.notify("window/logMessage", LogMessageParams{Type: logInfo, Message: "é"})
	// Read the frames back with the test client's own framing.
	r := bufio.NewReader(&out)
	for _, want := range []string{
		`{"jsonrpc":"2.0","id":7,"result":null}`,
		`{"jsonrpc":"2.0","id":"x","error":{"code":-32601,"message":"no"}}`,
		`{"jsonrpc":"2.0","id":null,"error":{"code":-32700,"message":"bad"}}`,
		`{"jsonrpc":"2.0","method":"window/logMessage","params":{"type":3,"message":"é"}}`,
	} {
		body, err := readFrame(r)
		if err != nil || string(body) != want {
			t.Errorf("frame %q, %v; want %q", body, err, want)
		}
	}
}

// A Content-Length over the limit is answered at once, without allocating
// what it claims (4611686018427387904 panicked in makeslice, 3e9 took 3 GB);
// the body is skipped by the next read, and the stream goes on.
func TestReadOversized(t *testing.T) {
	for _, claim := range []string{"4611686018427387904", "3000000000", fmt.Sprint(MaxMessage + 1)} {
		c := newConn(strings.NewReader("Content-Length: "+claim+"\r\n\r\n{}"), io.Discard)
		var err error
		if n := allocated(func() { _, err = c.read() }); n > 1<<20 {
			t.Errorf("Content-Length %s: %d bytes allocated", claim, n)
		}
		if !errors.Is(err, errTooLarge) || !strings.Contains(err.Error(), fmt.Sprint(MaxMessage)) {
			t.Errorf("Content-Length %s: %v, want an error naming the limit", claim, err)
		}
		if _, err := c.read(); !errors.Is(err, errMalformed) {
			t.Errorf("Content-Length %s, then the end of the stream: %v", claim, err)
		}
	}

	// A claim within the limit is read as the body arrives.
	c := newConn(strings.NewReader(fmt.Sprintf("Content-Length: %d\r\n\r\n{}", MaxMessage)), io.Discard)
	if n := allocated(func() { c.read() }); n > 1<<20 {
		t.Errorf("a short body under a %d-byte claim: %d bytes allocated", MaxMessage, n)
	}

	// Over a smaller limit, with messages after it.
	big := strings.Repeat("x", 100)
	c = newConn(strings.NewReader("Content-Length: 100\r\n\r\n"+big+"Content-Length: 2\r\n\r\n{}"), io.Discard)
	c.max = 50
	if _, err := c.read(); !errors.Is(err, errTooLarge) {
		t.Fatalf("100 bytes over a limit of 50: %v", err)
	}
	if body, err := c.read(); err != nil || string(body) != "{}" {
		t.Errorf("the message after: %q, %v", body, err)
	}
}

// allocated returns the bytes f allocates (and any other goroutine at the
// same time: the bounds above leave room for them).
func allocated(f func()) uint64 {
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	f()
	runtime.ReadMemStats(&after)
	return after.TotalAlloc - before.TotalAlloc
}

// FuzzRead: framing never panics, and never returns a body longer than
// the limit.
func FuzzRead(f *testing.F) {
	for _, seed := range []string{
		"Content-Length: 2\r\n\r\n{}",
		"Content-Length: 4611686018427387904\r\n\r\n",
		"Content-Length: -1\r\n\r\n",
		"content-length:3\n\n{}}Content-Length: 1\r\n\r\n",
		"Content-Length: 9\r\nContent-Type: x\r\n\r\n{\"a\": 1}",
	} {
		f.Add(seed)
	}
	f.Fuzz(func(t *testing.T, stream string) {
		c := newConn(strings.NewReader(stream), io.Discard)
		c.max = 64
		for range 100 {
			body, err := c.read()
			if int64(len(body)) > c.max {
				t.Fatalf("a body of %d bytes", len(body))
			}
			if err != nil && !errors.Is(err, errTooLarge) {
				return
			}
		}
	})
}
