package linear

import (
	"math"
	"math/rand/v2"
	"runtime"
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
		got, want := exp(x), math.Exp(x)
		if math.IsNaN(want) {
			if !math.IsNaN(got) {
				t.Fatalf("exp(%v) = %v, want NaN", x, got)
			}
			continue
		}
		d := ulps(got, want)
		if exact && d != 0 || d > 2 {
			t.Fatalf("exp(%v) = %v, math.Exp %v (%d ulps apart, exact %v)", x, got, want, d, exact)
		}
		worst = max(worst, d)
	}
	t.Logf("%d arguments, largest difference %d ulp (%s)", len(args), worst, runtime.GOARCH)
}

// TestHypotAndMaxAbsAreMath checks hypot and maxAbs against math.Hypot and
// math.Max bit for bit, special values included.
func TestHypotAndMaxAbsAreMath(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	vals := []float64{0, math.Copysign(0, -1), 1, -1, 1e-300, 1e300, math.MaxFloat64, math.SmallestNonzeroFloat64, math.Inf(1), math.Inf(-1), math.NaN()}
	for range 2000 {
		vals = append(vals, rng.NormFloat64()*math.Pow(10, float64(rng.IntN(41)-20)))
	}
	same := func(a, b float64) bool {
		return math.Float64bits(a) == math.Float64bits(b) || math.IsNaN(a) && math.IsNaN(b)
	}
	for _, p := range vals {
		for _, q := range vals[:200] {
			if got, want := hypot(p, q), math.Hypot(p, q); !same(got, want) {
				t.Fatalf("hypot(%v, %v) = %v, math.Hypot %v", p, q, got, want)
			}
			if m := math.Abs(q); !math.IsNaN(p) && !math.IsInf(p, 0) && !math.IsNaN(m) {
				if got, want := maxAbs(m, p), math.Max(m, math.Abs(p)); !same(got, want) {
					t.Fatalf("maxAbs(%v, %v) = %v, math.Max %v", m, p, got, want)
				}
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
