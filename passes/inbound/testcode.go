package inbound

import (
	"go/ast"
	"go/types"
	"path"
	"strings"

	"golang.org/x/tools/go/analysis"

	"github.com/budgetlint/budgetlint/internal/ctxapi"
	"github.com/budgetlint/budgetlint/internal/knowledge"
)

// defaultTestSupport are the import path elements that mark a package as
// test support (fakes, mocks, test servers, clients and databases, a
// workflow tester): its code is test code although it has no _test.go
// name and no *testing.T. Only the path below the module's own is matched:
// a module named for testing (testcontainers-go) is a library whose
// callers may be anything. The -testsupport flag replaces the list.
const defaultTestSupport = "test*,*testutil*,e2e,endtoend,integration,fake*,mock*,*test,*tests,*testing"

// notTestSupport are words that the patterns above would catch although
// they name no test code.
var notTestSupport = map[string]bool{
	"latest": true, "fastest": true, "greatest": true, "shortest": true, "contest": true,
	"protest": true, "attest": true, "detest": true, "manifest": true, "testament": true,
}

var testSupportPatterns = patternList(strings.Split(defaultTestSupport, ","))

type patternList []string

func (l *patternList) String() string { return strings.Join(*l, ",") }

func (l *patternList) Set(s string) error {
	var list patternList
	for p := range strings.SplitSeq(s, ",") {
		if p = strings.TrimSpace(p); p == "" {
			continue
		}
		if _, err := path.Match(p, ""); err != nil {
			return err
		}
		list = append(list, p)
	}
	*l = list
	return nil
}

// testSupport reports whether an import path marks a test-support package,
// or a file name a test-support file (test_utils.go, fake_server.go): one
// of its elements, or the file's name without .go, matches a -testsupport
// pattern.
func testSupport(importPath string) bool {
	if importPath == "" {
		return false
	}
	for elem := range strings.SplitSeq(strings.TrimSuffix(importPath, ".go"), "/") {
		if notTestSupport[elem] {
			continue
		}
		for _, p := range testSupportPatterns {
			if ok, _ := path.Match(p, elem); ok {
				return true
			}
		}
	}
	return false
}

// TestDouble reports whether importPath, the package of a function
// being called, is test support of its repository (grpc's test/bufconn,
// net/http/httptest, client-go's testing): its elements below the
// repository root (the host and two more on a code host such as
// github.com, the host and one more elsewhere, none in the standard
// library) match a -testsupport pattern. Such a package's calls go to
// in-process doubles (an in-memory pipe, a fake server), not to the
// network a deadline is for.
func TestDouble(importPath string) bool {
	elems := strings.Split(importPath, "/")
	root := 0
	if strings.Contains(elems[0], ".") {
		root = 2
		switch elems[0] {
		case "github.com", "gitlab.com", "bitbucket.org", "golang.org":
			root = 3
		}
	}
	if len(elems) <= root {
		return false
	}
	return testSupport(strings.Join(elems[root:], "/"))
}

// docTestSupport reports whether the package's doc comment, in any of
// its files, says the package is there for tests
// (knowledge.SaysTestSupport).
func docTestSupport(files []*ast.File) bool {
	for _, f := range files {
		if f.Doc != nil && knowledge.SaysTestSupport(f.Doc.Text()) {
			return true
		}
	}
	return false
}

// testFunc reports whether fn is test code by its signature: it has a
// testing parameter, or it is a method of a test suite.
func testFunc(info *types.Info, fn *Func) bool {
	if ft := fn.Type(); ft != nil && ft.Params != nil {
		for _, field := range ft.Params.List {
			if ctxapi.IsTestingType(info.TypeOf(field.Type)) {
				return true
			}
		}
	}
	return suiteMethod(info, fn.Node)
}

// suiteMethod reports whether n is a method of a test suite: its receiver
// type embeds a testing type or something that hands one out (testify's
// suite.Suite has T() *testing.T).
func suiteMethod(info *types.Info, n ast.Node) bool {
	decl, ok := n.(*ast.FuncDecl)
	if !ok || decl.Recv == nil || len(decl.Recv.List) == 0 {
		return false
	}
	t := info.TypeOf(decl.Recv.List[0].Type)
	if t == nil {
		return false // the receiver's type does not resolve
	}
	if p, ok := types.Unalias(t).(*types.Pointer); ok {
		t = p.Elem()
	}
	st, ok := types.Unalias(t).Underlying().(*types.Struct)
	if !ok {
		return false
	}
	for i := range st.NumFields() {
		f := st.Field(i)
		if f.Embedded() && (ctxapi.IsTestingType(f.Type()) || handsOutTest(f.Type())) {
			return true
		}
	}
	return false
}

// handsOutTest reports whether t has a method T() returning a testing type.
func handsOutTest(t types.Type) bool {
	return ctxapi.IsTestingType(ctxapi.Getter(t, "T"))
}

// pathInModule returns the package's import path below its module's path
// ("" for the module's root package); the whole path outside a module.
func pathInModule(pass *analysis.Pass) string {
	p := pass.Pkg.Path()
	if pass.Module == nil || pass.Module.Path == "" {
		return p
	}
	if p == pass.Module.Path {
		return ""
	}
	return strings.TrimPrefix(p, pass.Module.Path+"/")
}
