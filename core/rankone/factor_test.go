package rankone

import (
	"math"
	"math/rand/v2"
	"testing"

	"gonum.org/v1/gonum/mat"

	"unitfree/core/internal/vec"
)

func randVec(rng *rand.Rand, n int, scale float64) []float64 {
	x := make([]float64, n)
	for i := range x {
		x[i] = scale * rng.NormFloat64()
	}
	return x
}

func near(a, b, tol float64) bool { return math.Abs(a-b) <= tol*math.Max(1, math.Abs(b)) }

// TestFactorTracksMatrix adds 200 rank-one terms (some with leading zeros)
// and checks R^T R against A built by gonum, the carried vector
// R^T p = b + sum of bottom x, and both solves against gonum's.
func TestFactorTracksMatrix(t *testing.T) {
	const n, a = 12, 0.5
	rng := rand.New(rand.NewPCG(1, 2))
	f := NewFactor(n, a)
	A := mat.NewSymDense(n, nil)
	for i := range n {
		A.SetSym(i, i, a)
	}
	b := make([]float64, n) // the carried right-hand side, exactly
	p := make([]float64, n) // R^{-T} b
	for k := range 200 {
		x := randVec(rng, n, 1)
		for i := range k % 5 {
			x[i] = 0
		}
		y := rng.NormFloat64()
		c := Carry{P: p, Bottom: y}
		f.AddOuter(x, c)
		A.SymRankOne(A, 1, mat.NewVecDense(n, append([]float64(nil), x...)))
		for i := range b {
			b[i] += y * x[i]
		}
	}
	var R mat.Dense
	R.Apply(func(i, j int, _ float64) float64 {
		if j < i {
			return 0
		}
		return f.At(i, j)
	}, mat.NewDense(n, n, nil))
	var RtR mat.Dense
	RtR.Mul(R.T(), &R)
	for i := range n {
		for j := range n {
			if !near(RtR.At(i, j), A.At(i, j), 1e-12) {
				t.Fatalf("R^T R (%d, %d) = %v, A %v", i, j, RtR.At(i, j), A.At(i, j))
			}
		}
	}
	Rtp := make([]float64, n)
	for j := range n {
		for i := 0; i <= j; i++ {
			Rtp[j] += f.At(i, j) * p[i]
		}
	}
	for i := range b {
		if !near(Rtp[i], b[i], 1e-10) {
			t.Fatalf("carried vector: R^T p = %v, want %v", Rtp, b)
		}
	}
	var want mat.VecDense
	if err := want.SolveVec(A, mat.NewVecDense(n, append([]float64(nil), b...))); err != nil {
		t.Fatal(err)
	}
	got := append([]float64(nil), b...)
	f.SolveT(got)
	f.SolveRows(got, 0, n)
	for i := range got {
		if !near(got[i], want.AtVec(i), 1e-10) {
			t.Fatalf("R^{-1} R^{-T} b = %v, gonum %v", got, want.RawVector().Data)
		}
	}
	// SolveTFrom on a vector with leading zeros equals SolveT.
	v := randVec(rng, n, 1)
	v[0], v[1], v[2] = 0, 0, 0
	full := append([]float64(nil), v...)
	f.SolveT(full)
	f.SolveTFrom(v, 3)
	for i := range v {
		if !near(v[i], full[i], 1e-14) {
			t.Fatalf("SolveTFrom %v, SolveT %v", v, full)
		}
	}
}

// TestFactorBorder grows a factor by bordering and checks it against the
// Cholesky factorisation of the bordered matrix.
func TestFactorBorder(t *testing.T) {
	const n = 6
	rng := rand.New(rand.NewPCG(3, 4))
	X := mat.NewDense(n+3, n, nil)
	for i := range n + 3 {
		X.SetRow(i, randVec(rng, n, 1))
	}
	var S mat.SymDense
	S.SymOuterK(1, X.T())
	f := NewGrowingFactor(n)
	for k := range n {
		w := make([]float64, k)
		for i := range w {
			w[i] = S.At(i, k)
		}
		sol := append([]float64(nil), w...)
		f.SolveT(sol)
		dn := math.Sqrt(S.At(k, k) - vec.Dot(sol, sol))
		f.Border(w, dn)
	}
	var ch mat.Cholesky
	if !ch.Factorize(&S) {
		t.Fatal("not positive definite")
	}
	var U mat.TriDense
	ch.UTo(&U)
	for i := range n {
		for j := i; j < n; j++ {
			if !near(f.At(i, j), U.At(i, j), 1e-10) {
				t.Fatalf("R(%d, %d) = %v, gonum %v", i, j, f.At(i, j), U.At(i, j))
			}
		}
	}
}

