package retryloop_test

import (
	"go/ast"
	"strings"
	"testing"

	"github.com/budgetlint/budgetlint/internal/ctxflow"
	"github.com/budgetlint/budgetlint/internal/passtest"
	"github.com/budgetlint/budgetlint/internal/retryloop"
)

// Each function's name says what its outermost loop is: retry* loops are
// retry loops, the others are not. A suffix tells Analyze's other answers:
// Unbounded (no attempt limit), NoWait (retries at once), OnCancel
// (retries on a context error).
const src = `package p

import (
	"context"
	"errors"
	"io"
	"net/http"
	"strings"
	"time"
)

func call() error                         { return nil }
func get() (int, error)                   { return 0, nil }
func fetch(ctx context.Context) error     { return nil }
func send(item string) error              { return nil }
func retryable(err error) bool            { return true }
func sleepBackoff(attempt int)            {}
func apply(u []string) (int, error)       { return 0, nil }

func retryCounted() error {
	var err error
	for i := 0; i < 3; i++ {
		if err = call(); err == nil {
			return nil
		}
		time.Sleep(time.Second)
	}
	return err
}

func retryRangeIntNoWait() error {
	var err error
	for range 3 {
		err = call()
		if err == nil {
			break
		}
	}
	return err
}

func retryForeverUnbounded() error {
	for {
		err := call()
		if err == nil {
			return nil
		}
		if !retryable(err) {
			return err
		}
		time.Sleep(time.Second)
	}
}

func retryContinue() (int, error) {
	for attempt := 0; attempt < 5; attempt++ {
		n, err := get()
		if err != nil {
			sleepBackoff(attempt)
			continue
		}
		return n, nil
	}
	return 0, errors.New("gave up")
}

func retryCondUnbounded() {
	err := call()
	for err != nil {
		time.Sleep(time.Second)
		err = call()
	}
}

func retryInCondUnbounded() {
	for call() != nil {
		time.Sleep(time.Second)
	}
}

func retryDelays() error {
	var err error
	for _, d := range []time.Duration{time.Second, 2 * time.Second} {
		if err = call(); err == nil {
			return nil
		}
		time.Sleep(d)
	}
	return err
}

func retrySelect(ctx context.Context) error {
	for i := 0; ; i++ {
		err := fetch(ctx)
		if err == nil {
			return nil
		}
		if i == 4 {
			return err
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(time.Second):
		}
	}
}

func retrySwitch() error {
	for i := 0; i < 3; i++ {
		err := call()
		switch {
		case err == nil:
			return nil
		case retryable(err):
			time.Sleep(time.Second)
		default:
			return err
		}
	}
	return nil
}

func retryStatus(c *http.Client, req *http.Request) (*http.Response, error) {
	for i := 0; i < 3; i++ {
		resp, err := c.Do(req)
		if err != nil {
			return nil, err
		}
		if resp.StatusCode >= 500 {
			resp.Body.Close()
			time.Sleep(time.Second)
			continue
		}
		return resp, nil
	}
	return nil, errors.New("unavailable")
}

func retryStatusAnd(c *http.Client, req *http.Request) (*http.Response, error) {
	for i := 0; i < 3; i++ {
		resp, err := c.Do(req)
		if err == nil && resp.StatusCode < 300 {
			return resp, nil
		}
		time.Sleep(time.Second)
	}
	return nil, errors.New("unavailable")
}

func retryOnDeadlineNoWaitOnCancel(ctx context.Context) error {
	for i := 0; i < 3; i++ {
		actx, cancel := context.WithTimeout(ctx, time.Second)
		err := fetch(actx)
		cancel()
		if err == nil {
			return nil
		}
		if errors.Is(err, context.DeadlineExceeded) {
			continue
		}
		return err
	}
	return nil
}

func retryNotOtherNoWaitOnCancel(ctx context.Context) error {
	for i := 0; i < 3; i++ {
		err := fetch(ctx)
		if err != nil && !errors.Is(err, context.DeadlineExceeded) {
			return err
		}
		if err == nil {
			return nil
		}
	}
	return nil
}

func retryLabeledNoWait() error {
retry:
	for i := 0; i < 3; i++ {
		if err := call(); err != nil {
			for j := 0; j < 2; j++ {
				if j == 1 {
					continue retry
				}
			}
		}
		break
	}
	return nil
}

func retrySwitchLimitNoWait(attempts int) error {
	for {
		switch {
		case attempts == 0:
			return errors.New("no attempts left")
		case attempts > 0:
			attempts--
		}
		if err := call(); err == nil {
			return nil
		}
	}
}

func retryBackoffStop(next func() time.Duration) error {
	for {
		err := call()
		if err == nil {
			return nil
		}
		d := next()
		if d == Stop {
			return err
		}
		time.Sleep(d)
	}
}

const Stop time.Duration = -1

func retryPredicateOnCancel(ctx context.Context) error {
	for i := 0; i < 3; i++ {
		err := fetch(ctx)
		if err == nil {
			return nil
		}
		if !errors.Is(err, context.Canceled) {
			return err
		}
		time.Sleep(time.Second)
	}
	return nil
}

func retryStatusSwitch(c *http.Client, req *http.Request) (*http.Response, error) {
	for i := 0; i < 3; i++ {
		resp, err := c.Do(req)
		if err != nil {
			return nil, err
		}
		switch resp.StatusCode {
		case http.StatusOK:
			return resp, nil
		case http.StatusTooManyRequests:
			time.Sleep(time.Second)
		default:
			return nil, errors.New(resp.Status)
		}
	}
	return nil, errors.New("rate limited")
}

func retryStatusArithmetic(c *http.Client, req *http.Request) (*http.Response, error) {
	for i := 0; i < 3; i++ {
		resp, err := c.Do(req)
		if err != nil {
			return nil, err
		}
		if resp.StatusCode/100 != 5 {
			return resp, nil
		}
		time.Sleep(time.Second)
	}
	return nil, errors.New("unavailable")
}

func cacheMissPolled(load func() (*int, error)) (*int, error) {
	for i := 0; i < 3; i++ {
		v, err := load()
		if err != nil {
			time.Sleep(time.Second)
			continue
		}
		if v != nil {
			return v, nil
		}
		time.Sleep(time.Second)
	}
	return nil, errors.New("miss")
}

func consumerWithStop(recv func() (string, error), handle func(string)) {
	for {
		msg, err := recv()
		if err != nil {
			time.Sleep(time.Second)
			continue
		}
		if msg == "stop" {
			return
		}
		handle(msg)
	}
}

func pages(fetchPage func(int) (bool, error)) error {
	for page := 1; page <= 10; page++ {
		last, err := fetchPage(page)
		if err != nil {
			continue
		}
		if last {
			return nil
		}
	}
	return nil
}

func consumer() {
	for {
		n, err := get()
		if err != nil {
			time.Sleep(time.Second)
			continue
		}
		_ = n
	}
}

func reader(r io.Reader) error {
	buf := make([]byte, 10)
	for {
		_, err := r.Read(buf)
		if err == io.EOF {
			return nil
		}
		if err != nil {
			return err
		}
	}
}

func poll() error {
	for {
		n, err := get()
		if err != nil {
			return err
		}
		if n > 3 {
			return nil
		}
		time.Sleep(time.Second)
	}
}

func items(list []string) error {
	for _, it := range list {
		if err := send(it); err == nil {
			return nil
		}
	}
	return nil
}

func itemsIndexed(list []string) {
	for i := 0; i < len(list); i++ {
		if err := send(list[i]); err != nil {
			continue
		}
		break
	}
}

func bestEffort() {
	for i := 0; i < 3; i++ {
		if err := call(); err != nil {
			println(err.Error())
		}
	}
}

func cancelChecked(ctx context.Context) error {
	for {
		if err := ctx.Err(); err != nil {
			return err
		}
		time.Sleep(time.Second)
	}
}

// Progress through the input, not a retry: the call's argument is
// advanced by the loop.
func prefixes(path []string) error {
	for i := len(path); i > 0; i-- {
		key := strings.Join(path[:i], "/")
		if err := send(key); err == nil {
			return nil
		}
	}
	return nil
}

func remainder(updates []string) error {
	for {
		n, err := apply(updates)
		if err == nil {
			return nil
		}
		updates = updates[n:]
	}
}

type node struct{ next *node; val string }
type list struct{ front *node }

type request struct{ deadline time.Time }

func (l *list) popFront() { l.front = l.front.next }

func idle(l *list) error {
	for l.front != nil {
		n := l.front
		l.popFront()
		if err := send(n.val); err == nil {
			return nil
		}
	}
	return nil
}

// The same shape retrying one call: still a retry loop.
// A one-shot flag is an attempt limit: the retry is taken once.
func retryOnceNoWait(ctx context.Context) error {
	retried := false
	for {
		err := fetch(ctx)
		if err == nil {
			return nil
		}
		if !retried {
			retried = true
			continue
		}
		return err
	}
}

func retryOnceGuardNoWait(ctx context.Context) error {
	first := true
	for {
		err := fetch(ctx)
		if err == nil {
			return nil
		}
		if !first {
			return err
		}
		first = false
	}
}

// A timer started before the loop limits the whole retry's time.
func retryUntilDeadline(ctx context.Context) error {
	deadline := time.After(time.Minute)
	for {
		if err := fetch(ctx); err == nil {
			return nil
		} else {
			select {
			case <-deadline:
				return err
			case <-time.After(100 * time.Millisecond):
			}
		}
	}
}

// A timer made each round to the same instant is that instant's limit.
func retryUntilOwnDeadline(ctx context.Context, req *request) error {
	for {
		err := fetch(ctx)
		if err == nil {
			return nil
		}
		select {
		case <-time.After(time.Until(req.deadline)):
			return err
		case <-time.After(100 * time.Millisecond):
		}
	}
}

// One that moves each round limits only a round.
func retryMovingDeadlineUnbounded(ctx context.Context) error {
	for {
		deadline := time.Now().Add(time.Second)
		if fetch(ctx) == nil {
			return nil
		}
		select {
		case <-time.After(time.Until(deadline)):
			return context.DeadlineExceeded
		case <-time.After(50 * time.Millisecond):
		}
	}
}

// A retry taken only while a count lasts is bounded by it.
func retryCountedDownNoWait(ctx context.Context, retries int) error {
	for {
		if err := fetch(ctx); err != nil {
			if retries > 0 && err != io.EOF {
				retries--
				continue
			}
			return err
		}
		return nil
	}
}

// Only the counted branch goes round; the other leaves.
func retryCountedElseNoWait(ctx context.Context, retries int) error {
	for {
		err := fetch(ctx)
		if err != nil && retries > 0 {
			retries--
		} else {
			return err
		}
	}
}

// A count that gates a check but not the retry bounds nothing.
func retryCountedAsideUnboundedNoWait(ctx context.Context, retries int) error {
	for {
		if err := fetch(ctx); err != nil {
			if retries > 0 {
				retries--
			}
			continue
		}
		return nil
	}
}

// One reset each round limits only a round; polling the timer in a select
// with a default does not wait, so the loop retries at once.
func retryTimerResetUnboundedNoWait(ctx context.Context) error {
	idle := time.NewTimer(time.Minute)
	for {
		err := fetch(ctx)
		if err == nil {
			return nil
		}
		select {
		case <-idle.C:
			return err
		default:
		}
		idle.Reset(time.Minute)
	}
}

func retrySameUnbounded(l *list) error {
	for l.front != nil {
		if err := send(l.front.val); err == nil {
			return nil
		}
		time.Sleep(time.Second)
	}
	return nil
}
`

