package inbound

import (
	"go/types"
	"testing"

	"golang.org/x/tools/go/analysis"
)

// The module's own path is its name, not a mark of test code: a library
// named for testing is matched by the packages below it only.
func TestTestSupportBelowModule(t *testing.T) {
	for _, c := range []struct {
		module, pkg string
		want        bool
	}{
		{"github.com/x/testcontainers-go", "github.com/x/testcontainers-go", false},
		{"github.com/x/testcontainers-go", "github.com/x/testcontainers-go/wait", false},
		{"github.com/x/testcontainers-go", "github.com/x/testcontainers-go/internal/testenv", true},
		{"github.com/x/workflows", "github.com/x/workflows/tester", true},
		{"github.com/x/db", "github.com/x/db/go/tablet/endtoend/framework", true},
		{"", "inbound/tester", true},
	} {
		pass := &analysis.Pass{Pkg: types.NewPackage(c.pkg, "p")}
		if c.module != "" {
			pass.Module = &analysis.Module{Path: c.module}
		}
		if got := testSupport(pathInModule(pass)); got != c.want {
			t.Errorf("module %q, package %q: test support %v, want %v", c.module, c.pkg, got, c.want)
		}
	}
}
