package linear

import "math"

// exp and hypot are math.Exp and math.Hypot written so that Go's
// WebAssembly code runs them fast, with the same bits on every platform.
// Natively (amd64) math.Exp and math.Hypot are assembly; in WASM they are
// Go functions calling further functions (math.Exp calls expmulti, then
// Ldexp), and each call costs much more there than the arithmetic: the
// coordinate-wise learners, which take an exponential or a hypotenuse per
// coordinate and round, ran 2.3-4x slower in WASM than natively.

// exp returns e^x: the algorithm of Go's pure-Go math.Exp (from FreeBSD's
// e_exp.c: x = k ln2 + r, a Remez polynomial for e^r), with its final
// Ldexp(y, k) done as two exact multiplications by powers of two, so that
// it needs no call. Its results are math.Exp's bits in WASM (tested there)
// and within 2 ulps of the amd64 assembly natively (tested; the assembly
// is the less accurate), so that, for arguments in [-700, 700] away from
// 0, the learners compute the same bits natively and in the browser; the
// others (beyond, and |x| < 2^-28) go to math.Exp.
func exp(x float64) float64 {
	const (
		ln2Hi = 6.93147180369123816490e-01
		ln2Lo = 1.90821492927058770002e-10
		log2e = 1.44269504088896338700e+00
		p1    = 1.66666666666666657415e-01
		p2    = -2.77777777770155933842e-03
		p3    = 6.61375632143793436117e-05
		p4    = -1.65339022054652515390e-06
		p5    = 4.13813679705723846039e-08
		// the bits of 2^-28 and of 700: |x| is in [2^-28, 700] exactly when
		// its bits are in [nearZeroBits, maxArgBits], one unsigned test
		nearZeroBits = 0x3E30000000000000
		maxArgBits   = 0x4085E00000000000
	)
	// Go's WebAssembly code dispatches on every branch, so this path has one.
	if math.Float64bits(x)&^(1<<63)-nearZeroBits > maxArgBits-nearZeroBits {
		return math.Exp(x) // NaN, infinities, under- and overflow, tiny x
	}
	k := int(log2e*x + math.Copysign(0.5, x)) // log2e x ± 0.5, rounded to the nearest integer
	hi := x - float64(k)*ln2Hi
	lo := float64(k) * ln2Lo
	r := hi - lo
	t := r * r
	c := r - t*(p1+t*(p2+t*(p3+t*(p4+t*p5))))
	y := 1 - ((lo - (r*c)/(2-c)) - hi)
	// y 2^k with |k| <= 1010: two factors 2^(k/2) and 2^(k-k/2), each a
	// normal float64, so both products are exact (y is near 1).
	half := k / 2
	return y * math.Float64frombits(uint64(half+1023)<<52) * math.Float64frombits(uint64(k-half+1023)<<52)
}

// hypot returns sqrt(p^2 + q^2) without overflow: math.Hypot's formula
// max * sqrt(1 + (min/max)^2), the same in Go and in the amd64 assembly,
// in one function (no calls on its usual path).
func hypot(p, q float64) float64 {
	p, q = math.Abs(p), math.Abs(q)
	if math.IsInf(p, 1) || math.IsInf(q, 1) {
		return math.Inf(1)
	}
	if math.IsNaN(p) || math.IsNaN(q) {
		return math.NaN()
	}
	if p < q {
		p, q = q, p
	}
	if p == 0 {
		return 0
	}
	q /= p
	return p * math.Sqrt(1+q*q)
}

// maxAbs returns max(m, |v|) for a running maximum m >= 0 and finite v:
// math.Max's result for these arguments, inlined (math.Max is a call in
// WASM, and Go's built-in max is slower there).
func maxAbs(m, v float64) float64 {
	if a := math.Abs(v); a > m {
		return a
	}
	return m
}
