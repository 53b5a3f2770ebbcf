package contract

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/budgetlint/budgetlint/internal/passdoc"
)

// TestDocIsDocGo keeps one source of each analyzer's documentation:
// Analyzer.Doc is its doc.go's "# Analyzer NAME" section, whole, so that
// go vet's help, budgetlint help and pkg.go.dev never disagree.
func TestDocIsDocGo(t *testing.T) {
	for _, a := range ours() {
		content, err := os.ReadFile(filepath.Join("..", "..", "passes", a.Name, "doc.go"))
		if err != nil {
			t.Fatal(err)
		}
		want := passdoc.Section(string(content), a.Name)
		if want == "" {
			t.Errorf("passes/%s/doc.go has no section \"# Analyzer %s\" with a line \"%s: summary\"", a.Name, a.Name, a.Name)
		}
		if a.Doc != want {
			t.Errorf("%s: Analyzer.Doc is not its doc.go's section:\n%s", a.Name, a.Doc)
		}
	}
}