func TestAnalyze(t *testing.T) {
	p := passtest.Check(t, src)
	file, info := p.File, p.Info
	exits := ctxflow.NewExits(info, []*ast.File{file})
	checked := 0
	for _, decl := range file.Decls {
		fd, ok := decl.(*ast.FuncDecl)
		if !ok || fd.Body == nil {
			continue
		}
		loop := outermostLoop(fd.Body)
		if loop == nil {
			continue
		}
		checked++
		name := fd.Name.Name
		l := retryloop.Analyze(info, exits, loop, nil)
		want := strings.HasPrefix(name, "retry")
		if got := retryloop.Is(info, exits, loop); got != want || (l != nil) != want {
			t.Errorf("%s: Is = %v, want %v", name, got, want)
			continue
		}
		if l == nil {
			continue
		}
		if got, want := l.Bounded, !strings.Contains(name, "Unbounded"); got != want {
			t.Errorf("%s: Bounded = %v, want %v", name, got, want)
		}
		if got, want := l.Wait != nil, !strings.Contains(name, "NoWait"); got != want {
			t.Errorf("%s: waits = %v, want %v", name, got, want)
		}
		if got, want := l.OnCancel != nil, strings.Contains(name, "OnCancel"); got != want {
			t.Errorf("%s: retries on cancel = %v, want %v", name, got, want)
		}
	}
	if checked < 20 {
		t.Fatalf("checked %d loops, want at least 20", checked)
	}
}

