// Package status is a stand-in for google.golang.org/grpc/internal/status,
// where the type behind status.Status and its methods live.
package status

import "google.golang.org/grpc/codes"

// Status is a gRPC status.
type Status struct{ code codes.Code }

// New returns a status with the code c.
func New(c codes.Code) *Status { return &Status{code: c} }

// Code returns the status's code.
func (s *Status) Code() codes.Code { return s.code }
