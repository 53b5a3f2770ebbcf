// Package status is a stand-in for google.golang.org/grpc/status.
package status

import (
	"google.golang.org/grpc/codes"
	istatus "google.golang.org/grpc/internal/status"
)

// Code returns the gRPC code of err: OK for nil, Unknown for errors that
// carry none.
func Code(err error) codes.Code {
	if err == nil {
		return codes.OK
	}
	return codes.Unknown
}

// Status is the gRPC status an error carries: an alias, as in gRPC, of the
// internal package's type, where its methods live.
type Status = istatus.Status

// FromError returns err's status, and whether it had one.
func FromError(err error) (*Status, bool) { return istatus.New(Code(err)), err == nil }

// Convert returns err's status.
func Convert(err error) *Status { return istatus.New(Code(err)) }
