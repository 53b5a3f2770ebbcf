// Package knowledge holds what budgetlint knows about the standard library,
// as tables: data the passes read, not code they run.
package knowledge

import "strings"

// Replacement says how to call something that cannot carry a context's
// cancellation so that it can.
//
// Advice and Fix are templates. {ctx} is the caller's context; {q} the
// qualifier of the called package ("http.", or empty under a dot import);
// {recv} the receiver as written; {args} the call's arguments and {0},
// {1}, ... single ones. In a message, {q} is the package's own name and
// argument placeholders read "...".
type Replacement struct {
	// Problem completes "<call> ..." before the semicolon; empty means
	// "cannot be cancelled when the caller gives up".
	Problem string
	// Variant is the context-taking sibling when it is called as the
	// original with the context first ({recv}.Variant({ctx}, {args})).
	// Advice and Fix default to that call.
	Variant string
	// Advice completes the message after the semicolon.
	Advice string
	// Fix is the replacement call, empty when the rewrite is not
	// mechanical (different result types, a request to build).
	Fix string
}

const newRequest = "build the request with {q}NewRequestWithContext({ctx}, {q}"

// NoCancel maps the standard-library functions and methods that cannot
// carry cancellation, by types.Func.FullName, to their replacements.
var NoCancel = map[string]Replacement{
	// net/http: the package helpers and the client methods build their own
	// request from the background context.
	"net/http.Get":                 {Advice: newRequest + "MethodGet, url, nil) and send it with a client"},
	"net/http.Head":                {Advice: newRequest + "MethodHead, url, nil) and send it with a client"},
	"net/http.Post":                {Advice: newRequest + "MethodPost, url, body), set its Content-Type and send it with a client"},
	"net/http.PostForm":            {Advice: newRequest + "MethodPost, url, body), set its Content-Type and send it with a client"},
	"(*net/http.Client).Get":       {Advice: newRequest + "MethodGet, url, nil) and send it with {recv}.Do"},
	"(*net/http.Client).Head":      {Advice: newRequest + "MethodHead, url, nil) and send it with {recv}.Do"},
	"(*net/http.Client).Post":      {Advice: newRequest + "MethodPost, url, body), set its Content-Type and send it with {recv}.Do"},
	"(*net/http.Client).PostForm":  {Advice: newRequest + "MethodPost, url, body), set its Content-Type and send it with {recv}.Do"},
	"net/http.NewRequest":          {Problem: "builds a request that cannot be cancelled when the caller gives up", Variant: "NewRequestWithContext"},
	"net/http/httptest.NewRequest": {Problem: "builds a request that cannot be cancelled when the caller gives up", Variant: "NewRequestWithContext"},

	// database/sql: every call without a context runs under the background
	// context (contextSiblings lists the rest). Conn has only
	// context-taking methods.
	"(*database/sql.DB).Begin": {Advice: "use {recv}.BeginTx({ctx}, nil)", Fix: "{recv}.BeginTx({ctx}, nil)"},

	// net and crypto/tls: dials and lookups take their context from a
	// Dialer or a Resolver (resolverLookups lists the lookups).
	"net.Dial":                  {Advice: "use (&{q}Dialer{}).DialContext({ctx}, ...)", Fix: "(&{q}Dialer{}).DialContext({ctx}, {0}, {1})"},
	"net.DialTimeout":           {Advice: "use (&{q}Dialer{Timeout: ...}).DialContext({ctx}, ...)", Fix: "(&{q}Dialer{Timeout: {2}}).DialContext({ctx}, {0}, {1})"},
	"crypto/tls.Dial":           {Advice: "use (&{q}Dialer{Config: ...}).DialContext({ctx}, ...)"},
	"crypto/tls.DialWithDialer": {Advice: "use (&{q}Dialer{NetDialer: ..., Config: ...}).DialContext({ctx}, ...)"},
	// net.LookupPort is left out: it parses a number or reads the local
	// services database, and waits on no network.
	"net.LookupIP": {Advice: `use {q}DefaultResolver.LookupIP({ctx}, "ip", ...)`, Fix: `{q}DefaultResolver.LookupIP({ctx}, "ip", {0})`},
}

// contextSiblings lists, by package or receiver, the functions and methods
// of NoCancel whose replacement is the same name with Context appended,
// called with the context first (db.Query -> db.QueryContext).
var contextSiblings = map[string][]string{
	"(*database/sql.DB)":   {"Query", "QueryRow", "Exec", "Prepare", "Ping"},
	"(*database/sql.Tx)":   {"Query", "QueryRow", "Exec", "Prepare", "Stmt"},
	"(*database/sql.Stmt)": {"Query", "QueryRow", "Exec"},
	"os/exec":              {"Command"}, // the process is killed when the context is done
	"(*net.Dialer)":        {"Dial"},
	"(*crypto/tls.Dialer)": {"Dial"},
	"(*crypto/tls.Conn)":   {"Handshake"},
}

// resolverLookups lists the lookups of package net that NoCancel replaces
// by the same method of net.DefaultResolver, with the context first.
var resolverLookups = []string{"LookupHost", "LookupAddr", "LookupCNAME", "LookupMX", "LookupNS", "LookupTXT", "LookupSRV"}

func init() {
	for owner, names := range contextSiblings {
		for _, name := range names {
			NoCancel[owner+"."+name] = Replacement{Variant: name + "Context"}
		}
	}
	for _, name := range resolverLookups {
		NoCancel["net."+name] = Replacement{
			Advice: "use {q}DefaultResolver." + name + "({ctx}, ...)",
			Fix:    "{q}DefaultResolver." + name + "({ctx}, {args})",
		}
	}
}

// IsLocalNetwork reports whether a network name of package net is a local
// socket ("unix", "unixgram", "unixpacket"): dialing one does not wait on
// the network.
func IsLocalNetwork(network string) bool {
	switch network {
	case "unix", "unixgram", "unixpacket":
		return true
	}
	return false
}

// IsLoopbackAddress reports whether a dial address names this host by its
// loopback name or address ("localhost:8080", "127.0.0.1:80", "[::1]:53"),
// or starts with one (a format "localhost:%d"): a loopback connect is
// accepted or refused at once, with nothing on the network to wait for.
func IsLoopbackAddress(addr string) bool {
	for _, host := range []string{"localhost:", "127.0.0.1:", "[::1]:"} {
		if strings.HasPrefix(addr, host) {
			return true
		}
	}
	return false
}

// IsLoopbackHost reports whether a host, as net.JoinHostPort takes it,
// names this host: by its loopback name or address, or by none at all
// (JoinHostPort("", port) dials the local system).
func IsLoopbackHost(host string) bool {
	switch host {
	case "", "localhost", "127.0.0.1", "::1":
		return true
	}
	return false
}

// BlockingOnly maps the functions, by types.Func.FullName, whose context
// sibling's context bounds only a blocking mode that one of the listed
// options turns on. Without one the call returns at once and connects
// later, so the sibling would carry nothing: grpc.Dial connects lazily
// unless given grpc.WithBlock().
var BlockingOnly = map[string][]string{
	"google.golang.org/grpc.Dial": {"google.golang.org/grpc.WithBlock", "google.golang.org/grpc.WithReturnConnectionError"},
}
