package lsp

import (
	"bufio"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"
	"sync"
)

// message is any JSON-RPC 2.0 message: a request (ID and Method), a
// notification (Method only) or a response (ID, Result or Error).
type message struct {
	JSONRPC string          `json:"jsonrpc"`
	ID      json.RawMessage `json:"id,omitempty"`
	Method  string          `json:"method,omitempty"`
	Params  json.RawMessage `json:"params,omitempty"`
	Result  json.RawMessage `json:"result,omitempty"`
	Error   *rpcError       `json:"error,omitempty"`
}

func (m *message) isRequest() bool { return m.Method != "" && len(m.ID) > 0 }

// rpcError is a JSON-RPC error object.
type rpcError struct {
	Code    int    `json:"code"`
	Message string `json:"message"`
}

func (e *rpcError) Error() string { return fmt.Sprintf("%s (code %d)", e.Message, e.Code) }

// Error codes of JSON-RPC 2.0 and the LSP.
const (
	codeParseError     = -32700
	codeInvalidRequest = -32600
	codeMethodNotFound = -32601
	codeInvalidParams  = -32602
	codeInternalError  = -32603
	codeNotInitialized = -32002
)

// errMalformed is a message that could not be framed: the stream cannot be
// read any further.
var errMalformed = errors.New("malformed message header")

// MaxMessage is the largest message the server reads: a didOpen of a file
// many times larger than any Go source an editor holds, with room for JSON
// escaping. A longer message is answered with an error and skipped, and
// the session goes on.
const MaxMessage = 64 << 20

// errTooLarge is a message over the limit: the next read skips its body,
// so the stream stays in step.
var errTooLarge = errors.New("message too large")

// Header lines are short ("Content-Length: 123", "Content-Type: ..."):
// a longer line, or more of them, is not the base protocol.
const (
	maxHeaderLine  = 4096
	maxHeaderLines = 32
)

// conn reads and writes messages framed as in the LSP base protocol: a
// Content-Length header, a blank line, then that many bytes of JSON.
// Writes may come from several goroutines.
type conn struct {
	in   *bufio.Reader
	max  int64 // MaxMessage, or less in tests
	skip int64 // bytes of a message over max, not read yet
	mu   sync.Mutex
	out  io.Writer
}

func newConn(r io.Reader, w io.Writer) *conn {
	return &conn{in: bufio.NewReaderSize(r, maxHeaderLine), max: MaxMessage, out: w}
}

// read returns the next message's body. A body that is not JSON is
// returned as is, for the caller to answer with a parse error. The body
// is read as it arrives, never allocated at the size the header claims.
func (c *conn) read() ([]byte, error) {
	if c.skip > 0 {
		n := c.skip
		c.skip = 0
		if _, err := io.CopyN(io.Discard, c.in, n); err != nil {
			return nil, fmt.Errorf("%w: body shorter than Content-Length: %v", errMalformed, err)
		}
	}
	n, err := c.readHeader()
	if err != nil {
		return nil, err
	}
	if n > c.max {
		c.skip = n
		return nil, fmt.Errorf("%w: Content-Length %d is over the limit of %d bytes; message skipped", errTooLarge, n, c.max)
	}
	body, err := io.ReadAll(io.LimitReader(c.in, n))
	if err == nil && int64(len(body)) < n {
		err = io.ErrUnexpectedEOF
	}
	if err != nil {
		return nil, fmt.Errorf("%w: body shorter than Content-Length: %v", errMalformed, err)
	}
	return body, nil
}

// readHeader reads the header up to its blank line and returns the
// Content-Length, or io.EOF at a clean end of the stream.
func (c *conn) readHeader() (int64, error) {
	n := int64(-1)
	for i := 0; ; i++ {
		line, err := c.in.ReadSlice('\n')
		if err != nil {
			if err == io.EOF && i == 0 && len(line) == 0 {
				return 0, io.EOF
			}
			return 0, fmt.Errorf("%w: %v", errMalformed, err)
		}
		text := strings.TrimRight(string(line), "\r\n")
		if text == "" {
			break
		}
		name, value, ok := strings.Cut(text, ":")
		if !ok || i == maxHeaderLines {
			return 0, fmt.Errorf("%w: %q", errMalformed, text)
		}
		if !strings.EqualFold(strings.TrimSpace(name), "Content-Length") {
			continue // Content-Type, or another the protocol may add
		}
		v, err := strconv.ParseInt(strings.TrimSpace(value), 10, 64)
		if err != nil || v < 0 || n >= 0 {
			return 0, fmt.Errorf("%w: %q", errMalformed, text)
		}
		n = v
	}
	if n < 0 {
		return 0, fmt.Errorf("%w: no Content-Length", errMalformed)
	}
	return n, nil
}

func (c *conn) write(m *message) error {
	m.JSONRPC = "2.0"
	body, err := json.Marshal(m)
	if err != nil {
		return err
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if _, err := fmt.Fprintf(c.out, "Content-Length: %d\r\n\r\n", len(body)); err != nil {
		return err
	}
	_, err = c.out.Write(body)
	return err
}

// notify sends a notification.
func (c *conn) notify(method string, params any) error {
	raw, err := json.Marshal(params)
	if err != nil {
		return err
	}
	return c.write(&message{Method: method, Params: raw})
}

// reply answers the request id with a result, or with err when it is not
// nil. A nil result is sent as JSON null, as the protocol requires.
func (c *conn) reply(id json.RawMessage, result any, err *rpcError) error {
	if len(id) == 0 {
		id = json.RawMessage("null")
	}
	if err != nil {
		return c.write(&message{ID: id, Error: err})
	}
	raw, merr := json.Marshal(result)
	if merr != nil {
		return c.write(&message{ID: id, Error: &rpcError{codeInternalError, merr.Error()}})
	}
	return c.write(&message{ID: id, Result: raw})
}
