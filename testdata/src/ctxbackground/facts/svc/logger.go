package svc

import (
	"context"
	"errors"

	"ctxbackground/facts/logger"
)

// A root handed only to another package's logger: what the logger does
// with it only when err is set does not make it more than a logger, to
// its callers.
func checkKey(key []byte) {
	if len(key) != 32 {
		logger.CriticalIf(context.Background(), errors.New("bad key length"))
	}
}

func Seal(ctx context.Context, key []byte) {
	checkKey(key) // a logger's root: nothing lost
}
