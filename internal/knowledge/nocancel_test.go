package knowledge

import (
	"go/types"
	"maps"
	"slices"
	"strings"
	"testing"

	"golang.org/x/tools/go/packages"

	"github.com/budgetlint/budgetlint/internal/passtest/table"
)

// TestNoCancel checks the table against the standard library: each entry
// names a function or method that exists and takes no context, and each
// Variant exists beside it with a context first.
func TestNoCancel(t *testing.T) {
	byPath := loadStd(t, slices.Collect(maps.Keys(NoCancel)))
	for key, r := range NoCancel {
		path, recv, name := split(key)
		pkg := byPath[path]
		if pkg == nil {
			t.Errorf("%s: package %s not loaded", key, path)
			continue
		}
		fn := lookup(pkg, recv, name)
		if fn == nil || fn.FullName() != key {
			t.Errorf("%s: no such function", key)
			continue
		}
		if r.Variant == "" {
			if r.Advice == "" {
				t.Errorf("%s: neither Variant nor Advice", key)
			}
			continue
		}
		v := lookup(pkg, recv, r.Variant)
		if v == nil {
			t.Errorf("%s: no variant %s", key, r.Variant)
			continue
		}
		params := v.Type().(*types.Signature).Params()
		if params.Len() == 0 || types.TypeString(params.At(0).Type(), nil) != "context.Context" {
			t.Errorf("%s: variant %s does not take a context first", key, r.Variant)
		}
	}
}

// split cuts "(*net/http.Client).Get", "(testing.TB).Fatal" or
// "net/http.Get" into package path, receiver type name and function name.
func split(key string) (pkg, recv, name string) {
	if rest, ok := strings.CutPrefix(key, "("); ok {
		rest = strings.TrimPrefix(rest, "*")
		typ, method, _ := strings.Cut(rest, ").")
		dot := strings.LastIndex(typ, ".")
		return typ[:dot], typ[dot+1:], method
	}
	dot := strings.LastIndex(key, ".")
	return key[:dot], "", key[dot+1:]
}

// TestExits checks the standard library's entries of the exits table
// against the standard library: each names a function or method that
// exists.
func TestExits(t *testing.T) {
	byPath := loadStd(t, slices.Collect(maps.Keys(exits)))
	checked := 0
	for key := range exits {
		path, recv, name := split(key)
		pkg := byPath[path]
		if pkg == nil {
			continue // another module's
		}
		if fn := lookup(pkg, recv, name); fn == nil || fn.FullName() != key {
			t.Errorf("%s: no such function", key)
		}
		checked++
	}
	if checked < 20 {
		t.Errorf("checked %d standard-library exits, want at least 20", checked)
	}
}

// loadStd loads the types of the standard-library packages the keys name,
// by path.
func loadStd(t *testing.T, keys []string) map[string]*types.Package {
	var patterns []string
	for _, key := range keys {
		if path, _, _ := split(key); !strings.Contains(strings.Split(path, "/")[0], ".") && !slices.Contains(patterns, path) {
			patterns = append(patterns, path)
		}
	}
	pkgs, err := packages.Load(&packages.Config{Mode: packages.NeedName | packages.NeedTypes}, patterns...)
	if err != nil {
		t.Fatal(err)
	}
	byPath := map[string]*types.Package{}
	for _, p := range pkgs {
		byPath[p.PkgPath] = p.Types
	}
	return byPath
}

// lookup finds the function name of pkg, or the method name of its type
// recv.
func lookup(pkg *types.Package, recv, name string) *types.Func {
	if recv == "" {
		fn, _ := pkg.Scope().Lookup(name).(*types.Func)
		return fn
	}
	tn, _ := pkg.Scope().Lookup(recv).(*types.TypeName)
	if tn == nil {
		return nil
	}
	obj, _, _ := types.LookupFieldOrMethod(tn.Type(), true, pkg, name)
	fn, _ := obj.(*types.Func)
	return fn
}

func TestIsLogHookName(t *testing.T) {
	table.Check(t, "IsLogHookName", IsLogHookName, map[string]bool{
		"ClientLogContextHook": true,
		"logHooks":             true,
		"LoggerFunc":           true,
		"loggingHook":          true,
		"Log":                  true,
		"CatalogHook":          false,
		"blogPost":             false,
		"Logistics":            false,
		"errorHandler":         true,
		"HandleError":          true,
		"ErrorReporter":        true,
		"ErrorHandling":        false,
		"handleRequest":        false,
		"":                     false,
	})
}

func TestIsUndoName(t *testing.T) {
	table.Check(t, "IsUndoName", IsUndoName, map[string]bool{
		"Kill":          true,
		"KillQuery":     true,
		"abort":         true,
		"rollbackTx":    true,
		"Terminate":     true,
		"Killer":        false,
		"Aborted":       false,
		"killswitch":    false,
		"RollbackCount": true,
		"":              false,
	})
}

func TestIsCloserName(t *testing.T) {
	table.Check(t, "IsCloserName", IsCloserName, map[string]bool{
		"Shutdown":     true,
		"Rollback":     true,
		"closeAll":     true,
		"Kill":         true,
		"CloseSession": false,
		"Commit":       false,
		"":             false,
	})
}
