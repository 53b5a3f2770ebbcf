package sim

import (
	"math"
	"math/big"
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
