// Package status is a stand-in for google.golang.org/grpc/status.
package status

import "google.golang.org/grpc/codes"

// Code returns the gRPC code of err: OK for nil, Unknown for errors that
// carry none.
func Code(err error) codes.Code {
	if err == nil {
		return codes.OK
	}
	return codes.Unknown
}

// Status is the gRPC status an error carries.
type Status struct{ code codes.Code }

// FromError returns err's status, and whether it had one.
func FromError(err error) (*Status, bool) { return &Status{Code(err)}, err == nil }

// Convert returns err's status.
func Convert(err error) *Status { return &Status{Code(err)} }

// Code returns the status's code.
func (s *Status) Code() codes.Code { return s.code }
