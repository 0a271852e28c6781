package elementary

import (
	"math"
	"math/rand/v2"
	"runtime"
	"slices"
	"testing"
)

// ulps returns how many float64 values lie between a and b (same sign).
func ulps(a, b float64) uint64 {
	x, y := math.Float64bits(a), math.Float64bits(b)
	if x > y {
		return x - y
	}
	return y - x
}

// TestExpIsMathExp checks exp against math.Exp over its whole range and
// the special arguments: the same bits in WASM, where math.Exp is the same
// Go algorithm, and within 2 ulps natively, where math.Exp is the amd64
// assembly, the less accurate of the two: at x = 17.019810207819432 exp is
// 0.6 ulp from the true value (50 digits, Python's decimal), the assembly
// 1.4 ulp, 2 ulps apart.
func TestExpIsMathExp(t *testing.T) {
	exact := runtime.GOARCH == "wasm"
	rng := rand.New(rand.NewPCG(3, 4))
	args := []float64{0, math.Copysign(0, -1), 1e-300, -1e-300, 1.0 / (1 << 28), -1.0 / (1 << 28), 700, -700, 700.5, -745.2, 709.78,
		710, -746, math.Inf(1), math.Inf(-1), math.NaN(), 1, -1, 0.5, math.Ln2, 600, -600}
	for range 200000 {
		args = append(args, (2*rng.Float64()-1)*745, (2*rng.Float64()-1)*math.Pow(10, float64(rng.IntN(12)-9)))
	}
	worst := uint64(0)
	for _, x := range args {
		got, want := Exp(x), math.Exp(x)
		if math.IsNaN(want) {
			if !math.IsNaN(got) {
				t.Fatalf("Exp(%v) = %v, want NaN", x, got)
			}
			continue
		}
		d := ulps(got, want)
		if exact && d != 0 || d > 2 {
			t.Fatalf("Exp(%v) = %v, math.Exp %v (%d ulps apart, exact %v)", x, got, want, d, exact)
		}
		worst = max(worst, d)
	}
	t.Logf("%d arguments, largest difference %d ulp (%s)", len(args), worst, runtime.GOARCH)
}

// TestGrowNormAndMaxAbsAreMath checks growNorm and maxAbs against
// math.Hypot and math.Max bit for bit over their arguments: a norm n >= 0
// (+Inf and NaN included) and a finite entry g != 0; a running maximum
// m >= 0 and a finite v.
func TestGrowNormAndMaxAbsAreMath(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	vals := []float64{0, math.Copysign(0, -1), 1, -1, 1e-300, 1e300, math.MaxFloat64, math.SmallestNonzeroFloat64, math.Inf(1), math.Inf(-1), math.NaN()}
	for range 2000 {
		vals = append(vals, rng.NormFloat64()*math.Pow(10, float64(rng.IntN(41)-20)))
	}
	for _, p := range vals {
		for _, q := range vals[:200] {
			if n := math.Abs(q); p != 0 && !math.IsInf(p, 0) && !math.IsNaN(p) {
				if got, want := GrowNorm(n, p), math.Hypot(n, p); !same(got, want) {
					t.Fatalf("GrowNorm(%v, %v) = %v, math.Hypot %v", n, p, got, want)
				}
			}
			if m := math.Abs(q); !math.IsNaN(p) && !math.IsInf(p, 0) && !math.IsNaN(m) {
				if got, want := MaxAbs(m, p), math.Max(m, math.Abs(p)); !same(got, want) {
					t.Fatalf("MaxAbs(%v, %v) = %v, math.Max %v", m, p, got, want)
				}
			}
		}
	}
}

// TestClampIsMathMaxOfMathMin checks Clamp against math.Max and math.Min
// at the special values and 2,000 random magnitudes, for the learners'
// wealth cap of 1e300 among the limits.
func TestClampIsMathMaxOfMathMin(t *testing.T) {
	const maxWealth = 1e300
	rng := rand.New(rand.NewPCG(7, 8))
	vals := []float64{0, math.Copysign(0, -1), 1, -1, maxWealth, -maxWealth, math.Nextafter(maxWealth, math.Inf(1)),
		math.MaxFloat64, -math.MaxFloat64, math.Inf(1), math.Inf(-1), math.NaN()}
	for range 2000 {
		vals = append(vals, rng.NormFloat64()*math.Pow(10, float64(rng.IntN(601)-300)))
	}
	for _, limit := range []float64{maxWealth, 1, 1e-300} {
		for _, v := range vals {
			if got, want := Clamp(v, limit), math.Max(-limit, math.Min(v, limit)); !same(got, want) {
				t.Fatalf("Clamp(%v, %v) = %v, math.Max(-limit, math.Min(v, limit)) %v", v, limit, got, want)
			}
		}
	}
}

// TestExpRangeBits checks the constants of exp's range test.
func TestExpRangeBits(t *testing.T) {
	if math.Float64bits(1.0/(1<<28)) != 0x3E30000000000000 || math.Float64bits(700) != 0x4085E00000000000 {
		t.Fatalf("bits of 2^-28: %#x, of 700: %#x", math.Float64bits(1.0/(1<<28)), math.Float64bits(700))
	}
}

// same reports whether a and b are the same float64, or both NaN.
func same(a, b float64) bool {
	return math.Float64bits(a) == math.Float64bits(b) || math.IsNaN(a) && math.IsNaN(b)
}

