package svc

import (
	"context"
	"testing"
)

func TestDo(t *testing.T) {
	_ = use(context.TODO())
}
