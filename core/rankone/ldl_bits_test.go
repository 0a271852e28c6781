package rankone

import (
	"math"
	"math/rand/v2"
	"testing"
)

// proposeByColumns is Method C1 column by column in plain loops, the
// reference whose bits Propose keeps however it groups its columns: for
// each column j with p = (L^{-1} x)_j != 0, its scalars, then
// w_i -= p l_i and l'_i = l_i + beta w_i on the rows below.
func proposeByColumns(f *LDL, x []float64, b float64) (xAy, onePlusXAx float64) {
	n := f.n
	w := append([]float64(nil), x[:n]...)
	t, rt, sum := 1.0, 1.0, 0.0
	for j := range n {
		p := w[j]
		col, next := f.L[j*n+j+1:(j+1)*n], f.nL[j*n+j+1:(j+1)*n]
		if p == 0 {
			f.nD[j], f.nDinv[j], f.nP[j] = f.D[j], f.Dinv[j], f.P[j]
			copy(next, col)
			continue
		}
		pd := p * f.Dinv[j]
		xAy += pd * f.P[j]
		tn := t + p*pd
		rtn := 1 / tn
		beta := pd * rtn
		f.nD[j] = f.D[j] * tn * rt
		f.nDinv[j] = f.Dinv[j] * t * rtn
		t, rt = tn, rtn
		u := f.P[j] + b*p - p*sum
		f.nP[j] = u
		sum += beta * u
		for i, li := range col {
			wi := w[j+1+i] - p*li
			w[j+1+i] = wi
			next[i] = li + beta*wi
		}
	}
	return xAy, t
}

// forecastByColumns is Forecast's forward substitution in plain loops.
func forecastByColumns(f *LDL, x []float64) (xAy, onePlusXAx float64) {
	n := f.n
	q := append([]float64(nil), x[:n]...)
	t := 1.0
	for j := range n {
		qj := q[j]
		if qj == 0 {
			continue
		}
		qd := qj * f.Dinv[j]
		xAy += qd * f.P[j]
		t += qj * qd
		for i, li := range f.L[j*n+j+1 : (j+1)*n] {
			q[j+1+i] -= qj * li
		}
	}
	return xAy, t
}

// TestProposeKeepsTheBitsOfColumnByColumn plays two factorisations, one by
// Propose and Forecast, one by the plain column-by-column loops, through
// rounds of dense, sparse (runs of zeros of every length, so that columns
// whose p is zero fall anywhere in a group) and badly scaled inputs, at
// sizes around the grouping's boundaries, and wants the same bits for the
// returned numbers and every entry of L, D, 1/D and P.
func TestProposeKeepsTheBitsOfColumnByColumn(t *testing.T) {
	rng := rand.New(rand.NewPCG(71, 72))
	same := func(a, b []float64) int {
		for i := range a {
			if math.Float64bits(a[i]) != math.Float64bits(b[i]) {
				return i
			}
		}
		return -1
	}
	for _, n := range []int{1, 2, 3, 4, 5, 7, 8, 9, 12, 17, 33, 64} {
		got, ref := NewLDL(n, 0.5), NewLDL(n, 0.5)
		q := make([]float64, n)
		for k := range 3 * n {
			x := make([]float64, n)
			for i := range x {
				switch k % 3 {
				case 0: // dense, magnitudes 1e-6 to 1e6
					x[i] = rng.NormFloat64() * math.Pow(10, float64(rng.IntN(13)-6))
				case 1: // sparse
					if rng.IntN(3) == 0 {
						x[i] = rng.NormFloat64()
					}
				default: // zeros first, then dense: the first columns copied
					if i >= k%n {
						x[i] = rng.NormFloat64()
					}
				}
			}
			b := rng.NormFloat64()
			fy, ft := got.Forecast(x, q)
			ry, rt := forecastByColumns(&ref, x)
			if math.Float64bits(fy) != math.Float64bits(ry) || math.Float64bits(ft) != math.Float64bits(rt) {
				t.Fatalf("n=%d round %d: Forecast (%v, %v), column by column (%v, %v)", n, k, fy, ft, ry, rt)
			}
			gy, gt := got.Propose(x, b)
			ry, rt = proposeByColumns(&ref, x, b)
			if math.Float64bits(gy) != math.Float64bits(ry) || math.Float64bits(gt) != math.Float64bits(rt) {
				t.Fatalf("n=%d round %d: Propose (%v, %v), column by column (%v, %v)", n, k, gy, gt, ry, rt)
			}
			for name, pair := range map[string][2][]float64{"L": {got.nL, ref.nL}, "D": {got.nD, ref.nD}, "1/D": {got.nDinv, ref.nDinv}, "P": {got.nP, ref.nP}} {
				if i := same(pair[0], pair[1]); i >= 0 {
					t.Fatalf("n=%d round %d: proposed %s[%d] = %v, column by column %v", n, k, name, i, pair[0][i], pair[1][i])
				}
			}
			if k%4 != 3 {
				got.Accept()
				ref.Accept()
			}
		}
	}
}
