package sim

// The seeds' output and figures, which every model must reproduce, and
// the helpers the models' tests compare with them.

import (
	"crypto/sha256"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// seedOutput reads a seed's printed output, copied verbatim from
// shared/seeds into testdata: the figures the models must reproduce.
func seedOutput(t *testing.T, name string) string {
	t.Helper()
	data, err := os.ReadFile(filepath.Join("testdata", name))
	if err != nil {
		t.Fatal(err)
	}
	return string(data)
}

// simulate runs a model on cfg, which it must accept.
func simulate[C, R any](t *testing.T, model func(C) (R, error), cfg C) R {
	t.Helper()
	rep, err := model(cfg)
	if err != nil {
		t.Fatal(err)
	}
	return rep
}

// textOf is what write prints.
func textOf(t *testing.T, write func(io.Writer) error) string {
	t.Helper()
	var b strings.Builder
	if err := write(&b); err != nil {
		t.Fatal(err)
	}
	return b.String()
}

// diffText fails with the first differing line, which is what one needs to
// see when a figure drifts.
func diffText(t *testing.T, got, want string) {
	t.Helper()
	if got == want {
		return
	}
	g, w := strings.Split(got, "\n"), strings.Split(want, "\n")
	for i := 0; i < max(len(g), len(w)); i++ {
		var gl, wl string
		if i < len(g) {
			gl = g[i]
		}
		if i < len(w) {
			wl = w[i]
		}
		if gl != wl {
			t.Fatalf("line %d differs:\n got: %q\nwant: %q\n\nfull output:\n%s", i+1, gl, wl, got)
		}
	}
	t.Fatalf("outputs differ in length:\n%s", got)
}

// seedFigure is a figure a seed states in its text, from
// testdata/seed_figures.txt: the value as the models print it.
func seedFigure(t *testing.T, seed, name string) string {
	t.Helper()
	for _, f := range seedFigures(t) {
		if f.seed == seed && f.name == name {
			return f.value
		}
	}
	t.Fatalf("testdata/seed_figures.txt has no figure %s of seed %s", name, seed)
	return ""
}

type textFigure struct{ seed, name, value, words string }

func seedFigures(t *testing.T) []textFigure {
	t.Helper()
	var out []textFigure
	for _, line := range strings.Split(seedOutput(t, "seed_figures.txt"), "\n") {
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		f := strings.Split(line, "\t")
		if len(f) != 4 {
			t.Fatalf("testdata/seed_figures.txt: %q is not seed, name, value and words, tab-separated", line)
		}
		out = append(out, textFigure{f[0], f[1], f[2], f[3]})
	}
	return out
}

// The test data is what the seeds print and state, and stays so. Its
// files are pinned by their SHA-256 in testdata/SHA256SUMS, so that a
// golden file edited to agree with a model that drifted fails here, with
// or without the seeds at hand. Where they are (shared/ beside the
// repository), each golden file must also be a verbatim block of its seed
// and each figure's words must stand in its seed.
func TestTestdataIsTheSeeds(t *testing.T) {
	for _, line := range strings.Split(strings.TrimSpace(seedOutput(t, "SHA256SUMS")), "\n") {
		sum, name, ok := strings.Cut(line, "  ")
		if !ok {
			t.Fatalf("testdata/SHA256SUMS: %q is not a sha256sum line", line)
		}
		if got := fmt.Sprintf("%x", sha256.Sum256([]byte(seedOutput(t, name)))); got != sum {
			t.Errorf("testdata/%s changed (sha256 %s, pinned %s): the golden files are the seeds' output, not the models'", name, got, sum)
		}
	}
	seeds := map[string]string{}
	for _, prefix := range []string{"000", "003", "004"} {
		files, _ := filepath.Glob(filepath.Join("..", "..", "shared", "seeds", prefix+"_*.txt"))
		if len(files) == 1 {
			data, err := os.ReadFile(files[0])
			if err != nil {
				t.Fatal(err)
			}
			seeds[prefix] = string(data)
		}
	}
	if len(seeds) == 0 {
		t.Log("shared/seeds is not beside the repository: the test data is checked against its pinned sums only")
		return
	}
	for golden, seed := range map[string]string{"seed003_output.txt": "003", "seed000_output.txt": "000"} {
		if text, ok := seeds[seed]; ok && !strings.Contains(text, seedOutput(t, golden)) {
			t.Errorf("testdata/%s is not a verbatim block of seed %s", golden, seed)
		}
	}
	for _, f := range seedFigures(t) {
		if text, ok := seeds[f.seed]; ok && !strings.Contains(text, f.words) {
			t.Errorf("seed %s does not say %q (figure %s)", f.seed, f.words, f.name)
		}
	}
}
