package knowledge

import "go/types"

// exits are the functions and methods, by types.Func.FullName, that never
// return: they end the process or the goroutine, or panic. They are the
// base case of the no-return analysis (ctxflow.Exits), which learns the
// package's own functions from their bodies: the standard library and
// other modules are analysed by go vet but not by budgetlint's driver, so
// what their bodies say would depend on the driver.
var exits = map[string]bool{}

func init() {
	for _, group := range []struct {
		prefix string
		names  []string
	}{
		{"os.", []string{"Exit"}},
		{"runtime.", []string{"Goexit"}},
		{"syscall.", []string{"Exit"}},
		{"log.", logExits},
		{"(*log.Logger).", logExits},
		// t.Fatal, t.Skip and their kin end the test's goroutine.
		{"(*testing.common).", testExits},
		{"(testing.TB).", testExits},
		// Logging packages whose exits other modules call.
		{"(*go.uber.org/zap.Logger).", []string{"Fatal", "Panic"}},
		{"(*go.uber.org/zap.SugaredLogger).", []string{"Fatal", "Fatalf", "Fatalln", "Fatalw", "Panic", "Panicf", "Panicln", "Panicw"}},
		{"github.com/sirupsen/logrus.", logrusExits},
		{"(*github.com/sirupsen/logrus.Logger).", logrusExits},
		{"(*github.com/sirupsen/logrus.Entry).", logExits},
		{"k8s.io/klog.", klogExits},
		{"k8s.io/klog/v2.", klogExits},
	} {
		for _, name := range group.names {
			exits[group.prefix+name] = true
		}
	}
}

var (
	logExits    = []string{"Fatal", "Fatalf", "Fatalln", "Panic", "Panicf", "Panicln"}
	testExits   = []string{"FailNow", "Fatal", "Fatalf", "SkipNow", "Skip", "Skipf"}
	logrusExits = append([]string{"Exit"}, logExits...)
	klogExits   = []string{"Exit", "ExitDepth", "Exitf", "Exitln", "Fatal", "FatalDepth", "Fatalf", "Fatalln"}
)

// IsExit reports whether fn is known never to return.
func IsExit(fn *types.Func) bool {
	return fn != nil && exits[fn.Origin().FullName()]
}
