package knowledge

// Launchers maps the standard-library functions that run a function
// argument in a goroutine of their own, by types.Func.FullName, to that
// argument's index. What they run is detached from their caller, as a go
// statement's function is. (Functions of the analysed module are learned
// by facts instead.)
var Launchers = map[string]int{
	"time.AfterFunc":    1, // after the duration
	"context.AfterFunc": 1, // once the context is done
	// wg.Go(f) (Go 1.25): f runs in a goroutine of its own; a Wait in the
	// same function still makes it the caller's work (see ctxflow.Waits).
	"(*sync.WaitGroup).Go": 0,
}

// Handers maps the standard-library functions that call a function
// argument, before they return, with one of their context arguments plus
// values only, by types.Func.FullName, to those arguments' indices: the
// function's context parameter holds that argument. (Functions of the
// analysed module are learned by facts instead: ctxuse's Hands.)
var Handers = map[string]struct{ Ctx, Func int }{
	"runtime/pprof.Do": {Ctx: 0, Func: 2}, // f(ctx with the labels added)
}

// Memoisers are the functions, by package path and name, that run a
// function argument once on behalf of every caller and keep its result:
// what it does is a shared component's work, not the request's that
// happens to run it first.
var Memoisers = map[string]bool{
	"sync.Do":                               true, // (*sync.Once).Do
	"sync.OnceFunc":                         true,
	"sync.OnceValue":                        true,
	"sync.OnceValues":                       true,
	"golang.org/x/sync/singleflight.Do":     true,
	"golang.org/x/sync/singleflight.DoChan": true,
}

// UntilDone maps the functions, by types.Func.FullName, that return only
// once the context (or the stop channel) at the given argument index is
// done: Kubernetes' run-until loops. What follows a call of one runs after
// the caller has gone, as what follows <-ctx.Done() does.
var UntilDone = map[string]int{
	"k8s.io/apimachinery/pkg/util/wait.Until":                      2,
	"k8s.io/apimachinery/pkg/util/wait.UntilWithContext":           0,
	"k8s.io/apimachinery/pkg/util/wait.NonSlidingUntil":            2,
	"k8s.io/apimachinery/pkg/util/wait.NonSlidingUntilWithContext": 0,
	"k8s.io/apimachinery/pkg/util/wait.JitterUntil":                4,
	"k8s.io/apimachinery/pkg/util/wait.JitterUntilWithContext":     0,
	"k8s.io/apimachinery/pkg/util/wait.BackoffUntil":               3,
	"k8s.io/apimachinery/pkg/util/wait.BackoffUntilWithContext":    0,
}
