// Package audit is a company package whose context variant hands the
// context to a pluggable sink (which only reads the request ID from it):
// the analysis cannot know that, so it is excluded by the -exclude flag in
// tests.
package audit

import "context"

// Sink receives the records.
type Sink interface {
	Write(ctx context.Context, event string, fields map[string]string)
}

var Default Sink

func Record(event string, fields map[string]string) {
	RecordContext(context.Background(), event, fields)
}

func RecordContext(ctx context.Context, event string, fields map[string]string) {
	Default.Write(ctx, event, fields)
}
