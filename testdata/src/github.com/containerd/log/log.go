// Package log is a stand-in for github.com/containerd/log: G, a variable,
// returns the logger carried by a context.
package log

import "context"

type Entry struct{}

func (*Entry) Warnf(format string, args ...any) {}

func GetLogger(ctx context.Context) *Entry { return &Entry{} }

// G is GetLogger, called through a variable.
var G = GetLogger
