package imports

import (
	. "context"
	"time"
)

func Dot(ctx Context) {
	_ = Background() // want `ctxbackground: context.Background\(\) starts a fresh context where ctx is in scope`
	c, cancel := WithTimeout(TODO(), time.Second) // want `fixedtimeout: 1s timeout on a fresh context`
	defer cancel()
	_ = c
	go func() {
		_ = WithoutCancel(ctx)
	}()
}
