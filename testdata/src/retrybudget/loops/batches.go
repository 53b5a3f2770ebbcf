package loops

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"time"
)

type docIter interface {
	Next() (int, any, error)
}

var errIterDone = errors.New("iterator done")

type document struct{ id string }

type batchStore interface {
	Insert(ctx context.Context, docs []*document) (int, error)
}

// duplicate reports a server's duplicate-key error, whatever wraps it.
func duplicate(err error) bool {
	var coded interface{ Code() int }
	return errors.As(err, &coded) && coded.Code() == 11000
}

// Each pass fills a batch from an iterator made before the loop and goes
// on after a failed batch by inserting its documents one by one: every
// pass takes new input, so this is progress, not a retry.
func InsertAll(ctx context.Context, it docIter, store batchStore, size int, ordered bool) (int, error) {
	var err error
	var inserted int
	var failed []int
	var done bool
	for !done {
		docs := make([]*document, 0, size)
		positions := make([]int, 0, size)
		for j := 0; j < size; j++ {
			var i int
			var d any
			i, d, err = it.Next()
			if errors.Is(err, errIterDone) {
				done = true
				break
			}
			if err != nil {
				return 0, fmt.Errorf("reading documents: %w", err)
			}
			docs = append(docs, d.(*document))
			positions = append(positions, i)
		}
		if _, err = store.Insert(ctx, docs); err == nil {
			inserted += len(docs)
			if ordered && len(failed) > 0 {
				break
			}
			continue
		}
		for j, doc := range docs {
			if _, err = store.Insert(ctx, []*document{doc}); err == nil {
				inserted++
				continue
			}
			if !duplicate(err) {
				return 0, fmt.Errorf("inserting: %w", err)
			}
			failed = append(failed, positions[j])
			if ordered {
				break
			}
		}
	}
	return inserted, nil
}

// A query made again each pass starts its rows over: the nested loop walks
// one attempt's results, and the outer loop retries the query.
func CountRows(ctx context.Context, db *sql.DB) (int, error) {
	for attempt := 0; attempt < 3; attempt++ { // want `retry loop sleeps and retries after the caller's deadline; check ctx\.Err\(\) before each attempt, and wait with select on ctx\.Done\(\)`
		rows, err := db.QueryContext(ctx, "SELECT 1 FROM t")
		if err != nil {
			time.Sleep(time.Second)
			continue
		}
		n := 0
		for rows.Next() {
			n++
		}
		rows.Close()
		return n, nil
	}
	return 0, errors.New("no rows")
}
