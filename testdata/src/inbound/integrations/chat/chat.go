// Package chat is a product's integration with a chat service (an
// integrations directory): production code.
package chat

import "context"

func probe() {}

func Notify(ctx context.Context) {
	probe() // want `inbound ctx$`
}
