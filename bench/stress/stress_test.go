package stress

import (
	"bytes"
	"go/ast"
	"go/importer"
	"go/parser"
	"go/token"
	"go/types"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"golang.org/x/tools/go/analysis/checker"
	"golang.org/x/tools/go/packages"

	"github.com/budgetlint/budgetlint/internal/registry"
)

// TestShape checks that the package has the promised shape at scales 0, 1
// and 2 and that it type-checks.
func TestShape(t *testing.T) {
	for _, scale := range []int{0, 1, 2} {
		dir := t.TempDir()
		lines, err := Write(dir, scale)
		if err != nil {
			t.Fatal(err)
		}
		fset, f := check(t, dir, lines)
		big, small := funcs(f)
		if small != SmallFuncs*scale {
			t.Errorf("scale %d: %d small functions, want %d", scale, small, SmallFuncs*scale)
		}
		if scale == 0 {
			if big != nil {
				t.Errorf("scale 0 has Big")
			}
			continue
		}
		if big == nil {
			t.Fatalf("scale %d: no function Big", scale)
		}
		body := fset.Position(big.Body.Rbrace).Line - fset.Position(big.Body.Lbrace).Line - 1
		if body != BigFuncLines*scale {
			t.Errorf("scale %d: Big's body has %d lines, want %d", scale, body, BigFuncLines*scale)
		}
		if got := maxNesting(f); got != NestDepth*scale {
			t.Errorf("scale %d: closures nested %d deep, want %d", scale, got, NestDepth*scale)
		}
	}
}

// TestFuncsShape checks that WriteFuncs writes n small functions and
// nothing else, and that they type-check.
func TestFuncsShape(t *testing.T) {
	dir := t.TempDir()
	lines, err := WriteFuncs(dir, 50)
	if err != nil {
		t.Fatal(err)
	}
	_, f := check(t, dir, lines)
	if big, small := funcs(f); big != nil || small != 50 {
		t.Errorf("Big: %v, %d small functions; want no Big, 50 small functions", big != nil, small)
	}
	if _, err := WriteFuncs(dir, -1); err == nil {
		t.Error("WriteFuncs accepted -1 functions")
	}
}

// check parses and type-checks the stress.go that a writer reported lines
// for: budgetlint does not analyse a package with type errors, so a broken
// stress package would measure nothing.
func check(t *testing.T, dir string, lines int) (*token.FileSet, *ast.File) {
	t.Helper()
	src, err := os.ReadFile(filepath.Join(dir, "stress.go"))
	if err != nil {
		t.Fatal(err)
	}
	if got := bytes.Count(src, []byte("\n")); got != lines {
		t.Errorf("the writer counted %d lines, the file has %d", lines, got)
	}
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, "stress.go", src, parser.ParseComments)
	if err != nil {
		t.Fatal(err)
	}
	if ast.IsGenerated(f) {
		t.Error("the file is marked generated, so budgetlint would skip it")
	}
	conf := types.Config{Importer: importer.ForCompiler(fset, "source", nil)}
	if _, err := conf.Check(Module, fset, []*ast.File{f}, nil); err != nil {
		t.Fatal(err)
	}
	return fset, f
}

// funcs returns f's function Big, if any, and its number of SmallN functions.
func funcs(f *ast.File) (big *ast.FuncDecl, small int) {
	for _, d := range f.Decls {
		if fd, ok := d.(*ast.FuncDecl); ok {
			switch {
			case fd.Name.Name == "Big":
				big = fd
			case strings.HasPrefix(fd.Name.Name, "Small"):
				small++
			}
		}
	}
	return big, small
}

// maxNesting is the deepest nesting of function literals in f.
func maxNesting(f *ast.File) int {
	deepest := 0
	var walk func(n ast.Node, depth int)
	walk = func(n ast.Node, depth int) {
		ast.Inspect(n, func(c ast.Node) bool {
			if lit, ok := c.(*ast.FuncLit); ok && c != n {
				deepest = max(deepest, depth+1)
				walk(lit, depth+1)
				return false
			}
			return true
		})
	}
	walk(f, 0)
	return deepest
}

// BenchmarkFuncs runs every pass over one file of n small functions (the
// package is loaded and type-checked once, outside the timing). Cost
// linear in the file's size shows as a flat ns/func across the sizes:
//
//	go test -run - -bench Funcs -benchtime 3x ./bench/stress
func BenchmarkFuncs(b *testing.B) {
	for _, n := range []int{10000, 40000} {
		b.Run(strconv.Itoa(n), func(b *testing.B) {
			dir := b.TempDir()
			if _, err := WriteFuncs(dir, n); err != nil {
				b.Fatal(err)
			}
			pkgs, err := packages.Load(&packages.Config{
				Mode: packages.LoadAllSyntax,
				Dir:  dir,
				Env:  append(os.Environ(), "GOWORK=off", "GOFLAGS=", "GOPROXY=off"),
			}, "./...")
			if err != nil {
				b.Fatal(err)
			}
			if packages.PrintErrors(pkgs) > 0 {
				b.Fatal("the stress package does not load")
			}
			b.ResetTimer()
			for b.Loop() {
				graph, err := checker.Analyze(registry.Passes, pkgs, &checker.Options{Sequential: true})
				if err != nil {
					b.Fatal(err)
				}
				for act := range graph.All() {
					if act.Err != nil {
						b.Fatalf("%s: %v", act, act.Err)
					}
				}
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(n), "ns/func")
		})
	}
}
