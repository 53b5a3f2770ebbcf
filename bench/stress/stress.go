// Package stress writes the benchmark's stress module: code shaped to expose
// any analysis whose cost grows faster than the code it reads.
//
// At scale 1 the package holds the three shapes of issue 9: one function of
// 20,000 lines, closures nested 100 deep, and 1,000 small functions. Scale k
// multiplies each by k, so CPU per 1,000 lines stays flat across scales only
// if every pass is linear in function length, nesting depth and function
// count. Scale 0 writes just the scaffolding, to measure the fixed cost of
// a run (starting the process, listing packages, type-checking imports).
//
// The code is on a request path everywhere (every function takes a
// context.Context) and mixes what the passes report (fresh roots, fixed
// timeouts, retry loops, calls with a context sibling) with what they leave
// alone, so that every pass does its full work. It is not marked generated:
// budgetlint skips generated files.
package stress

import (
	"bufio"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
)

// Shape of the package at scale 1.
const (
	BigFuncLines = 20000 // lines in the body of Big
	NestDepth    = 100   // closures nested in Nested
	SmallFuncs   = 1000  // functions Small0, Small1, ...
)

// Module is the stress module's path.
const Module = "stress.example/stress"

// Write creates the stress module in dir (go.mod and stress.go) at scale
// and returns the number of lines of Go it wrote.
func Write(dir string, scale int) (lines int, err error) {
	if scale < 0 {
		return 0, fmt.Errorf("stress: negative scale %d", scale)
	}
	return write(dir, func(w *lineWriter) {
		writeScaffold(w)
		if scale == 0 {
			return
		}
		writeBig(w, BigFuncLines*scale)
		writeNested(w, NestDepth*scale)
		writeSmall(w, SmallFuncs*scale)
	})
}

// WriteFuncs creates a stress module whose one file holds the scaffolding
// and n small functions, nothing else: the shape of a huge hand-written
// file (issue 15 row 9: 242,000 functions in 50 MB), where any cost per
// function that grows with the number of functions in the file or the
// package shows as 4n costing more than four times n.
func WriteFuncs(dir string, n int) (lines int, err error) {
	if n < 0 {
		return 0, fmt.Errorf("stress: negative function count %d", n)
	}
	return write(dir, func(w *lineWriter) {
		writeScaffold(w)
		writeSmall(w, n)
	})
}

// write creates the module in dir with body as stress.go's content.
func write(dir string, body func(*lineWriter)) (lines int, err error) {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return 0, err
	}
	if err := os.WriteFile(filepath.Join(dir, "go.mod"), []byte("module "+Module+"\n\ngo 1.22\n"), 0o644); err != nil {
		return 0, err
	}
	f, err := os.Create(filepath.Join(dir, "stress.go"))
	if err != nil {
		return 0, err
	}
	w := &lineWriter{w: bufio.NewWriter(f)}
	body(w)
	if err := w.w.Flush(); err != nil {
		f.Close()
		return 0, err
	}
	return w.lines, f.Close()
}

// lineWriter counts the lines it writes.
type lineWriter struct {
	w     *bufio.Writer
	lines int
}

func (w *lineWriter) line(format string, args ...any) {
	fmt.Fprintf(w.w, format, args...)
	w.w.WriteByte('\n')
	w.lines++
}

// writeScaffold writes what every stress package has: the imports, Store
// and lookup.
func writeScaffold(w *lineWriter) {
	w.line("// Package stress is budgetlint's benchmark stress package, written by bench/stress.")
	w.line("package stress")
	w.line("")
	w.line("import (")
	w.line("\t\"context\"")
	w.line("\t\"errors\"")
	w.line("\t\"time\"")
	w.line(")")
	w.line("")
	w.line("var errMissing = errors.New(\"missing\")")
	w.line("")
	w.line("var pause = 10 * time.Millisecond")
	w.line("")
	w.line("// Store has a method without a context and its context sibling, as many clients do.")
	w.line("type Store struct{ data map[string]string }")
	w.line("")
	w.line("func (s *Store) Get(key string) (string, error) {")
	w.line("\tv, ok := s.data[key]")
	w.line("\tif !ok {")
	w.line("\t\treturn \"\", errMissing")
	w.line("\t}")
	w.line("\treturn v, nil")
	w.line("}")
	w.line("")
	w.line("func (s *Store) GetContext(ctx context.Context, key string) (string, error) {")
	w.line("\tif err := ctx.Err(); err != nil {")
	w.line("\t\treturn \"\", err")
	w.line("\t}")
	w.line("\treturn s.Get(key)")
	w.line("}")
	w.line("")
	w.line("// lookup roots a fresh context: calls to it on a request path lose the deadline.")
	w.line("func lookup(s *Store, key string) (string, error) {")
	w.line("\treturn s.GetContext(context.Background(), key)")
	w.line("}")
}

