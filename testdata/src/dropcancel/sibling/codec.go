package sibling

import (
	"context"
	"encoding/json"

	gojson "github.com/goccy/go-json"
)

// A codec's Context forms hand the context to the values' own hooks:
// decoding bytes in memory has nothing to cancel.
func Decode(ctx context.Context, data []byte) (map[string]any, error) {
	var v map[string]any
	if err := gojson.Unmarshal(data, &v); err != nil {
		return nil, err
	}
	_, err := gojson.Marshal(v)
	_ = json.Unmarshal(data, &v)
	return v, err
}
