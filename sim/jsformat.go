package sim

import (
	"io"
	"math"
	"math/big"
	"slices"
	"strconv"
	"strings"
)

// The split model (seed 000) is a JavaScript program; its tables are printed
// with Number.prototype.toFixed, String(n), padStart and padEnd. These
// helpers reproduce those functions exactly, so that the default run prints
// the document's figures digit for digit.

// toFixed formats x like JavaScript's x.toFixed(digits): the exact binary
// value of x is rounded to digits decimals, and an exact tie goes to the
// larger magnitude. Go's strconv rounds such ties to even, which would print
// 46.2 where JavaScript prints 46.3 for 46.25, hence this function.
func toFixed(x float64, digits int) string {
	if math.IsNaN(x) {
		return "NaN"
	}
	if math.IsInf(x, 0) {
		if x > 0 {
			return "Infinity"
		}
		return "-Infinity"
	}
	if math.Abs(x) >= 1e21 {
		return jsString(x) // toFixed falls back to ToString for huge values
	}
	sign := ""
	if x < 0 {
		sign = "-"
		x = -x
	}
	scale := new(big.Int).Exp(big.NewInt(10), big.NewInt(int64(digits)), nil)
	r := new(big.Rat).SetFloat64(x)
	r.Mul(r, new(big.Rat).SetInt(scale))
	r.Add(r, big.NewRat(1, 2))
	n := new(big.Int).Quo(r.Num(), r.Denom()) // floor: r is positive
	s := n.String()
	if digits > 0 {
		if len(s) <= digits {
			s = strings.Repeat("0", digits-len(s)+1) + s
		}
		s = s[:len(s)-digits] + "." + s[len(s)-digits:]
	}
	return sign + s // (-0.01).toFixed(1) is "-0.0" in JavaScript too
}

// jsString formats x like JavaScript's String(x): the shortest decimal that
// reads back as x, in plain notation between 1e-7 and 1e21.
func jsString(x float64) string {
	switch {
	case math.IsNaN(x):
		return "NaN"
	case math.IsInf(x, 1):
		return "Infinity"
	case math.IsInf(x, -1):
		return "-Infinity"
	case x == 0:
		return "0"
	}
	if a := math.Abs(x); a >= 1e21 || a < 1e-6 {
		s := strconv.FormatFloat(x, 'e', -1, 64)
		mant, exp, _ := strings.Cut(s, "e")
		exp = strings.TrimLeft(exp, "+")
		if strings.HasPrefix(exp, "-") {
			exp = "-" + strings.TrimLeft(exp[1:], "0")
		} else {
			exp = "+" + strings.TrimLeft(exp, "0")
		}
		return mant + "e" + exp
	}
	return strconv.FormatFloat(x, 'f', -1, 64)
}

// padStart is JavaScript's s.padStart(width): spaces on the left, never
// truncating.
func padStart(s string, width int) string {
	if n := width - len([]rune(s)); n > 0 {
		return strings.Repeat(" ", n) + s
	}
	return s
}

// padEnd is JavaScript's s.padEnd(width).
func padEnd(s string, width int) string {
	if n := width - len([]rune(s)); n > 0 {
		return s + strings.Repeat(" ", n)
	}
	return s
}

// table lays out rows of cells in columns. The widths are the seed's (a
// negative width is a left-aligned column, padEnd; a positive one is
// right-aligned, padStart): with the seed's figures every cell fits and the
// table is the seed's to the byte. A column widens where a cell does not
// fit, so that a long figure keeps a space before it and its column stays
// aligned, instead of running into the cell on its left.
type table struct {
	widths []int
	rows   [][]string
}

func newTable(widths ...int) *table { return &table{widths: widths} }

func (t *table) row(cells ...string) { t.rows = append(t.rows, cells) }

func (t *table) writeTo(b *strings.Builder) {
	widths := slices.Clone(t.widths)
	for _, r := range t.rows {
		for i, c := range r {
			n := len([]rune(c))
			switch w := widths[i]; {
			case w < 0 && n+1 > -w && i < len(r)-1:
				widths[i] = -(n + 1) // left-aligned: the space comes after
			case w > 0 && n+1 > w:
				widths[i] = n + 1
			}
		}
	}
	for _, r := range t.rows {
		for i, c := range r {
			if w := widths[i]; w < 0 {
				b.WriteString(padEnd(c, -w))
			} else {
				b.WriteString(padStart(c, w))
			}
		}
		b.WriteString("\n")
	}
}

// writeBuilt writes what build puts into a builder, for the methods that
// print one of a report's tables on its own.
func writeBuilt(w io.Writer, build func(*strings.Builder)) error {
	var b strings.Builder
	build(&b)
	_, err := io.WriteString(w, b.String())
	return err
}

// column formats one column of figures with one precision: as few
// decimals as its values need, at most two. A column of whole numbers, as
// every column of the seed's that JavaScript prints with String(), prints
// as the seed does; a non-default split that makes one value fractional
// (a weighted share of 66.3 ms) prints the whole column with its decimals,
// not 18.69999999999999 beside 20.
func column(xs ...float64) []string {
	digits := 0
	for _, x := range xs {
		s := strings.TrimRight(toFixed(x, 2), "0")
		if i := strings.IndexByte(s, '.'); i >= 0 {
			digits = max(digits, len(s)-i-1)
		}
	}
	out := make([]string, len(xs))
	for i, x := range xs {
		out[i] = toFixed(x, digits)
	}
	return out
}

// columns formats n rows of figures column by column, each column with
// one precision; row(i) gives row i's figures, and the cells come back row
// by row.
func columns(n int, row func(i int) []float64) [][]string {
	var cols [][]float64
	for i := range n {
		for j, x := range row(i) {
			if j == len(cols) {
				cols = append(cols, nil)
			}
			cols[j] = append(cols[j], x)
		}
	}
	out := make([][]string, n)
	for _, col := range cols {
		for i, cell := range column(col...) {
			out[i] = append(out[i], cell)
		}
	}
	return out
}

// figure formats one figure as a column of one would.
func figure(x float64) string { return column(x)[0] }