// outermostLoop returns the first loop statement of body, with its label.
func outermostLoop(body *ast.BlockStmt) ast.Node {
	for _, s := range body.List {
		switch s := s.(type) {
		case *ast.ForStmt, *ast.RangeStmt:
			return s
		case *ast.LabeledStmt:
			return s
		}
	}
	return nil
}

// TestBareLabeledLoop: a labeled loop passed without its label is still
// understood (fixedtimeout passes loops bare), and a continue to an outer
// loop's label still leaves the inner one.
func TestBareLabeledLoop(t *testing.T) {
	const src = `package p

import "time"

func call() error { return nil }

func own() {
retry:
	for i := 0; i < 3; i++ {
		if err := call(); err != nil {
			for j := 0; j < 2; j++ {
				time.Sleep(time.Second)
				continue retry
			}
		}
		return
	}
}

func outer(items []int) {
outer:
	for _, it := range items {
		_ = it
		for attempt := 0; attempt < 3; attempt++ {
			if err := call(); err == nil {
				continue outer
			}
			time.Sleep(time.Second)
		}
	}
}
`
	p := passtest.Check(t, src)
	file, info := p.File, p.Info
	exits := ctxflow.NewExits(info, []*ast.File{file})
	var loops []ast.Node
	ast.Inspect(file, func(n ast.Node) bool {
		if l, ok := n.(*ast.LabeledStmt); ok {
			loops = append(loops, l.Stmt)
		}
		return true
	})
	if len(loops) != 2 {
		t.Fatalf("found %d labeled loops", len(loops))
	}
	if !retryloop.Is(info, exits, loops[0]) {
		t.Errorf("own: the bare labeled retry loop is not recognised")
	}
	inner := loops[1].(*ast.RangeStmt).Body.List[1]
	if !retryloop.Is(info, exits, inner) {
		t.Errorf("outer: continue outer on success should leave the inner retry loop")
	}
}
