package greet

import (
	"context"
	"testing"
)

func TestGreet(t *testing.T) {
	if got := Greet(context.Background(), Directory{}, "Zoë"); got != "Grüße 🚀 Zoë" {
		t.Errorf("Greet = %q", got)
	}
}
