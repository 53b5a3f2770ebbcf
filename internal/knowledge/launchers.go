package knowledge

// Launchers maps the standard-library functions that run a function
// argument in a goroutine of their own, by types.Func.FullName, to that
// argument's index. What they run is detached from their caller, as a go
// statement's function is. (Functions of the analysed module are learned
// by facts instead.)
var Launchers = map[string]int{
	"time.AfterFunc":    1, // after the duration
	"context.AfterFunc": 1, // once the context is done
}
