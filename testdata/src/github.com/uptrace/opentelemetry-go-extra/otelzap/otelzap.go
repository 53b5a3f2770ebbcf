// Package otelzap is a stand-in for a logger whose ...Context methods only
// attach trace values from the context.
package otelzap

import "context"

type Logger struct{}

func New() *Logger { return &Logger{} }

func (l *Logger) Info(msg string, fields ...any)                             {}
func (l *Logger) InfoContext(ctx context.Context, msg string, fields ...any) {}
func (l *Logger) Sync() error                                                { return nil }
func (l *Logger) SyncContext(ctx context.Context) error                      { return nil }
