package knowledge

import (
	"strings"
	"unicode"
)

// The name rules left in budgetlint. Facts and types decide everywhere
// else; these apply only where the code behind a call is unknown to the
// analysis (a function value, an interface method without a known
// implementation, another module), and say what such a call does by the
// words of its name.

// logLevels are the method names of logging APIs. The one name rule left
// in budgetlint: a logger reached through an interface or a function value
// (a package-level Logger interface's Printf, s.logf) cannot be told from
// its type, and a wrapper logger defined in the analysed code has
// InfoContext beside Info for the same reason slog does.
var logLevels = map[string]bool{
	"Debug": true, "Info": true, "Warn": true, "Warning": true, "Error": true,
	"Fatal": true, "Panic": true, "Trace": true, "Notice": true, "Critical": true,
	"Log": true, "Print": true,
}

// IsLogName reports whether a function or method name is a logging call:
// a level (Info, Warn, Log, Print, ...), with the usual suffixes (Infof,
// Infoln, Infow, InfoS, InfoContext, Logf) in either case of the first
// letter (s.debugf, logf).
func IsLogName(name string) bool {
	if name == "" {
		return false
	}
	name = strings.ToUpper(name[:1]) + name[1:]
	name = strings.TrimSuffix(strings.TrimSuffix(name, "Context"), "With")
	for _, suffix := range []string{"", "f", "ln", "w", "S"} {
		if base, ok := strings.CutSuffix(name, suffix); ok && logLevels[base] {
			return true
		}
	}
	return false
}

// IsLogHookName reports whether a type or variable name has Log, Logger
// or Logging among its camel-case words (ClientLogContextHook,
// logHooks), or names an error reporter (errorHandler, HandleError,
// ErrorReporter): a function value of that name feeds a logger or an
// error sink, reading values from its context. (Catalog, Blog,
// ErrorHandling: no such word.)
func IsLogHookName(name string) bool {
	words := camelWords(name)
	for i, w := range words {
		switch w {
		case "log", "logger", "logging", "logs":
			return true
		case "error", "err":
			if i+1 < len(words) && (words[i+1] == "handler" || words[i+1] == "reporter") || i > 0 && words[i-1] == "handle" {
				return true
			}
		}
	}
	return false
}

// IsLogPackageName reports whether a package's name says it is a logger
// (log, logger, logging): what its interfaces and unknown functions are
// handed goes to a log sink, whatever the method is called (a logger's
// Target.Send(ctx, entry) queueing an entry for its shipper). Not "logs",
// which IsLogHookName takes in a type's name: a package of that name is
// as often a log-storage service's API, whose calls wait.
func IsLogPackageName(name string) bool {
	switch name {
	case "log", "logger", "logging":
		return true
	}
	return false
}

// camelWords splits a camel-case name into its lower-case words
// (errorHandler: error, handler).
func camelWords(name string) []string {
	var words []string
	start := 0
	for i := 1; i <= len(name); i++ {
		if i < len(name) && !unicode.IsUpper(rune(name[i])) {
			continue
		}
		words = append(words, strings.ToLower(name[start:i]))
		start = i
	}
	return words
}

// telemetryWords are the words of names that record metrics, or hook
// instrumentation in (a driver's FrameHeaderObserver, a RequestObserver, a
// tracingHeader that reads the trace IDs from a context's values).
var telemetryWords = []string{"metric", "telemetry", "gauge", "counter", "histogram", "observer", "tracing"}

// IsTelemetryName reports whether a function, method or type name says it
// records metrics or traces (a metrics callback, a MetricsRecorder, an
// observer hook, a tracing header parser): like a logger,
// it reads a context's values, never its cancellation. Used only where the
// code is unknown: a function value, an interface, another module.
func IsTelemetryName(name string) bool {
	return hasWord(name, telemetryWords)
}

// IsValueCarrierName reports whether a function name says it moves values
// between a context and a carrier, by the propagation convention
// (InjectOrgID(ctx, id), InjectIntoHTTPRequest(ctx, req), ExtractTraceID,
// UserFromContext): it reads or adds values, never waits on cancellation.
// Used only where the code is unknown (another module, a function value);
// one that returns a context hands the parent's cancellation on.
func IsValueCarrierName(name string) bool {
	for _, prefix := range []string{"Inject", "inject", "Extract", "extract"} {
		if rest, ok := strings.CutPrefix(name, prefix); ok && (rest == "" || unicode.IsUpper([]rune(rest)[0])) {
			return true
		}
	}
	for _, suffix := range []string{"FromContext", "FromIncomingContext", "FromOutgoingContext"} {
		if strings.HasSuffix(name, suffix) {
			return true
		}
	}
	return false
}

