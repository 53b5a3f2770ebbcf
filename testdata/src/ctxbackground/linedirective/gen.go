// Package linedirective is suppressed by comments next to the code as
// written, whatever position a //line directive maps it to.
package linedirective

import "context"

func work(ctx context.Context) error { return ctx.Err() }

// Code from a template: positions are mapped to the template's lines, but
// suppression comments still sit next to the code as written.

//line handler.tmpl:762708
func Handle(ctx context.Context) {
	_ = work(context.Background()) //nolint:ctxbackground // mapped position, physical comment
	//nolint:ctxbackground
	_ = work(context.Background())
	_ = work(context.Background()) // want `use ctx`
}
