package rankone

import (
	"math"
	"math/rand/v2"
	"testing"

	"unitfree/core/internal/vec"
)

// TestKernelsMatchGo checks that axpy, eliminate, rotate and rotate2 (assembly on amd64)
// give the same bits as the Go loops, at every length around the
// unrolling's boundaries and with values of very different magnitudes.
// TestEliminate2IsTwoEliminates checks that the two-column step (the
// platform's and the Go one) gives the bits of two one-column steps, on
// every length from 0 to 40 (odd ones end in the tail loop).
func TestEliminate2IsTwoEliminates(t *testing.T) {
	rng := rand.New(rand.NewPCG(41, 42))
	for _, impl := range []struct {
		name string
		f    func(out1, l1, out2, l2, w []float64, p1, beta1, p2, beta2 float64)
	}{{"eliminate2", eliminate2}, {"eliminate2Go", eliminate2Go}} {
		for n := range 41 {
			l1, l2, w := randVec(rng, n, 1), randVec(rng, n, 1), randVec(rng, n, 1)
			w2 := append([]float64(nil), w...)
			o1, o2 := make([]float64, n), make([]float64, n)
			r1, r2 := make([]float64, n), make([]float64, n)
			p1, b1, p2, b2 := rng.NormFloat64(), rng.NormFloat64(), rng.NormFloat64(), rng.NormFloat64()
			impl.f(o1, l1, o2, l2, w, p1, b1, p2, b2)
			eliminateGo(r1, l1, w2, p1, b1)
			eliminateGo(r2, l2, w2, p2, b2)
			for i := range n {
				if o1[i] != r1[i] || o2[i] != r2[i] || w[i] != w2[i] {
					t.Fatalf("%s n=%d entry %d: (%v, %v, %v), two steps (%v, %v, %v)", impl.name, n, i, o1[i], o2[i], w[i], r1[i], r2[i], w2[i])
				}
			}
		}
	}
}

func TestKernelsMatchGo(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	r := func(n int) []float64 {
		v := make([]float64, n)
		for i := range v {
			v[i] = rng.NormFloat64() * math.Pow(10, float64(rng.IntN(13)-6))
		}
		return v
	}
	for n := 0; n <= 19; n++ {
		for range 20 {
			x, y, alpha := r(n), r(n+1), rng.NormFloat64()
			want := append([]float64(nil), y...)
			vec.AddScaled(want[:n], alpha, x)
			axpy(alpha, x, y)
			for i := range y {
				if math.Float64bits(y[i]) != math.Float64bits(want[i]) {
					t.Fatalf("n=%d: axpy entry %d = %v, Go %v", n, i, y[i], want[i])
				}
			}
			l, w, p, beta := r(n), r(n), rng.NormFloat64(), rng.NormFloat64()
			w2, out, out2 := append([]float64(nil), w...), make([]float64, n), make([]float64, n)
			eliminate(out, l, w, p, beta)
			eliminateGo(out2, l, w2, p, beta)
			for i := range l {
				if math.Float64bits(w[i]) != math.Float64bits(w2[i]) || math.Float64bits(out[i]) != math.Float64bits(out2[i]) {
					t.Fatalf("n=%d: eliminate entry %d = (%v, %v), Go (%v, %v)", n, i, w[i], out[i], w2[i], out2[i])
				}
			}
			a, b, c := r(n), r(n), rng.NormFloat64()
			cs, sn := math.Cos(c), math.Sin(c)
			a2, b2 := append([]float64(nil), a...), append([]float64(nil), b...)
			rotate(a, b, cs, sn)
			rotateGo(a2, b2, cs, sn)
			for i := range a {
				if math.Float64bits(a[i]) != math.Float64bits(a2[i]) || math.Float64bits(b[i]) != math.Float64bits(b2[i]) {
					t.Fatalf("n=%d: rotate entry %d = (%v, %v), Go (%v, %v)", n, i, a[i], b[i], a2[i], b2[i])
				}
			}
			// rotate2, and its Go loop, against two rotations in turn.
			e, f, g := r(n), r(n), rng.NormFloat64()
			cs2, sn2 := math.Cos(g), math.Sin(g)
			e2, f2, b3 := append([]float64(nil), e...), append([]float64(nil), f...), append([]float64(nil), b...)
			e3, f3, b4 := append([]float64(nil), e...), append([]float64(nil), f...), append([]float64(nil), b...)
			rotate2(e, f, b, cs, sn, cs2, sn2)
			rotate2Go(e3, f3, b4, cs, sn, cs2, sn2)
			rotateGo(e2, b3, cs, sn)
			rotateGo(f2, b3, cs2, sn2)
			for i := range e {
				for _, got := range [][3]float64{{e[i], f[i], b[i]}, {e3[i], f3[i], b4[i]}} {
					if math.Float64bits(got[0]) != math.Float64bits(e2[i]) || math.Float64bits(got[1]) != math.Float64bits(f2[i]) ||
						math.Float64bits(got[2]) != math.Float64bits(b3[i]) {
						t.Fatalf("n=%d: rotate2 entry %d = %v, two rotations (%v, %v, %v)", n, i, got, e2[i], f2[i], b3[i])
					}
				}
			}
		}
	}
}

