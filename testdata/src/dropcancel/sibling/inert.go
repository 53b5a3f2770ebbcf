package sibling

import (
	"context"

	"example.com/telemetry/resource"
)

// A variant whose context reaches nothing that observes it carries no more
// than the plain form: it reads /proc, say.
func Times() ([]int, error) { return TimesWithContext(context.Background()) }

func TimesWithContext(ctx context.Context) ([]int, error) { return readProc() }

func readProc() ([]int, error) { return nil, nil }

func Monitor(ctx context.Context) {
	_, _ = Times()
}

// Inside the variant, the plain form it delegates to is its
// implementation: the fix would call the variant from inside itself.
type invoker struct{}

func (invoker) Command(name string) ([]byte, error) { return nil, nil }

func (i invoker) CommandWithContext(ctx context.Context, name string) ([]byte, error) {
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	return i.Command(name)
}

// A variant of another module whose results cannot say that its context
// ended (no error, nothing that carries the context on), or whose context
// parameter is blank, only reads values from it, if that: the plain form
// loses nothing. One that returns an error can fail with the caller's
// cancellation.
func Detect(ctx context.Context) (*resource.Resource, error) {
	r := resource.Default()
	if _, err := resource.Attribute("host"); err != nil {
		return nil, err
	}
	if r == nil {
		return resource.Discover() // want `resource.Discover cannot be cancelled when the caller gives up; use resource.DiscoverWithContext\(ctx\)`
	}
	return r, nil
}
