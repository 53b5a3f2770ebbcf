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
	"testing"
)

// TestShape checks that the package has the promised shape at scales 0, 1
// and 2 and that it type-checks: budgetlint does not analyse a package
// with type errors, so a broken stress package would measure nothing.
func TestShape(t *testing.T) {
	for _, scale := range []int{0, 1, 2} {
		dir := t.TempDir()
		lines, err := Write(dir, scale)
		if err != nil {
			t.Fatal(err)
		}
		src, err := os.ReadFile(filepath.Join(dir, "stress.go"))
		if err != nil {
			t.Fatal(err)
		}
		if got := bytes.Count(src, []byte("\n")); got != lines {
			t.Errorf("scale %d: Write counted %d lines, the file has %d", scale, lines, got)
		}
		fset := token.NewFileSet()
		f, err := parser.ParseFile(fset, "stress.go", src, parser.ParseComments)
		if err != nil {
			t.Fatalf("scale %d: %v", scale, err)
		}
		if ast.IsGenerated(f) {
			t.Errorf("scale %d: the file is marked generated, so budgetlint would skip it", scale)
		}
		conf := types.Config{Importer: importer.ForCompiler(fset, "source", nil)}
		if _, err := conf.Check(Module, fset, []*ast.File{f}, nil); err != nil {
			t.Fatalf("scale %d: %v", scale, err)
		}

		var big *ast.FuncDecl
		small := 0
		for _, d := range f.Decls {
			if fd, ok := d.(*ast.FuncDecl); ok {
				switch {
				case fd.Name.Name == "Big":
					big = fd
				case len(fd.Name.Name) > 5 && fd.Name.Name[:5] == "Small":
					small++
				}
			}
		}
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
