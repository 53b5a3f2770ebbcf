package knowledge

import (
	"go/types"
	"strings"
	"testing"

	"golang.org/x/tools/go/packages"
)

// TestNoCancel checks the table against the standard library: each entry
// names a function or method that exists and takes no context, and each
// Variant exists beside it with a context first.
func TestNoCancel(t *testing.T) {
	paths := map[string]bool{}
	for key := range NoCancel {
		pkg, _, _ := split(key)
		paths[pkg] = true
	}
	var patterns []string
	for p := range paths {
		patterns = append(patterns, p)
	}
	pkgs, err := packages.Load(&packages.Config{Mode: packages.NeedName | packages.NeedTypes}, patterns...)
	if err != nil {
		t.Fatal(err)
	}
	byPath := map[string]*types.Package{}
	for _, p := range pkgs {
		byPath[p.PkgPath] = p.Types
	}
	for key, r := range NoCancel {
		path, recv, name := split(key)
		pkg := byPath[path]
		if pkg == nil {
			t.Errorf("%s: package %s not loaded", key, path)
			continue
		}
		lookup := func(name string) *types.Func {
			if recv == "" {
				fn, _ := pkg.Scope().Lookup(name).(*types.Func)
				return fn
			}
			tn, _ := pkg.Scope().Lookup(recv).(*types.TypeName)
			if tn == nil {
				return nil
			}
			obj, _, _ := types.LookupFieldOrMethod(types.NewPointer(tn.Type()), false, pkg, name)
			fn, _ := obj.(*types.Func)
			return fn
		}
		fn := lookup(name)
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
		v := lookup(r.Variant)
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

// split cuts "(*net/http.Client).Get" or "net/http.Get" into package path,
// receiver type name and function name.
func split(key string) (pkg, recv, name string) {
	if rest, ok := strings.CutPrefix(key, "(*"); ok {
		typ, method, _ := strings.Cut(rest, ").")
		dot := strings.LastIndex(typ, ".")
		return typ[:dot], typ[dot+1:], method
	}
	dot := strings.LastIndex(key, ".")
	return key[:dot], "", key[dot+1:]
}
