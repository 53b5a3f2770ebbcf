package passtest

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/checker"
	"golang.org/x/tools/go/packages"

	"github.com/budgetlint/budgetlint/internal/price"
)

// Prices runs a on one package made of src and returns each finding's
// price, read back from its URL as every driver reads it: the pass's
// tests change a value in src and see the price move.
func Prices(tb testing.TB, a *analysis.Analyzer, src string) []price.Price {
	tb.Helper()
	dir := tb.TempDir()
	if err := os.MkdirAll(filepath.Join(dir, "src", "p"), 0o755); err != nil {
		tb.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "src", "p", "p.go"), []byte(src), 0o644); err != nil {
		tb.Fatal(err)
	}
	pkgs := LoadFrom(tb, dir, false, "p")
	if packages.PrintErrors(pkgs) > 0 {
		tb.Fatal("the package does not load")
	}
	graph, err := checker.Analyze([]*analysis.Analyzer{a}, pkgs, nil)
	if err != nil {
		tb.Fatal(err)
	}
	var out []price.Price
	for _, act := range graph.Roots {
		if act.Err != nil {
			tb.Fatalf("%s: %v", act, act.Err)
		}
		for _, d := range act.Diagnostics {
			v, ok := price.Parse(a.Name, d.URL)
			if !ok {
				tb.Fatalf("%q carries no price in its URL %q", d.Message, d.URL)
			}
			p, err := price.Compute(a.Name, v)
			if err != nil {
				tb.Fatal(err)
			}
			out = append(out, p)
		}
	}
	return out
}

// PriceOf is the price of the one finding a reports on src with every
// VALUE in it replaced by value.
func PriceOf(tb testing.TB, a *analysis.Analyzer, src, value string) price.Price {
	tb.Helper()
	prices := Prices(tb, a, strings.ReplaceAll(src, "VALUE", value))
	if len(prices) != 1 {
		tb.Fatalf("with %s: want one finding, got %d", value, len(prices))
	}
	return prices[0]
}

// Price is what a pass's finding should cost with VALUE in the source
// replaced by Value: its explain command, and a part of its cost.
type Price struct {
	Value, Explain, Cost string
}

// CheckPrices checks the one finding a reports on src, a program with
// VALUE in it, against each of want: a pass's price tests change the
// value and see the price move.
func CheckPrices(t *testing.T, a *analysis.Analyzer, src string, want ...Price) {
	t.Helper()
	for _, w := range want {
		got := PriceOf(t, a, src, w.Value)
		if got.Explain != w.Explain {
			t.Errorf("with %s: explain %q, want %q", w.Value, got.Explain, w.Explain)
		}
		if !strings.Contains(got.Cost, w.Cost) {
			t.Errorf("with %s: cost %q, want it to say %q", w.Value, got.Cost, w.Cost)
		}
	}
}
