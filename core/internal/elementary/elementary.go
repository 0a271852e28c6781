// Package elementary has math.Exp, math.Expm1, math.Log and math.Hypot
// (and a few things built on them) written so that Go's WebAssembly code
// runs them fast, with the same bits on every platform. Natively (amd64)
// math.Exp, math.Log and math.Hypot are assembly; in WASM they are Go
// functions calling further functions (math.Exp calls expmulti, then
// Ldexp), and each call costs much more there than the arithmetic: the
// coordinate-wise learners, which take an exponential or a hypotenuse per
// coordinate and round, ran 2.3-4x slower in WASM than natively, and the
// logistic loss, taken for every learner and round of a board, was a
// tenth of the board's time.
package elementary

import "math"

// Exp returns e^x (ExpInPlace on one value).
func Exp(x float64) float64 {
	v := [1]float64{x}
	ExpInPlace(v[:])
	return v[0]
}

// ExpInPlace replaces each v[i] by e^v[i]: the algorithm of Go's pure-Go
// math.Exp (from FreeBSD's e_exp.c: x = k ln2 + r, a Remez polynomial for
// e^r), with its final Ldexp(y, k) done as two exact multiplications by
// powers of two, so that the loop makes no call. Its results are
// math.Exp's bits in WASM (tested there) and within 2 ulps of the amd64
// assembly natively (tested; the assembly is the less accurate), so that,
// for arguments in [-700, 700] away from 0, the learners compute the same
// bits natively and in the browser; the others (beyond, and |x| < 2^-28)
// go to math.Exp. A whole slice per call, because in WASM a call per
// coordinate costs more than the exponential's arithmetic.
func ExpInPlace(v []float64) {
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
	for i, x := range v {
		// Go's WebAssembly code dispatches on every branch, so this path has one.
		if math.Float64bits(x)&^(1<<63)-nearZeroBits > maxArgBits-nearZeroBits {
			v[i] = math.Exp(x) // NaN, infinities, under- and overflow, tiny x
			continue
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
		v[i] = y * math.Float64frombits(uint64(half+1023)<<52) * math.Float64frombits(uint64(k-half+1023)<<52)
	}
}

// GrowNorm returns hypot(n, g) = sqrt(n^2 + g^2) for a running norm n >= 0
// (+Inf and NaN included) and a finite entry g != 0, without overflow:
// math.Hypot's formula max * sqrt(1 + (min/max)^2), the same in Go and in
// the amd64 assembly, and its bits for these arguments (tested). It has
// none of math.Hypot's other cases, so that it is small enough to be
// inlined: a call per coordinate is what WASM pays most. (An infinite g,
// only from an overflowing gradient, gives NaN where math.Hypot gives +Inf;
// the learners' step g/norm is NaN either way, and Guard stops them.)
func GrowNorm(n, g float64) float64 {
	p, q := n, math.Abs(g)
	if p < q {
		p, q = q, p
	}
	q /= p
	return p * math.Sqrt(1+q*q)
}

// MaxAbs returns max(m, |v|) for a running maximum m >= 0 and finite v:
// math.Max's result for these arguments, inlined (math.Max is a call in
// WASM, and Go's built-in max is slower there).
func MaxAbs(m, v float64) float64 {
	if a := math.Abs(v); a > m {
		return a
	}
	return m
}

// Clamp returns v held within ±limit (limit > 0): math.Max(-limit,
// math.Min(v, limit))'s result for every v, NaN and signed zeros included,
// inlined (the two calls were 2.6% of a board's time in WASM, where
// COCOB's learners clamp every coordinate each round).
func Clamp(v, limit float64) float64 {
	if v > limit {
		return limit
	}
	if v < -limit {
		return -limit
	}
	return v
}

// Expm1 returns e^x - 1: the algorithm of Go's math.Expm1 (from FreeBSD's
// s_expm1.c), for the arguments ScInOL1 gives it (x = |theta|/2 >= 0) in
// one function without the sign's branches. math.Expm1 is Go code on every
// platform, so Expm1 gives its bits everywhere (tested); arguments outside
// [2^-54, 56 ln2) (negative, tiny, huge, NaN) go to math.Expm1.
func Expm1(x float64) float64 {
	v := [1]float64{x}
	Expm1InPlace(v[:])
	return v[0]
}

// Expm1InPlace replaces each v[i] by e^v[i] - 1, as Expm1 does one value:
// a whole slice per call, as ExpInPlace.
func Expm1InPlace(v []float64) {
	const (
		ln2X56    = 3.88162421113569373274e+01 // 56 ln2, where e^x - 1 = e^x
		ln2Half   = 3.46573590279972654709e-01 // 0.5 ln2
		ln2HalfX3 = 1.03972077083991796413e+00 // 1.5 ln2
		ln2Hi     = 6.93147180369123816490e-01
		ln2Lo     = 1.90821492927058770002e-10
		invLn2    = 1.44269504088896338700e+00
		q1        = -3.33333333333331316428e-02
		q2        = 1.58730158725481460165e-03
		q3        = -7.93650757867487942473e-05
		q4        = 4.00821782732936239552e-06
		q5        = -2.01099218183624371326e-07
		// the bits of 2^-54 and of 56 ln2: x is in [2^-54, 56 ln2) exactly
		// when its bits are in [tinyBits, hugeBits), one unsigned test
		tinyBits = 0x3C90000000000000
		hugeBits = 0x4043687A9F1AF2B1 // 56 ln2 as math.Expm1 has it
	)
	for i, x := range v {
		if math.Float64bits(x)-tinyBits >= hugeBits-tinyBits {
			v[i] = math.Expm1(x)
			continue
		}
		// x = k ln2 + (hi - lo), with c the rounding of hi - lo (Go's reduction)
		var c float64
		k := 0
		if x > ln2Half {
			var hi, lo float64
			if x < ln2HalfX3 {
				hi, lo, k = x-ln2Hi, ln2Lo, 1
			} else {
				k = int(invLn2*x + 0.5)
				t := float64(k)
				hi, lo = x-t*ln2Hi, t*ln2Lo
			}
			x = hi - lo
			c = (hi - x) - lo
		}
		hfx := 0.5 * x
		hxs := x * hfx
		r1 := 1 + hxs*(q1+hxs*(q2+hxs*(q3+hxs*(q4+hxs*q5))))
		t := 3 - r1*hfx
		e := hxs * ((r1 - t) / (6.0 - x*t))
		if k == 0 {
			v[i] = x - (x*e - hxs)
			continue
		}
		e = x*(e-c) - c
		e -= hxs
		twoK := math.Float64frombits(uint64(0x3ff+k) << 52)
		switch {
		case k == 1:
			if x < -0.25 {
				v[i] = -2 * (e - (x + 0.5))
				continue
			}
			v[i] = 1 + 2*(x-e)
			continue
		case k < 20:
			t := math.Float64frombits(0x3ff0000000000000 - (0x20000000000000 >> uint(k))) // 1 - 2^-k
			v[i] = (t - (e - x)) * twoK
			continue
		}
		t = math.Float64frombits(uint64(0x3ff-k) << 52) // 2^-k
		y := x - (e + t)
		y++
		v[i] = y * twoK
	}
}

// Log returns the natural logarithm (LogInPlace on one value).
func Log(x float64) float64 {
	v := [1]float64{x}
	LogInPlace(v[:])
	return v[0]
}

// LogInPlace replaces each v[i] by its natural logarithm: the algorithm of
// Go's pure-Go math.Log (from FreeBSD's e_log.c: x = 2^k (1 + f) with
// 1 + f in [sqrt2/2, sqrt2), a Remez polynomial in s = f/(2 + f)), with
// math.Frexp's reduction done on the bits without a branch. For positive
// normal x its results are math.Log's bits in WASM (tested there); the
// others (0, subnormals, negative, infinite, NaN) go to math.Log. A whole
// slice per call, as ExpInPlace.
func LogInPlace(v []float64) {
	const (
		ln2Hi = 6.93147180369123816490e-01
		ln2Lo = 1.90821492927058770002e-10
		l1    = 6.666666666666735130e-01
		l2    = 3.999999999940941908e-01
		l3    = 2.857142874366239149e-01
		l4    = 2.222219843214978396e-01
		l5    = 1.818357216161805012e-01
		l6    = 1.531383769920937332e-01
		l7    = 1.479819860511658591e-01
		// the positive normal float64s are the bits in [minNormal, inf)
		minNormal = 0x0010000000000000
		inf       = 0x7FF0000000000000
		fracMask  = 1<<52 - 1
		// the fraction bits of sqrt2/2: frexp's 0.5 <= f1 < sqrt2/2 exactly
		// when x's fraction bits are below these
		sqrtHalfFrac = 0x6A09E667F3BCD
	)
	for i, x := range v {
		bits := math.Float64bits(x)
		if bits-minNormal >= inf-minNormal {
			v[i] = math.Log(x)
			continue
		}
		frac := bits & fracMask
		below := (frac - sqrtHalfFrac) >> 63 // 1 when f1 < sqrt2/2: Go doubles f1
		f1 := math.Float64frombits((1022+below)<<52 | frac)
		k := float64(int(bits>>52) - 1022 - int(below))
		f := f1 - 1
		s := f / (2 + f)
		s2 := s * s
		s4 := s2 * s2
		t1 := s2 * (l1 + s4*(l3+s4*(l5+s4*l7)))
		t2 := s4 * (l2 + s4*(l4+s4*l6))
		R := t1 + t2
		hfsq := 0.5 * f * f
		v[i] = k*ln2Hi - ((hfsq - (s*(hfsq+R) + k*ln2Lo)) - f)
	}
}

// PowUnitInPlace replaces each a[i] in [0, 1] by a[i]^p, for p >= 1, as
// Exp(p Log(a[i])) over the whole slice (three loops, no call per entry):
// a few calls' worth of work instead of math.Pow's dozen, for the p-norms
// of omd-si-pnorm. Its relative error is up to about 2 |p log a| ulps
// (log's and the product's rounding of p log a, magnified by exp): a few
// ulps for the terms that dominate a p-norm (a near 1), more only for
// terms too small to matter; tested against math.Pow. A zero stays zero
// (log 0 = -Inf, e^-Inf = 0).
func PowUnitInPlace(a []float64, p float64) {
	LogInPlace(a)
	for i := range a {
		a[i] *= p
	}
	ExpInPlace(a)
}
