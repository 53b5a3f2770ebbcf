package lsp

import (
	"bufio"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/textproto"
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

// conn reads and writes messages framed as in the LSP base protocol: a
// Content-Length header, a blank line, then that many bytes of JSON.
// Writes may come from several goroutines.
type conn struct {
	in  *textproto.Reader
	mu  sync.Mutex
	out io.Writer
}

func newConn(r io.Reader, w io.Writer) *conn {
	return &conn{in: textproto.NewReader(bufio.NewReader(r)), out: w}
}

// read returns the next message's body. A body that is not JSON is
// returned as is, for the caller to answer with a parse error.
func (c *conn) read() ([]byte, error) {
	header, err := c.in.ReadMIMEHeader()
	if err != nil {
		if errors.Is(err, io.EOF) && len(header) == 0 {
			return nil, io.EOF
		}
		return nil, fmt.Errorf("%w: %v", errMalformed, err)
	}
	n, err := strconv.Atoi(strings.TrimSpace(header.Get("Content-Length")))
	if err != nil || n < 0 {
		return nil, fmt.Errorf("%w: Content-Length %q", errMalformed, header.Get("Content-Length"))
	}
	body := make([]byte, n)
	if _, err := io.ReadFull(c.in.R, body); err != nil {
		return nil, fmt.Errorf("%w: body shorter than Content-Length: %v", errMalformed, err)
	}
	return body, nil
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
