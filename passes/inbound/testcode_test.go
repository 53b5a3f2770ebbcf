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

// A called package is test support by its path below its repository's
// root: the repository's own name does not count.
func TestTestDouble(t *testing.T) {
	for path, want := range map[string]bool{
		"google.golang.org/grpc/test/bufconn":          true,
		"google.golang.org/grpc":                       false,
		"net/http/httptest":                            true,
		"net/http":                                     false,
		"k8s.io/client-go/testing":                     true,
		"github.com/testcontainers/testcontainers-go":  false,
		"github.com/x/testcontainers-go/modules/redis": false,
		"github.com/x/db/internal/testutil":            true,
		"golang.org/x/net/nettest":                     true,
		"github.com/x/store/manifest":                  false,
		"example.com/memnet":                           false,
	} {
		if got := TestDouble(path); got != want {
			t.Errorf("TestDouble(%q) = %v, want %v", path, got, want)
		}
	}
}
