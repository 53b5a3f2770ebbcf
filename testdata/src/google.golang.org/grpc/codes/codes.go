// Package codes is a stand-in for google.golang.org/grpc/codes.
package codes

type Code uint32

const (
	OK                Code = 0
	Canceled          Code = 1
	Unknown           Code = 2
	DeadlineExceeded  Code = 4
	NotFound          Code = 5
	ResourceExhausted Code = 8
	Aborted           Code = 10
	Unavailable       Code = 14
)
