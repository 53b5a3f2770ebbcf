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
