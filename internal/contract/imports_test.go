package contract

import (
	"encoding/json"
	"go/ast"
	"go/parser"
	"go/token"
	"io"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// forbidden are the packages a pass must not depend on: a driver loads the
// packages and runs the go command, the pass only reads what it is given.
var forbidden = map[string]string{
	"golang.org/x/tools/go/packages": "loads packages itself",
	"os/exec":                        "runs commands (the go command)",
}

// fileAccess are the functions that read the file system outside
// pass.ReadFile, which nogo's sandbox and editors' overlays do not see.
var fileAccess = map[string][]string{
	"os":            {"ReadFile", "Open", "OpenFile", "ReadDir", "Stat", "Lstat", "Getwd", "DirFS"},
	"io/ioutil":     {"ReadFile", "ReadDir"},
	"path/filepath": {"Walk", "WalkDir", "Glob"},
	"io/fs":         {"WalkDir", "ReadFile", "Glob"},
}

type listedPackage struct {
	ImportPath string
	Dir        string
	GoFiles    []string
	Imports    []string
	Module     *struct{ Path string }
}

// dependencies lists the passes' packages and everything they import,
// as `go list -deps` sees them (tests excluded).
func dependencies(t *testing.T) map[string]*listedPackage {
	t.Helper()
	args := []string{"list", "-deps", "-json=ImportPath,Dir,GoFiles,Imports,Module"}
	for _, a := range ours() {
		args = append(args, module+"/passes/"+a.Name)
	}
	cmd := exec.Command("go", args...)
	cmd.Dir = filepath.Join("..", "..")
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("go list: %v", err)
	}
	pkgs := map[string]*listedPackage{}
	dec := json.NewDecoder(strings.NewReader(string(out)))
	for {
		p := new(listedPackage)
		if err := dec.Decode(p); err == io.EOF {
			break
		} else if err != nil {
			t.Fatal(err)
		}
		pkgs[p.ImportPath] = p
	}
	return pkgs
}

// TestNoForbiddenImports walks each pass's import graph and names the
// chain that reaches a forbidden package.
func TestNoForbiddenImports(t *testing.T) {
	pkgs := dependencies(t)
	for _, a := range ours() {
		root := module + "/passes/" + a.Name
		if pkgs[root] == nil {
			t.Fatalf("go list did not list %s", root)
		}
		// Breadth-first, remembering how each package was reached.
		via := map[string]string{root: ""}
		queue := []string{root}
		for len(queue) > 0 {
			path := queue[0]
			queue = queue[1:]
			if why, bad := forbidden[path]; bad {
				chain := []string{path}
				for p := via[path]; p != ""; p = via[p] {
					chain = append(chain, p)
				}
				slices.Reverse(chain)
				t.Errorf("%s imports %s, which %s: %s", a.Name, path, why, strings.Join(chain, " -> "))
				continue
			}
			for _, imp := range pkgs[path].Imports {
				if _, ok := via[imp]; !ok && pkgs[imp] != nil {
					via[imp] = path
					queue = append(queue, imp)
				}
			}
		}
	}
}

// TestNoFileAccess reads the non-test sources of every budgetlint package
// the passes depend on for calls that read files behind pass.ReadFile's
// back.
func TestNoFileAccess(t *testing.T) {
	checked := 0
	for _, p := range dependencies(t) {
		if p.Module == nil || p.Module.Path != module {
			continue
		}
		for _, name := range p.GoFiles {
			checked++
			file := filepath.Join(p.Dir, name)
			f, err := parser.ParseFile(token.NewFileSet(), file, nil, parser.SkipObjectResolution)
			if err != nil {
				t.Fatal(err)
			}
			// The names this file imports the watched packages by.
			local := map[string]string{}
			for _, spec := range f.Imports {
				path, _ := strconv.Unquote(spec.Path.Value)
				if _, ok := fileAccess[path]; !ok {
					continue
				}
				name := path[strings.LastIndex(path, "/")+1:]
				if spec.Name != nil {
					name = spec.Name.Name
				}
				local[name] = path
			}
			ast.Inspect(f, func(n ast.Node) bool {
				sel, ok := n.(*ast.SelectorExpr)
				if !ok {
					return true
				}
				id, ok := sel.X.(*ast.Ident)
				if !ok || local[id.Name] == "" {
					return true
				}
				if slices.Contains(fileAccess[local[id.Name]], sel.Sel.Name) {
					t.Errorf("%s: %s.%s reads the file system; use pass.ReadFile", filepath.Join(p.ImportPath, name), local[id.Name], sel.Sel.Name)
				}
				return true
			})
		}
	}
	if checked == 0 {
		t.Fatal("no budgetlint source was checked")
	}
}