// TestAddOuterPairsRowsWithTheBitsOfOne checks that AddOuter, which rotates
// two rows per pass where it can, gives exactly the factor, carries and
// determinant ratio of one rotation per row in turn (addOuterByRows), on
// updates with zero entries that break the pairs at every position.
func TestAddOuterPairsRowsWithTheBitsOfOne(t *testing.T) {
	rng := rand.New(rand.NewPCG(21, 22))
	for n := 1; n <= 13; n++ {
		f, g := NewFactor(n, 0.5), NewFactor(n, 0.5)
		pf, pg := make([]float64, n), make([]float64, n)
		for try := range 40 {
			x := randVec(rng, n, math.Pow(10, float64(rng.IntN(7)-3)))
			for i := range x {
				if rng.IntN(3) == 0 {
					x[i] = 0
				}
			}
			b := rng.NormFloat64()
			cf, cg := Carry{P: pf, Bottom: b}, Carry{P: pg, Bottom: b}
			got, want := f.AddOuter(x, cf), g.addOuterByRows(x, &cg)
			if math.Float64bits(got) != math.Float64bits(want) {
				t.Fatalf("n=%d try %d: ratio %v, by rows %v", n, try, got, want)
			}
			for i := range n {
				if math.Float64bits(pf[i]) != math.Float64bits(pg[i]) {
					t.Fatalf("n=%d try %d: carry entry %d %v, by rows %v", n, try, i, pf[i], pg[i])
				}
				for j := i; j < n; j++ {
					if math.Float64bits(f.At(i, j)) != math.Float64bits(g.At(i, j)) {
						t.Fatalf("n=%d try %d: R(%d,%d) = %v, by rows %v", n, try, i, j, f.At(i, j), g.At(i, j))
					}
				}
			}
		}
	}
}

// addOuterByRows is AddOuter with one rotation per row in turn, in Go.
func (f *Factor) addOuterByRows(x []float64, c *Carry) float64 {
	n := f.n
	w := append([]float64(nil), x[:n]...)
	ratio := 1.0
	for i := range n {
		if w[i] == 0 {
			continue
		}
		d := f.diag[i]
		r := hypot(d, w[i])
		cs, sn := d/r, w[i]/r
		f.diag[i], f.rinv[i] = r, 1/r
		ratio *= r / d
		rotateGo(f.writableRow(i), w[i+1:], cs, sn)
		c.P[i], c.Bottom = cs*c.P[i]+sn*c.Bottom, cs*c.Bottom-sn*c.P[i]
	}
	return ratio * ratio
}

// TestSolvesSkipUnwrittenRowsWithTheBitsOfDenseSolves: SolveTRows and
// SolveRows, which skip the rows never written, give the bits of the
// dense row-by-row substitutions (denseSolveT, denseSolve) on factors where
// some rows were rotated and others not (sparse updates at a few
// coordinates, as SOBA's Kesler factor sees them), on a bordered factor,
// and on one whose every row was rotated; their answers solve R^T u = b
// and R v = b.
func TestSolvesSkipUnwrittenRowsWithTheBitsOfDenseSolves(t *testing.T) {
	const n = 40
	rng := rand.New(rand.NewPCG(8, 9))
	sparse := NewFactor(n, 2)
	for range 6 {
		x := make([]float64, n)
		for range 3 {
			x[5+rng.IntN(n-5)] = rng.NormFloat64()
		}
		sparse.AddOuter(x)
	}
	dense := NewFactor(n, 2)
	dense.AddOuter(randVec(rng, n, 1))
	bordered := NewGrowingFactor(n)
	for k := range n {
		w := make([]float64, k)
		if k%3 == 0 && k > 0 {
			w[rng.IntN(k)] = 0.1
		}
		sol := append([]float64(nil), w...)
		bordered.SolveT(sol)
		bordered.Border(w, math.Sqrt(1-vec.Dot(sol, sol)))
	}
	skipped := 0
	for name, f := range map[string]*Factor{"sparse updates": &sparse, "dense update": &dense, "bordered": &bordered} {
		for i := range n {
			if f.rows[i] == nil {
				skipped++
			}
		}
		b := randVec(rng, n, 1)
		for _, lo := range []int{0, 7} { // SolveTFrom's leading zeros
			clear(b[:lo])
			want, got := append([]float64(nil), b...), append([]float64(nil), b...)
			f.denseSolveT(want, lo)
			for m := lo; m < n; { // in ranges of 1 to 5 rows
				hi := min(n, m+1+rng.IntN(5))
				f.SolveTRows(got, m, hi)
				m = hi
			}
			sameBits(t, name+": SolveTRows", got, want)
			for j := range n { // R^T u = b
				s := 0.0
				for i := 0; i <= j; i++ {
					s += f.At(i, j) * got[i]
				}
				if !near(s, b[j], 1e-12) {
					t.Fatalf("%s: (R^T u)[%d] = %v, b %v", name, j, s, b[j])
				}
			}
		}
		want, got := append([]float64(nil), b...), append([]float64(nil), b...)
		f.denseSolve(want)
		f.SolveRows(got, 0, n)
		sameBits(t, name+": SolveRows", got, want)
		for i := range n { // R v = b
			s := 0.0
			for j := i; j < n; j++ {
				s += f.At(i, j) * got[j]
			}
			if !near(s, b[i], 1e-12) {
				t.Fatalf("%s: (R v)[%d] = %v, b %v", name, i, s, b[i])
			}
		}
	}
	if skipped == 0 {
		t.Fatal("every row was written; the test compares no skipped row")
	}
}

