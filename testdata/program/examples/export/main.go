// Command export shows how to call store.Export: an example program, whose
// Background says nothing about Export's callers.
package main

import (
	"context"

	"example.com/program/store"
)

func main() {
	store.Export(context.Background())
}
