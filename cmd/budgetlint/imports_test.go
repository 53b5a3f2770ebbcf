package main

import (
	"go/format"
	"strings"
	"testing"
)

// removeUnusedImports removes only what the fixes left unused: an import
// the original used and the fixed text does not, found by the package's
// real name (names), the name it is imported as, and never through a
// local of the same name.
func TestRemoveUnusedImports(t *testing.T) {
	names := map[string]string{"context": "context", "gopkg.in/yaml.v3": "yaml", "net/url": "url"}
	for _, tc := range []struct{ name, old, fixed, want string }{
		{
			name:  "by the package's name, not the path's last element",
			old:   "package p\n\nimport (\n\t\"context\"\n\t\"gopkg.in/yaml.v3\"\n)\n\nvar _ = yaml.Marshal\nvar _ = context.TODO\n",
			fixed: "package p\n\nimport (\n\t\"context\"\n\t\"gopkg.in/yaml.v3\"\n)\n\nvar _ = 1\nvar _ = context.TODO\n",
			want:  "package p\n\nimport (\n\t\"context\"\n)\n\nvar _ = 1\nvar _ = context.TODO\n",
		},
		{
			name:  "by the name it is imported as",
			old:   "package p\n\nimport c \"context\"\n\nvar _ = c.TODO\n",
			fixed: "package p\n\nimport c \"context\"\n\nvar _ = 1\n",
			want:  "package p\n\nvar _ = 1\n",
		},
		{
			name:  "a local of the import's name is not a use",
			old:   "package p\n\nimport \"net/url\"\n\nfunc f(s string) { url.Parse(s) }\n",
			fixed: "package p\n\nimport \"net/url\"\n\nfunc f(url struct{ Path string }) { _ = url.Path }\n",
			want:  "package p\n\nfunc f(url struct{ Path string }) { _ = url.Path }\n",
		},
		{
			name:  "an import unused before the fixes is not the fixes' doing",
			old:   "package p\n\nimport \"context\"\n\nvar _ = 1\n",
			fixed: "package p\n\nimport \"context\"\n\nvar _ = 2\n",
			want:  "package p\n\nimport \"context\"\n\nvar _ = 2\n",
		},
		{
			name:  "blank imports and unknown packages stay",
			old:   "package p\n\nimport (\n\t_ \"embed\"\n\t\"example.com/x\"\n)\n\nvar _ = x.Y\n",
			fixed: "package p\n\nimport (\n\t_ \"embed\"\n\t\"example.com/x\"\n)\n\nvar _ = 1\n",
			want:  "package p\n\nimport (\n\t_ \"embed\"\n\t\"example.com/x\"\n)\n\nvar _ = 1\n",
		},
		{
			name:  "a file that does not parse is left as it is",
			old:   "package p\n\nimport \"context\"\n\nvar _ = context.TODO\n",
			fixed: "package p\n\nimport \"context\"\n\nvar _ = (\n",
			want:  "package p\n\nimport \"context\"\n\nvar _ = (\n",
		},
	} {
		got := string(removeUnusedImports([]byte(tc.old), []byte(tc.fixed), names))
		if formatted, err := format.Source([]byte(got)); err == nil {
			got = string(formatted)
		}
		if want, err := format.Source([]byte(tc.want)); err == nil {
			tc.want = string(want)
		}
		if strings.TrimSpace(got) != strings.TrimSpace(tc.want) {
			t.Errorf("%s:\ngot:\n%s\nwant:\n%s", tc.name, got, tc.want)
		}
	}
}