// sameBits fails unless got and want hold the same float64s bit for bit.
func sameBits(t *testing.T, what string, got, want []float64) {
	t.Helper()
	for i := range want {
		if math.Float64bits(got[i]) != math.Float64bits(want[i]) {
			t.Fatalf("%s: entry %d = %v, want %v", what, i, got[i], want[i])
		}
	}
}

// dense returns R as a row-major n x n slice, zeros included.
func (f *Factor) dense() []float64 {
	n := f.n
	r := make([]float64, n*n)
	for i := range n {
		for j := i; j < n; j++ {
			r[i*n+j] = f.At(i, j)
		}
	}
	return r
}

// denseSolveT is the forward substitution v = R^{-T} v from row lo (v's
// first lo entries zero) on the dense R, one row at a time and every row:
// v_i *= 1/R_ii, then v[i+1:] += (-v_i) R[i, i+1:], skipping rows whose v_i
// is zero.
func (f *Factor) denseSolveT(v []float64, lo int) {
	n, r := f.n, f.dense()
	for i := lo; i < n; i++ {
		v[i] *= f.rinv[i]
		if v[i] == 0 {
			continue
		}
		for j := i + 1; j < n; j++ {
			v[j] += (-v[i]) * r[i*n+j]
		}
	}
}

// denseSolve is the back substitution v = R^{-1} v on the dense R, with
// dot8's order of sums in every row.
func (f *Factor) denseSolve(v []float64) {
	n, r := f.n, f.dense()
	for i := n - 1; i >= 0; i-- {
		v[i] = (v[i] - dot8(r[i*n+i+1:(i+1)*n], v[i+1:])) * f.rinv[i]
	}
}

// TestSetUpperThenUpdate sets a factor grown by bordering to a given upper
// triangle (a zero row included) and checks its entries, that entries it
// had outside the new triangle are gone, and that a rank-one update then
// gives the same bits as on a factor built from that triangle's matrix by
// the same updates from scratch.
func TestSetUpperThenUpdate(t *testing.T) {
	const n = 5
	rng := rand.New(rand.NewPCG(7, 8))
	upper := make([]float64, n*n)
	for i := range n {
		upper[i*n+i] = 1 + rng.Float64()
		if i == 2 {
			continue // row 2 right of the diagonal stays zero
		}
		for j := i + 1; j < n; j++ {
			upper[i*n+j] = rng.NormFloat64()
		}
	}
	grown := NewGrowingFactor(n)
	for range n {
		grown.Border(randVec(rng, grown.n, 1), 2)
	}
	grown.SetUpper(n, upper, n)
	fresh := NewGrowingFactor(n)
	fresh.SetUpper(n, upper, n)
	for i := range n {
		for j := range n {
			want := 0.0
			if j >= i {
				want = upper[i*n+j]
			}
			if got := grown.At(i, j); got != want {
				t.Fatalf("R[%d][%d] = %v, want %v", i, j, got, want)
			}
		}
	}
	x := randVec(rng, n, 1)
	p1, p2 := randVec(rng, n, 1), make([]float64, n)
	copy(p2, p1)
	grown.AddOuter(x, Carry{P: p1, Bottom: 0.5})
	fresh.AddOuter(x, Carry{P: p2, Bottom: 0.5})
	for i := range n {
		for j := range n {
			if a, b := grown.At(i, j), fresh.At(i, j); a != b {
				t.Fatalf("after an update R[%d][%d]: %v set over a grown factor, %v over a new one", i, j, a, b)
			}
		}
		if p1[i] != p2[i] {
			t.Fatalf("carried entry %d: %v and %v", i, p1[i], p2[i])
		}
	}
}
