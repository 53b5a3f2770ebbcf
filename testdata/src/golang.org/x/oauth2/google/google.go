// Package google is a stand-in with the shape of golang.org/x/oauth2/google:
// the credentials it finds refresh their token with the context they were
// found with.
package google

import "context"

type TokenSource interface{ Token() (string, error) }

type Credentials struct{ TokenSource TokenSource }

type refresher struct{ ctx context.Context }

func (r refresher) Token() (string, error) { return "token", r.ctx.Err() }

func FindDefaultCredentials(ctx context.Context, scopes ...string) (*Credentials, error) {
	return &Credentials{TokenSource: refresher{ctx: ctx}}, nil
}
