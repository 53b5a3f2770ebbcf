package imports

import (
	. "context"
	"time"
)

func Dot(ctx Context) {
	_ = Background() // want `ctxbackground: context.Background\(\) starts a fresh context where ctx is in scope, so the caller's deadline and cancellation are lost; use ctx`
	c, cancel := WithTimeout(TODO(), time.Second) // want `fixedtimeout: 1s timeout on a fresh context ignores the caller's deadline; derive it from ctx \(from context\.WithoutCancel\(ctx\) if the work must finish after the caller gives up\)`
	defer cancel()
	_ = c
	go func() {
		_ = WithoutCancel(ctx)
	}()
}
