package observe

import (
	"context"
	"io"
	"net"
	"net/http"

	"github.com/coder/websocket"
	"golang.org/x/oauth2/clientcredentials"
	"golang.org/x/oauth2/google"
)

// An OAuth2 client keeps the context it is made with to refresh its
// token later: a root given to it is the client's lifetime.
func tokenClient(cfg *clientcredentials.Config) *http.Client {
	ctx := context.WithValue(context.Background(), key{}, "base")
	return cfg.Client(ctx)
}

func Scaler(ctx context.Context, cfg *clientcredentials.Config) *http.Client {
	c := cfg.Client(context.Background())
	_ = c
	return tokenClient(cfg)
}

// A client used at once and dropped serves this call only.
func RefreshToken(ctx context.Context, cfg *clientcredentials.Config) error {
	_, err := cfg.Client(context.Background()).Get("https://idp.example/token") // want `context.Background\(\) starts a fresh context where ctx is in scope, so the caller's deadline and cancellation are lost; use ctx`
	return err
}

// A websocket wrapped as a net.Conn keeps its context as the connection's
// lifetime: a root for it is the stream's own, ended by its cancel.
func Relay(ctx context.Context, ws *websocket.Conn, upstream net.Conn) {
	streamCtx, cancel := context.WithCancel(context.Background())
	defer cancel()
	conn := websocket.NetConn(streamCtx, ws, websocket.MessageBinary)
	go func() { _, _ = io.Copy(conn, upstream) }()
	_, _ = io.Copy(upstream, conn)
}

// Google credentials refresh their token with the context they were found
// with: a root for them, in a helper that builds a dialer's option, is the
// credentials' lifetime, not a request's.
type dialerOption struct{ ts google.TokenSource }

func credentialsOption() (dialerOption, error) {
	creds, err := google.FindDefaultCredentials(context.Background(), "cloud-platform")
	if err != nil {
		return dialerOption{}, err
	}
	return dialerOption{ts: creds.TokenSource}, nil
}

func NewDialer(ctx context.Context) (dialerOption, error) {
	return credentialsOption()
}
