// Package later covers closures that run after their function returns, or
// beside it, and test code outside _test.go files.
package later

import (
	"context"
	"sync"
	"testing"
)

func probe() {}

// safeGo launches its argument: ctxuse learns it.
func safeGo(f func()) {
	go func() {
		defer func() { recover() }()
		f()
	}()
}

// run calls its argument before it returns.
func run(f func()) { f() }

func Launched(ctx context.Context) {
	safeGo(func() {
		probe() // want `inbound ctx detached`
	})
	run(func() {
		probe() // want `inbound ctx$`
	})
}

// A WaitGroup's Go starts its argument in a goroutine: detached, unless
// the function waits for the group before it returns.
func Grouped(ctx context.Context, wg *sync.WaitGroup) {
	wg.Go(func() {
		probe() // want `inbound ctx detached`
	})
}

func GroupedWaited(ctx context.Context) {
	var wg sync.WaitGroup
	wg.Go(func() {
		probe() // want `inbound ctx$`
	})
	wg.Wait()
}

// A Wait in a goroutine of its own does not make the function wait: the
// function goes on (here to a select with its own timeout) while the
// launched work runs.
func GroupedWaitedAside(ctx context.Context, results chan int) {
	var wg sync.WaitGroup
	wg.Go(func() {
		probe() // want `inbound ctx detached`
	})
	done := make(chan struct{})
	go func() {
		wg.Wait()
		close(done)
	}()
	select {
	case <-results:
	case <-done:
	}
}

type server struct{ onClose func() }

var hooks []func()

func Returned(ctx context.Context) func() {
	return func() {
		probe() // want `inbound ctx detached`
	}
}

// A closure assigned to a named result is returned too.
func NamedResult(ctx context.Context) (onStart func() error, err error) {
	onStart = func() error {
		probe() // want `inbound ctx detached`
		return nil
	}
	check := func() error {
		probe() // want `inbound ctx$`
		return nil
	}
	err = check()
	return onStart, err
}

// A closure held by a local that is only handed back is the caller's
// hook; one the function also calls runs now.
func HandedBack(ctx context.Context, remote bool) (int, func()) {
	var stop func()
	if remote {
		stop = func() {
			probe() // want `inbound ctx detached`
		}
	}
	return 1, stop
}

func CalledToo(ctx context.Context) func() {
	var stop func()
	stop = func() {
		probe() // want `inbound ctx$`
	}
	stop()
	return stop
}

// A closure that reaches the result through another local is handed back
// too; one that is also called here is not.
func ResetHook(ctx context.Context, on bool) func() {
	disable := func() {
		probe() // want `inbound ctx detached`
	}
	enable := func() {
		probe() // want `inbound ctx$`
	}
	var reset func()
	if on {
		reset = disable
	} else {
		reset = enable
		enable()
	}
	return reset
}

// A clean-up held by a local and run only on the way out (on failure) or
// by the hook handed back runs as a deferred literal does; one also called
// on the way stays on the path.
func Forward(ctx context.Context) (stop func(), err error) {
	clean := func() {
		probe() // want `inbound ctx detached`
	}
	defer func() {
		if err != nil {
			clean()
		}
	}()
	stop = func() {
		clean()
	}
	return stop, nil
}

func ForwardEarly(ctx context.Context, fail bool) (stop func(), err error) {
	clean := func() {
		probe() // want `inbound ctx$`
	}
	defer clean()
	if fail {
		clean()
	}
	return nil, nil
}

func Stored(ctx context.Context, s *server) {
	s.onClose = func() {
		probe() // want `inbound ctx detached`
	}
	local := func() {
		probe() // want `inbound ctx$`
	}
	local()
}

// A callback in a configuration literal handed to a constructor runs for
// the component it builds when that is kept, directly or through a local
// stored later; one built only for this call runs on its path.
type listWatch struct{ list func() }

type informer struct{ lw *listWatch }

func newInformer(lw *listWatch) *informer { return &informer{lw: lw} }

type listener struct{ inf *informer }

func (l *listener) Sync(ctx context.Context) {
	inf := newInformer(&listWatch{list: func() {
		probe() // want `inbound ctx detached`
	}})
	l.inf = inf
	once := newInformer(&listWatch{list: func() {
		probe() // want `inbound ctx$`
	}})
	once.lw.list()
}

// A clean-up hook appended to a list that is handed back runs at close,
// not during the call; a list run here is not.
type closer func()

type plugin struct{ closers []closer }

func NewPlugin(ctx context.Context, closers []closer) *plugin {
	closers = append(closers, closer(func() {
		probe() // want `inbound ctx detached`
	}))
	return &plugin{closers: closers}
}

func RunHooks(ctx context.Context) {
	var hooks []func()
	hooks = append(hooks, func() {
		probe() // want `inbound ctx$`
	})
	for _, h := range hooks {
		h()
	}
}

// A list of clean-ups run by the closure handed back: each runs when the
// caller cleans up, not during the call.
func Prepare(ctx context.Context) (cleanup func(), err error) {
	var undo []func()
	cleanup = func() {
		for _, u := range undo {
			u()
		}
	}
	undo = append(undo, func() {
		probe() // want `inbound ctx detached`
	})
	return cleanup, nil
}

// A returned handler has its own request: it is on that path.
func Handler(ctx context.Context) func(context.Context) {
	return func(inner context.Context) {
		probe() // want `inbound inner$`
	}
}

// A test helper outside a _test.go file is test code.
func CommitFails(ctx context.Context, t *testing.T) {
	probe() // want `inbound ctx test`
	func() {
		probe() // want `inbound ctx test`
	}()
}

type suiteBase struct{ t *testing.T }

func (s *suiteBase) T() *testing.T { return s.t }

type StoreSuite struct {
	suiteBase
}

func (s *StoreSuite) Check(ctx context.Context) {
	probe() // want `inbound ctx test`
}

// A type with a Context() getter is not a request.
type RuleGroup struct{ ctx context.Context }

func (g *RuleGroup) Context() context.Context { return g.ctx }

func Evaluate(g *RuleGroup) {
	probe() // no inbound context
}

// Work memoised for every caller is the component's.
type lazy struct {
	once sync.Once
	init func() error
}

func (l *lazy) Get(ctx context.Context) {
	l.once.Do(func() {
		probe() // want `inbound ctx detached`
	})
	l.init = sync.OnceValue(func() error {
		probe() // want `inbound ctx detached`
		return nil
	})
}

// A closure that only a detached closure calls is detached work too; one
// that the function also calls itself is not.
func Reindex(ctx context.Context, rebuild bool) {
	helper := func() {
		probe() // want `inbound ctx detached`
	}
	run := func() {
		helper()
	}
	shared := func() {
		probe() // want `inbound ctx$`
	}
	background := func() {
		shared()
	}
	flush := func() {
		probe() // want `inbound ctx detached`
	}
	if rebuild {
		go run()
		go background()
		go func() {
			flush()
		}()
		tidy := func() {
			flush()
		}
		go tidy()
	}
	shared()
}
