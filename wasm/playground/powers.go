package playground

import (
	"math"
	"strconv"
	"strings"
)

// PowerOfTwoText writes a rate as the SOBA paper writes exploration rates
// when it is a power of two: "2⁻⁶ = 1/64", "2³ = 8", "1"; any other value
// as a plain number.
func PowerOfTwoText(x float64) string {
	frac, exp := math.Frexp(x) // x = frac · 2^exp, frac in [1/2, 1)
	if frac != 0.5 || x <= 0 {
		return strconv.FormatFloat(x, 'g', 4, 64)
	}
	e := exp - 1
	switch {
	case e == 0:
		return "1"
	case e < 0:
		return "2" + superscript(e) + " = 1/" + strconv.FormatFloat(math.Ldexp(1, -e), 'f', -1, 64)
	}
	return "2" + superscript(e) + " = " + strconv.FormatFloat(x, 'f', -1, 64)
}

// superscript writes an integer in superscript digits.
func superscript(n int) string {
	const digits = "⁰¹²³⁴⁵⁶⁷⁸⁹"
	var b strings.Builder
	if n < 0 {
		b.WriteString("⁻")
		n = -n
	}
	for _, c := range strconv.Itoa(n) {
		d := int(c - '0')
		b.WriteString(string([]rune(digits)[d]))
	}
	return b.String()
}
