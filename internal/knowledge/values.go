package knowledge

import "strings"

// ValuesOnly lists the packages whose context-taking functions read values
// (a trace ID, a logger, request metadata, a codec's hooks), never
// cancellation: calling their plain forms drops nothing the caller could
// use to stop the work, and handing them a context does not observe it. Functions of theirs that
// return a context derive it (metadata.NewOutgoingContext): the result
// carries the parent's cancellation on. log/slog is always one.
var ValuesOnly = []string{
	"log/slog",
	"runtime/trace",
	"net/http/httptrace",
	"go.uber.org/zap",
	"github.com/sirupsen/logrus",
	"github.com/rs/zerolog",
	"github.com/go-logr/logr",
	"k8s.io/klog",
	// Kubernetes' error and crash handlers log and count: HandleErrorWithContext(ctx, err, msg).
	"k8s.io/apimachinery/pkg/util/runtime",
	// Kubernetes' metrics: metric.WithContext(ctx) picks labels.
	"k8s.io/component-base/metrics",
	"github.com/uptrace/opentelemetry-go-extra/otelzap",
	"github.com/hashicorp/go-hclog",
	"github.com/apex/log",
	"github.com/inconshreveable/log15",
	"github.com/go-kit/log",
	"github.com/containerd/log",
	"go.opentelemetry.io/otel/trace",
	"go.opentelemetry.io/otel/baggage",
	"go.opentelemetry.io/otel/propagation",
	"go.opentelemetry.io/otel/metric",
	"google.golang.org/grpc/metadata",
	"google.golang.org/grpc/peer",
	"google.golang.org/grpc/stats",
	"go.opencensus.io/stats",
	"go.opencensus.io/tag",
	"go.opencensus.io/trace",
	// Codecs whose Context forms only hand the context to the values' own
	// UnmarshalerContext and MarshalerContext methods: decoding bytes in
	// memory has nothing to cancel.
	"github.com/goccy/go-json",
	"github.com/goccy/go-yaml",
}

// InPackages reports whether path is one of the listed packages or below
// one of them.
func InPackages(path string, lists ...[]string) bool {
	for _, list := range lists {
		for _, p := range list {
			if path == p || strings.HasPrefix(path, p+"/") {
				return true
			}
		}
	}
	return false
}

// keepsContext lists, by types.Func.FullName, the functions that keep the
// context they are given as the lifetime of what they return, not of the
// call: an OAuth2 client or token source refreshes its token with it long
// after, a go-oidc key set fetches keys with it, and a websocket's NetConn
// closes the connection when it ends. A root handed to them
// is a component's lifetime, and the request's context would break the
// result once the request ends.
var keepsContext = map[string]bool{
	"(*golang.org/x/oauth2.Config).Client":                        true,
	"(*golang.org/x/oauth2.Config).TokenSource":                   true,
	"golang.org/x/oauth2.NewClient":                               true,
	"(*golang.org/x/oauth2/clientcredentials.Config).Client":      true,
	"(*golang.org/x/oauth2/clientcredentials.Config).TokenSource": true,
	"(*golang.org/x/oauth2/jwt.Config).Client":                    true,
	"(*golang.org/x/oauth2/jwt.Config).TokenSource":               true,
	"golang.org/x/oauth2/google.DefaultClient":                    true,
	"golang.org/x/oauth2/google.DefaultTokenSource":               true,
	// Google credentials and the clients built on them refresh their
	// tokens with the context they were made with, as DefaultTokenSource.
	"golang.org/x/oauth2/google.FindDefaultCredentials":             true,
	"golang.org/x/oauth2/google.FindDefaultCredentialsWithParams":   true,
	"golang.org/x/oauth2/google.CredentialsFromJSON":                true,
	"golang.org/x/oauth2/google.CredentialsFromJSONWithParams":      true,
	"google.golang.org/api/impersonate.CredentialsTokenSource":      true,
	"google.golang.org/api/impersonate.IDTokenSource":               true,
	"google.golang.org/api/idtoken.NewTokenSource":                  true,
	"google.golang.org/api/idtoken.NewClient":                       true,
	"google.golang.org/api/transport/http.NewClient":                true,
	"google.golang.org/api/transport/http.NewTransport":             true,
	"github.com/coreos/go-oidc/v3/oidc.NewRemoteKeySet":             true,
	"(*github.com/coreos/go-oidc/v3/oidc.Provider).VerifierContext": true,
	// A websocket seen as a net.Conn: cancelling the context closes it.
	"github.com/coder/websocket.NetConn": true,
	"nhooyr.io/websocket.NetConn":        true,
}

// KeepsContext reports whether fn keeps its context argument as the
// lifetime of its result (keepsContext).
func KeepsContext(fullName string) bool { return keepsContext[fullName] }

// neverWaits lists, by types.Func.FullName, functions outside the analysed
// code whose context never bounds a wait: a listener is bound at once, and
// the context only reaches a resolver for a host name in the address,
// which a listen address (":8080", an IP literal) almost never has. A root
// handed to them costs nothing.
//
// The AWS SDK's LoadDefaultConfig reads the environment and the shared
// config files and builds credential providers that resolve lazily, on
// the client's first call (with the context of that call); only an option
// (or AWS_DEFAULTS_MODE=auto) that asks the instance metadata makes it
// call out.
var neverWaits = map[string]bool{
	"(*net.ListenConfig).Listen":                            true,
	"(*net.ListenConfig).ListenPacket":                      true,
	"github.com/aws/aws-sdk-go-v2/config.LoadDefaultConfig": true,
}

// NeverWaits reports whether fn's context parameter never bounds a wait
// (neverWaits).
func NeverWaits(fullName string) bool { return neverWaits[fullName] }
