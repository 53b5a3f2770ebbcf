package contract

import (
	"fmt"
	"go/ast"
	"go/importer"
	"go/parser"
	"go/token"
	"go/types"
	"os"
	"path/filepath"
	"reflect"
	"runtime"
	"slices"
	"strings"
	"testing"

	"golang.org/x/tools/go/analysis"

	"github.com/budgetlint/budgetlint/internal/registry"
)

// service has one finding of each pass.
const service = `package svc

import (
	"context"
	"net/http"
	"time"
)

type Store interface {
	Get(ctx context.Context, key string) (string, error)
}

func Lookup(ctx context.Context, s Store) (string, error) {
	return s.Get(context.Background(), "k")
}

func Cached(ctx context.Context, s Store) (string, error) {
	c, cancel := context.WithTimeout(context.TODO(), 2*time.Second)
	defer cancel()
	return s.Get(c, "k")
}

func Fetch(ctx context.Context, url string) (*http.Response, error) {
	return http.Get(url)
}

func Retry(ctx context.Context, s Store) (v string, err error) {
	for range 3 {
		if v, err = s.Get(ctx, "k"); err == nil {
			return v, nil
		}
		time.Sleep(100 * time.Millisecond)
	}
	return "", err
}
`

// suppressed adds a finding silenced by a directive.
const suppressed = `
func Audit(ctx context.Context, s Store) {
	_, _ = s.Get(context.TODO(), "audit") //nolint:budgetlint // outlives the request
}
`

// runLikeNogo runs the passes on one package the way rules_go's nogo does
// (go/tools/builders/nogo_main.go): its own analysis.Pass with no
// ReadFile, no Module, a types.Info without Instances or FileVersions,
// and facts kept in memory. It returns the findings as "line: pass", and
// a pass's panic as an error.
func runLikeNogo(t *testing.T, src string) (found []string, err error) {
	t.Helper()
	dir := t.TempDir()
	name := filepath.Join(dir, "svc.go")
	if err := os.WriteFile(name, []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, name, src, parser.ParseComments)
	if err != nil {
		t.Fatal(err)
	}
	info := &types.Info{
		Types:      map[ast.Expr]types.TypeAndValue{},
		Uses:       map[*ast.Ident]types.Object{},
		Defs:       map[*ast.Ident]types.Object{},
		Implicits:  map[ast.Node]types.Object{},
		Scopes:     map[ast.Node]*types.Scope{},
		Selections: map[*ast.SelectorExpr]*types.Selection{},
	}
	conf := types.Config{Importer: importer.ForCompiler(fset, "gc", nil)}
	pkg, err := conf.Check("example.com/svc", fset, []*ast.File{f}, info)
	if err != nil {
		t.Fatal(err)
	}

	facts := map[types.Object]map[reflect.Type]analysis.Fact{}
	results := map[*analysis.Analyzer]any{}
	var run func(a *analysis.Analyzer) (any, error)
	run = func(a *analysis.Analyzer) (result any, err error) {
		if r, ok := results[a]; ok {
			return r, nil
		}
		inputs := map[*analysis.Analyzer]any{}
		for _, req := range a.Requires {
			if inputs[req], err = run(req); err != nil {
				return nil, err
			}
		}
		pass := &analysis.Pass{
			Analyzer:   a,
			Fset:       fset,
			Files:      []*ast.File{f},
			Pkg:        pkg,
			TypesInfo:  info,
			TypesSizes: types.SizesFor("gc", runtime.GOARCH),
			ResultOf:   inputs,
			Report: func(d analysis.Diagnostic) {
				found = append(found, fmt.Sprintf("%d: %s", fset.Position(d.Pos).Line, a.Name))
			},
			ImportObjectFact: func(obj types.Object, fact analysis.Fact) bool {
				got, ok := facts[obj][reflect.TypeOf(fact)]
				if ok {
					reflect.ValueOf(fact).Elem().Set(reflect.ValueOf(got).Elem())
				}
				return ok
			},
			ExportObjectFact: func(obj types.Object, fact analysis.Fact) {
				if facts[obj] == nil {
					facts[obj] = map[reflect.Type]analysis.Fact{}
				}
				facts[obj][reflect.TypeOf(fact)] = fact
			},
			ImportPackageFact: func(*types.Package, analysis.Fact) bool { return false },
			ExportPackageFact: func(analysis.Fact) {},
			AllObjectFacts:    func() []analysis.ObjectFact { return nil },
			AllPackageFacts:   func() []analysis.PackageFact { return nil },
		}
		defer func() {
			if p := recover(); p != nil {
				err = fmt.Errorf("%s panicked: %v", a.Name, p)
			}
		}()
		result, err = a.Run(pass)
		results[a] = result
		return result, err
	}
	for _, a := range registry.Passes {
		if _, err := run(a); err != nil {
			return found, err
		}
	}
	slices.Sort(found)
	return found, nil
}

// TestRunsLikeNogo: every pass reports its finding under nogo's Pass.
func TestRunsLikeNogo(t *testing.T) {
	found, err := runLikeNogo(t, service)
	if err != nil {
		t.Fatal(err)
	}
	want := []string{"14: ctxbackground", "18: fixedtimeout", "24: dropcancel", "28: retrybudget"}
	slices.Sort(want)
	if !slices.Equal(found, want) {
		t.Errorf("under a nogo-style Pass the passes report\n\t%s\nwant\n\t%s", strings.Join(found, "\n\t"), strings.Join(want, "\n\t"))
	}
}

// TestSuppressionLikeNogo: a //nolint directive works without
// pass.ReadFile, which nogo does not provide.
func TestSuppressionLikeNogo(t *testing.T) {
	found, err := runLikeNogo(t, service+suppressed)
	if err != nil {
		t.Fatal(err)
	}
	if len(found) != 4 || slices.ContainsFunc(found, func(s string) bool { return strings.HasPrefix(s, "38:") }) {
		t.Errorf("with a //nolint:budgetlint finding the passes report %v, want the four others", found)
	}
}
