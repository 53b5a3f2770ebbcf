package contract

import (
	"bytes"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/budgetlint/budgetlint/internal/passtest"
)

// TestGoVetFixDiff: go vet -fix -diff prints the passes' suggested fixes
// when budgetlint is the vet tool, and -fix without -diff is what applies
// them. (cmd/budgetlint's tests cover facts and flags through go vet.)
func TestGoVetFixDiff(t *testing.T) {
	tool := passtest.Command(t)
	root, err := filepath.Abs(filepath.Join("..", ".."))
	if err != nil {
		t.Fatal(err)
	}
	vet := exec.Command("go", "vet", "-vettool="+tool, "-fix", "-diff", "./helpers", "./svc")
	vet.Dir = filepath.Join(root, "testdata", "vet")
	var stdout, stderr bytes.Buffer
	vet.Stdout, vet.Stderr = &stdout, &stderr
	err = vet.Run()
	if _, ok := err.(*exec.ExitError); !ok {
		t.Fatalf("go vet -fix -diff: %v (want exit status 1 for a non-empty diff)\n%s", err, stderr.String())
	}
	diff := stdout.String()
	for _, want := range []string{
		"--- " + filepath.Join(vet.Dir, "svc", "svc.go") + " (old)",
		"-\treturn use(context.Background())",
		"+\treturn use(ctx)",
	} {
		if !strings.Contains(diff, want) {
			t.Errorf("the diff lacks %q:\n%s%s", want, diff, stderr.String())
		}
	}
}