// blocks are the statements Big repeats, each a few lines; # is the
// block's number, unique in the function.
var blocks = [][]string{
	{ // a call that carries ctx, checked: left alone
		"v#, err := s.GetContext(ctx, \"k#\")",
		"if err != nil {",
		"\treturn err",
		"}",
		"_ = v#",
	},
	{ // a call with a context sibling: dropcancel
		"if w#, err := s.Get(\"w#\"); err == nil {",
		"\t_ = w#",
		"}",
	},
	{ // a timeout derived from ctx: left alone
		"c#, cancel# := context.WithTimeout(ctx, 2*time.Second)",
		"if _, err := s.GetContext(c#, \"c#\"); err != nil {",
		"\tcancel#()",
		"\treturn err",
		"}",
		"cancel#()",
	},
	{ // a retry loop that never checks ctx: retrybudget
		"for i := 0; i < 3; i++ {",
		"\tif _, err := s.GetContext(ctx, \"r#\"); err == nil {",
		"\t\tbreak",
		"\t}",
		"\ttime.Sleep(pause)",
		"}",
	},
	{ // a fixed timeout on a fresh root: fixedtimeout
		"f#, stop# := context.WithTimeout(context.Background(), 5*time.Second)",
		"_, _ = s.GetContext(f#, \"f#\")",
		"stop#()",
	},
	{ // a retry loop bounded by ctx: left alone
		"for ctx.Err() == nil {",
		"\tif _, err := s.GetContext(ctx, \"b#\"); err == nil {",
		"\t\tbreak",
		"\t}",
		"\tselect {",
		"\tcase <-ctx.Done():",
		"\tcase <-time.After(pause):",
		"\t}",
		"}",
	},
	{ // a fresh root passed on: ctxbackground
		"if _, err := s.GetContext(context.TODO(), \"t#\"); err != nil {",
		"\treturn err",
		"}",
	},
	{ // a call to a function that roots a fresh context: ctxbackground, by facts
		"if _, err := lookup(s, \"l#\"); err != nil {",
		"\treturn err",
		"}",
	},
}

// writeBig writes Big, whose body has exactly n lines.
func writeBig(w *lineWriter, n int) {
	w.line("")
	w.line("// Big is one very long request handler.")
	w.line("func Big(ctx context.Context, s *Store) error {")
	body := 0
	for i := 0; ; i++ {
		b := blocks[i%len(blocks)]
		if body+len(b)+1 > n { // keep one line for the return
			break
		}
		for _, l := range b {
			w.line("\t%s", strings.ReplaceAll(l, "#", strconv.Itoa(i)))
		}
		body += len(b)
	}
	for ; body < n-1; body++ {
		w.line("\t_ = ctx")
	}
	w.line("\treturn nil")
	w.line("}")
}

// writeNested writes Nested: depth closures, each inside the previous one,
// each using the outer function's ctx.
func writeNested(w *lineWriter, depth int) {
	w.line("")
	w.line("// Nested handles a request through closures nested %d deep.", depth)
	w.line("func Nested(ctx context.Context, s *Store) error {")
	for d := 0; d < depth; d++ {
		w.line("f%d := func() error {", d)
		w.line("if _, err := s.GetContext(ctx, \"n%d\"); err != nil {", d)
		w.line("return err")
		w.line("}")
		if d%10 == 0 {
			w.line("_, _ = s.Get(\"g%d\")", d)
		}
	}
	w.line("return nil")
	for d := depth - 1; d >= 0; d-- {
		w.line("}")
		w.line("return f%d()", d)
	}
	w.line("}")
}

// writeSmall writes n small request handlers calling one another.
func writeSmall(w *lineWriter, n int) {
	for i := 0; i < n; i++ {
		w.line("")
		w.line("func Small%d(ctx context.Context, s *Store) error {", i)
		switch i % 4 {
		case 0:
			w.line("\tif _, err := s.GetContext(ctx, \"s%d\"); err != nil {", i)
			w.line("\t\treturn err")
			w.line("\t}")
		case 1:
			w.line("\tif _, err := s.Get(\"s%d\"); err != nil {", i)
			w.line("\t\treturn err")
			w.line("\t}")
		case 2:
			w.line("\tctx, cancel := context.WithTimeout(ctx, time.Second)")
			w.line("\tdefer cancel()")
		case 3:
			w.line("\tif _, err := lookup(s, \"s%d\"); err != nil {", i)
			w.line("\t\treturn err")
			w.line("\t}")
		}
		if i+1 < n {
			w.line("\treturn Small%d(ctx, s)", i+1)
		} else {
			w.line("\treturn nil")
		}
		w.line("}")
	}
}
