// Package request is a stand-in for the AWS SDK for Go v1's request package.
package request

import "github.com/aws/aws-sdk-go/aws"

// Request is one API request.
type Request struct{ ctx aws.Context }

// SetContext attaches a context to the request.
func (r *Request) SetContext(ctx aws.Context) { r.ctx = ctx }

// Send sends the request.
func (r *Request) Send() error { return nil }

// Option modifies a request.
type Option func(*Request)

// WaiterOption modifies a waiter.
type WaiterOption func(any)
