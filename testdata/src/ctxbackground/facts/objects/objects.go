// Package objects reads stored objects through an interface its callers
// implement: whether its root loses a deadline depends on what they pass.
package objects

import "context"

// Bucket is implemented elsewhere: a local store or a remote one.
type Bucket interface {
	Get(ctx context.Context, key string) ([]byte, error)
}

// ByKeys roots through an unexported helper; only the caller's bucket can
// observe the root.
func ByKeys(b Bucket, keys []string) ([][]byte, error) { // want ByKeys:"roots context.TODO\\(\\) at objects.go:21 through byKeys if parameter 0's Get observes it"
	return byKeys(b, keys)
}

func byKeys(b Bucket, keys []string) ([][]byte, error) {
	var out [][]byte
	for _, k := range keys {
		v, err := b.Get(context.TODO(), k)
		if err != nil {
			return nil, err
		}
		out = append(out, v)
	}
	return out, nil
}

// Copy hands its root to two buckets' Get: either may observe it.
func Copy(from, to Bucket, key string) error { // want Copy:"roots context.Background\\(\\) at objects.go:32"
	ctx := context.Background()
	if _, err := from.Get(ctx, key); err != nil {
		return err
	}
	_, err := to.Get(ctx, key)
	return err
}

// Fetch also hands it to a wait of its own: whatever the bucket, the root
// is observed.
func Fetch(b Bucket, key string) error { // want Fetch:"roots context.Background\\(\\) at objects.go:43"
	ctx := context.Background()
	if _, err := b.Get(ctx, key); err != nil {
		return err
	}
	return settle(ctx)
}

func settle(ctx context.Context) error {
	<-ctx.Done()
	return ctx.Err()
}
