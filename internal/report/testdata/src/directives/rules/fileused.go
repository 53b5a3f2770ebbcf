//lint:file-ignore ctxbackground the whole file detaches on purpose

package rules

import "context"

func Detach(ctx context.Context) {
	_ = work(context.Background())
}