// TestSolvesMatchGo checks the two triangular solves (assembly on amd64)
// against their Go loops, bit for bit, at sizes around the blocks'
// boundaries, from every starting row.
func TestSolvesMatchGo(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 8))
	for n := 1; n <= 27; n++ { // rows long enough for dot8's blocks of eight and its tails
		const stride = 29
		r, rinv := make([]float64, stride*stride), make([]float64, stride)
		for i := range n {
			for j := i; j < n; j++ {
				r[i*stride+j] = rng.NormFloat64() * math.Pow(10, float64(rng.IntN(7)-3))
			}
			r[i*stride+i] = 0.5 + rng.Float64()
			rinv[i] = 1 / r[i*stride+i]
		}
		for try := range 3 * (n + 1) {
			lo := try / 3
			v := make([]float64, n)
			for i := lo; i < n; i++ {
				v[i] = rng.NormFloat64()
				if try%3 == 1 && rng.IntN(3) == 0 {
					v[i] = 0 // a row with nothing to subtract
				}
			}
			if try%3 == 2 && lo+1 < n {
				// v_{lo+1} becomes exactly zero after row lo: the pair of
				// rows falls back to one.
				v[lo+1] = (v[lo] * rinv[lo]) * r[lo*stride+lo+1]
			}
			v2 := append([]float64(nil), v...)
			// The assembly in two row ranges, split at every row, and the
			// Go loop in one.
			mid := lo + rng.IntN(n-lo+1)
			solveUpperT(r, rinv, stride, n, lo, mid, v)
			solveUpperT(r, rinv, stride, n, mid, n, v)
			solveUpperTGo(r, rinv, stride, n, lo, n, v2)
			if try%3 == 2 && lo+1 < n && v2[lo+1] != 0 {
				t.Fatalf("n=%d lo=%d: the crafted v_{lo+1} is %v, not zero", n, lo, v2[lo+1])
			}
			for i := range v {
				if math.Float64bits(v[i]) != math.Float64bits(v2[i]) {
					t.Fatalf("n=%d lo=%d mid=%d: solveUpperT entry %d = %v, Go %v", n, lo, mid, i, v[i], v2[i])
				}
			}
			solveUpper(r, rinv, stride, n, v)
			solveUpperGo(r, rinv, stride, n, v2)
			for i := range v {
				if math.Float64bits(v[i]) != math.Float64bits(v2[i]) {
					t.Fatalf("n=%d: solveUpper entry %d = %v, Go %v", n, i, v[i], v2[i])
				}
			}
		}
	}
}
