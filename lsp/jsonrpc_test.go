package lsp

import (
	"bufio"
	"bytes"
	"errors"
	"io"
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
		"Content-Type: x\r\n\r\n{}",       // no length
		"Content-Length: -1\r\n\r\n",      // negative
		"Content-Length: 10\r\n\r\n{}",    // short body
		"Content-Length: 2\r\nContent-Le", // cut in a header
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