// waitWords are the words of names that wait: a function given a context
// with such a name (backoff.Wait(ctx), s.sleep(ctx, d)) returns when the
// context is done. gateWords name gates that block until they let the
// caller through (sem.Acquire(ctx, 1), s.throttle(ctx)).
var (
	waitWords = []string{"sleep", "wait", "backoff", "delay", "pause"}
	gateWords = []string{"acquire", "throttle"}
)

// IsWaitName reports whether a name says its function waits: it sleeps,
// waits, backs off, delays or pauses. A name that records or reports
// (RecordDelay, ObserveWait) or logs is not a wait.
func IsWaitName(name string) bool {
	return hasWord(name, waitWords) && !recordsOrLogs(name)
}

// IsGateName reports whether a name says its function blocks until it lets
// the caller through: Acquire, throttle.
func IsGateName(name string) bool {
	return hasWord(name, gateWords) && !recordsOrLogs(name)
}

func recordsOrLogs(name string) bool {
	lower := strings.ToLower(name)
	for _, prefix := range []string{"record", "observe", "report", "track", "emit"} {
		if strings.HasPrefix(lower, prefix) {
			return true
		}
	}
	return IsLogName(name) || IsTelemetryName(name)
}

func hasWord(name string, words []string) bool {
	name = strings.ToLower(name)
	for _, w := range words {
		if strings.Contains(name, w) {
			return true
		}
	}
	return false
}

// IsDestructorName reports whether a function or method name says it
// closes or stops a component (Close, Stop, Shutdown, and their forms
// that only say how: StopAndAwaitTerminated, ShutdownWithContext,
// CloseAll): a destructor must finish whatever its caller's state, or the
// component leaks, so one given a fresh root (a runtime's
// Close(context.Background())), or one that roots its own, is the
// component's lifetime, not a caller's lost deadline. A verb with an
// object (StopContainer, CloseSession) acts on something else, often
// remote, on the caller's behalf: not a destructor.
func IsDestructorName(name string) bool {
	for _, verb := range []string{"Close", "close", "Stop", "stop", "Shutdown", "shutdown"} {
		rest, ok := strings.CutPrefix(name, verb)
		if !ok {
			continue
		}
		if rest == "" {
			return true
		}
		for _, how := range []string{"And", "All", "With", "Ctx", "Context"} {
			if after, ok := strings.CutPrefix(rest, how); ok && (after == "" || unicode.IsUpper([]rune(after)[0])) {
				return true
			}
		}
	}
	return false
}

// IsCloserName reports whether a function or method name says it closes a
// component or undoes other work (IsDestructorName or IsUndoName): it must
// finish whatever its caller's state, so a root of its own, or a fixed
// bound on one, is deliberate, not the caller's lost deadline.
func IsCloserName(name string) bool {
	return IsDestructorName(name) || IsUndoName(name)
}

// IsUndoName reports whether a function or method name says it stops or
// undoes other work: Kill, KillQuery, Abort, Terminate, Rollback. It runs
// because that work failed or was cancelled, often by the very context the
// caller holds, so it must finish whatever that context's state: a root
// of its own (bounded, as a kill's timeout is) is the deliberate choice,
// and "use ctx" would make the clean-up fail at once.
func IsUndoName(name string) bool {
	for _, verb := range []string{"Kill", "Abort", "Terminate", "Rollback"} {
		rest, ok := strings.CutPrefix(name, verb)
		if !ok {
			rest, ok = strings.CutPrefix(name, strings.ToLower(verb[:1])+verb[1:])
		}
		if ok && (rest == "" || unicode.IsUpper([]rune(rest)[0])) {
			return true
		}
	}
	return false
}

// IsConstructorName reports whether a function name says it builds a
// component, by Go's convention (NewClient, newPool): what it returns
// outlives the call, so a context it stores in the result is the
// component's lifetime.
func IsConstructorName(name string) bool {
	for _, prefix := range []string{"New", "new"} {
		if rest, ok := strings.CutPrefix(name, prefix); ok && (rest == "" || unicode.IsUpper([]rune(rest)[0])) {
			return true
		}
	}
	return false
}

// IsIteratorAdvance reports whether a method name says it moves an
// iterator to its next element (rows.Next(), it.Next(ctx), a
// subscription's Next): a loop that calls it each round walks results,
// and going round after an error moves on to new input rather than
// repeating the call that failed. Used only on methods that return no
// time.Duration (a backoff's Next() is a delay, not an element).
func IsIteratorAdvance(name string) bool {
	return name == "Next"
}

// IsContextSetterName reports whether a method name says it hands a
// context in for the calls to come (WithContext, SetContext, WithCtx,
// SetCtx), the builder form of a context parameter.
func IsContextSetterName(name string) bool {
	switch name {
	case "WithContext", "SetContext", "WithCtx", "SetCtx":
		return true
	}
	return false
}