// TestExpm1IsMathExpm1 checks expm1 against math.Expm1 bit for bit (Go code
// on every platform) over ScInOL1's arguments, every branch of its
// reduction (k = 0, 1, 2..19, 20..56) and the arguments it hands on.
func TestExpm1IsMathExpm1(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 8))
	args := []float64{0, math.Copysign(0, -1), -1, -40, 1.0 / (1 << 54), 1.0 / (1 << 55), 0.5 * math.Ln2, 1.5 * math.Ln2,
		math.Nextafter(1.5*math.Ln2, 0), 56 * math.Ln2, math.Nextafter(56*math.Ln2, 0), 19.5 * math.Ln2, 20 * math.Ln2,
		709, 710, math.Inf(1), math.Inf(-1), math.NaN()}
	for range 200000 {
		args = append(args, rng.Float64()*40, rng.Float64()*1.2, math.Pow(10, -20*rng.Float64()))
	}
	for _, x := range args {
		if got, want := Expm1(x), math.Expm1(x); !same(got, want) {
			t.Fatalf("Expm1(%v) = %v, math.Expm1 %v", x, got, want)
		}
	}
}

// TestLogIsMathLog checks log against math.Log: the same bits in WASM,
// where math.Log is the same Go algorithm, and within 1 ulp natively, where
// it is the amd64 assembly.
func TestLogIsMathLog(t *testing.T) {
	exact := runtime.GOARCH == "wasm"
	rng := rand.New(rand.NewPCG(9, 10))
	args := []float64{0, math.Copysign(0, -1), -1, 1, 2, 0.5, math.Sqrt2 / 2, math.Nextafter(math.Sqrt2/2, 0), math.Nextafter(math.Sqrt2/2, 1),
		math.SmallestNonzeroFloat64, 0x1p-1022, math.Nextafter(0x1p-1022, 0), math.MaxFloat64, math.Inf(1), math.Inf(-1), math.NaN()}
	for range 200000 {
		args = append(args, rng.Float64(), rng.ExpFloat64()*math.Pow(10, float64(rng.IntN(601)-300)))
	}
	worst := uint64(0)
	for _, x := range args {
		got, want := Log(x), math.Log(x)
		if same(got, want) {
			continue
		}
		if math.IsNaN(want) || math.IsNaN(got) || math.Signbit(got) != math.Signbit(want) {
			t.Fatalf("Log(%v) = %v, math.Log %v", x, got, want)
		}
		d := ulps(got, want)
		if exact || d > 1 {
			t.Fatalf("Log(%v) = %v, math.Log %v (%d ulps apart, exact %v)", x, got, want, d, exact)
		}
		worst = max(worst, d)
	}
	t.Logf("%d arguments, largest difference %d ulp (%s)", len(args), worst, runtime.GOARCH)
}

// TestPowUnit checks PowUnitInPlace against math.Pow over omd-si-pnorm's
// arguments (and against Exp(p Log(a)) one value at a time, to the bit): a in [0, 1] and p in [1, 30] (2 ln m up to m = 3e6): exact at
// a = 0 and a = 1, and apart by at most 2 |p log a| + 2 log2(p) + 4 ulps, the
// second term for math.Pow's own rounding (it takes a^floor(p) by
// repeated squaring, one rounding per product: at a = 1 - 7e-7, p = 20.6,
// math.Pow is 4 ulps from PowUnitInPlace).
func TestPowUnit(t *testing.T) {
	rng := rand.New(rand.NewPCG(11, 12))
	worst := 0.0
	for _, p := range []float64{1, 2, 2 * math.Log(10), 2 * math.Log(100), 2 * math.Log(1e4), 30} {
		v := []float64{0, 1}
		if PowUnitInPlace(v, p); v[0] != 0 || v[1] != 1 {
			t.Fatalf("0 and 1 to the power %v: %v", p, v)
		}
	}
	a := make([]float64, 1000)
	for range 200 {
		p := 1 + 29*rng.Float64()
		for i := range a {
			a[i] = rng.Float64()
			if rng.IntN(2) == 0 {
				a[i] = 1 - a[i]*1e-6 // near 1, where a p-norm's largest terms are
			}
		}
		got := slices.Clone(a)
		PowUnitInPlace(got, p)
		for i, x := range a {
			if one := Exp(p * Log(x)); !same(got[i], one) {
				t.Fatalf("%v to the power %v: %v in a slice, %v alone", x, p, got[i], one)
			}
			want := math.Pow(x, p)
			if want < 0x1p-1000 {
				continue // exp's under-range goes to math.Exp; relative ulps mean little here
			}
			tol := 2*math.Abs(p*math.Log(x)) + 2*math.Log2(p) + 4
			ulpsApart := math.Abs(got[i]-want) / (0x1p-53 * want)
			worst = max(worst, ulpsApart)
			if ulpsApart > tol {
				t.Fatalf("%v to the power %v: %v, math.Pow %v: %.1f ulps, tolerance %.1f", x, p, got[i], want, ulpsApart, tol)
			}
		}
	}
	t.Logf("largest difference from math.Pow: %.1f ulps", worst)
}

// TestExpm1AndLogConstants checks the constants of the range tests.
func TestExpm1AndLogConstants(t *testing.T) {
	if math.Float64bits(1.0/(1<<54)) != 0x3C90000000000000 || math.Float64bits(3.88162421113569373274e+01) != 0x4043687A9F1AF2B1 {
		t.Fatal("expm1's range bits")
	}
	if math.Float64bits(math.Sqrt2/2)&(1<<52-1) != 0x6A09E667F3BCD {
		t.Fatal("log's sqrt2/2 fraction bits")
	}
}
