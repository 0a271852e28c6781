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

// TestAxpy2IsTwoAxpys checks that the two-row step of the forward
// substitution (the platform's and the Go one) gives the bits of two axpy
// passes in Go, at every length around the unrolling's boundaries and
// with values of very different magnitudes.
func TestAxpy2IsTwoAxpys(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 8))
	r := func(n int) []float64 {
		v := make([]float64, n)
		for i := range v {
			v[i] = rng.NormFloat64() * math.Pow(10, float64(rng.IntN(13)-6))
		}
		return v
	}
	for _, impl := range []struct {
		name string
		f    func(a float64, x []float64, b float64, y, w []float64)
	}{{"axpy2", axpy2}, {"axpy2Go", axpy2Go}} {
		for n := 0; n <= 19; n++ {
			for range 20 {
				x, y, w, a, b := r(n), r(n+1), r(n+2), rng.NormFloat64(), rng.NormFloat64()
				want := append([]float64(nil), w...)
				vec.AddScaled(want[:n], a, x)
				vec.AddScaled(want[:n], b, y[:n])
				impl.f(a, x, b, y, w)
				for i := range w { // entries past len(x) untouched
					if math.Float64bits(w[i]) != math.Float64bits(want[i]) {
						t.Fatalf("%s n=%d: entry %d = %v, two axpys %v", impl.name, n, i, w[i], want[i])
					}
				}
			}
		}
	}
}
