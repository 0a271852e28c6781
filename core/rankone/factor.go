package rankone

import (
	"math"
	"slices"
)

// Factor is the upper Cholesky factor R of A = R^T R, n x n, in storage
// sized for the largest n it will reach. A rank-one term A += x x^T
// updates R by Givens rotations (the method of LINPACK's dchud): backward
// stable, and vectors R^{-T} b are carried through the same rotations in
// O(n) (Carry). It can also grow by bordering (Border), which Kotłowski's
// full algorithm needs.
//
// The diagonal is kept apart from the rest of each row, and a row's part
// right of the diagonal is allocated the first time an entry of it is
// written: until then it is zero and the solves skip it. SOBA's Kesler
// factor (kd = 3600 on SynSep) writes 1184 of its 3600 rows in 20,000
// rounds, so a new SOBA costs 3600 diagonal entries instead of a dense
// 104 MB triangle, and a forward substitution skips the untouched rows.
type Factor struct {
	n, capacity int
	diag        []float64   // R_ii
	rinv        []float64   // 1/R_ii: the solves multiply, a division's latency would chain the rows
	rows        [][]float64 // rows[i] = R[i, i+1:capacity], or nil while that part is zero
	work        []float64
	outer       outerUpdate // a rank-one update in progress (BeginOuter)
}

// NewFactor returns the factor of a I in n dimensions: R = sqrt(a) I.
func NewFactor(n int, a float64) Factor {
	f := NewGrowingFactor(n)
	f.n = n
	s := math.Sqrt(a)
	for i := 0; i < n; i++ {
		f.diag[i], f.rinv[i] = s, 1/s
	}
	return f
}

// NewGrowingFactor returns the factor of a 0 x 0 matrix that Border can
// grow to capacity dimensions.
func NewGrowingFactor(capacity int) Factor {
	return Factor{capacity: capacity, diag: make([]float64, capacity), rinv: make([]float64, capacity),
		rows: make([][]float64, capacity), work: make([]float64, capacity)}
}

// SetUpper makes R the n x n upper triangle of a (row-major, with the
// given stride), for n up to the capacity; R's diagonal must be positive.
func (f *Factor) SetUpper(n int, a []float64, stride int) {
	f.n = n
	for i := range n {
		f.diag[i] = a[i*stride+i]
		f.rinv[i] = 1 / f.diag[i]
		src := a[i*stride+i+1 : i*stride+n]
		if f.rows[i] == nil && !slices.ContainsFunc(src, func(v float64) bool { return v != 0 }) {
			continue // a zero row stays unwritten
		}
		row := f.fullRow(i)
		clear(row)
		copy(row, src)
	}
	for i := n; i < f.capacity; i++ { // rows Border may add later start at zero
		f.rows[i] = nil
	}
}

// At returns R's entry (i, j).
func (f *Factor) At(i, j int) float64 {
	switch {
	case j < i:
		return 0
	case j == i:
		return f.diag[i]
	case f.rows[i] == nil:
		return 0
	}
	return f.rows[i][j-i-1]
}

// row returns R[i, i+1:n], the part of row i right of the diagonal, or nil
// while it is zero.
func (f *Factor) row(i int) []float64 {
	if f.rows[i] == nil {
		return nil
	}
	return f.rows[i][:f.n-i-1]
}

// writableRow returns R[i, i+1:n] for writing (see fullRow).
func (f *Factor) writableRow(i int) []float64 { return f.fullRow(i)[:f.n-i-1] }

// fullRow returns row i's storage right of the diagonal, up to the last
// column Border can add, allocating it (zero) on first use.
func (f *Factor) fullRow(i int) []float64 {
	if f.rows[i] == nil {
		f.rows[i] = make([]float64, f.capacity-i-1)
	}
	return f.rows[i]
}

// SolveT sets v = R^{-T} v (forward substitution; v has n entries).
func (f *Factor) SolveT(v []float64) { f.SolveTFrom(v, 0) }

// SolveTFrom sets v = R^{-T} v for a v whose first lo entries are zero
// (they stay zero): the work is that of an (n-lo)-dimensional solve.
func (f *Factor) SolveTFrom(v []float64, lo int) { f.SolveTRows(v, lo, f.n) }

// SolveTRows runs rows lo to hi-1 of the forward substitution v = R^{-T} v:
// afterwards v[lo:hi] holds those entries of R^{-T} v, and v[hi:] what is
// left to solve in the trailing rows. Consecutive ranges give the bits of
// one whole solve, so a caller can stop as soon as it knows enough.
//
// Row by row, v_i *= 1/R_ii and then v[i+1:] += (-v_i) R[i, i+1:],
// contiguous. A row whose v_i is zero, or whose part right of the
// diagonal was never written, adds nothing and is skipped (adding its
// zeros would only turn a -0 of v into +0). Where two rows in turn both
// add, they do so in one pass over v[i+2:] (axpy2), with the operations
// and the order of two.
func (f *Factor) SolveTRows(v []float64, lo, hi int) {
	n := f.n
	v = v[:n]
	for i := lo; i < hi; i++ {
		vi := v[i] * f.rinv[i]
		v[i] = vi
		if vi == 0 {
			continue
		}
		row := f.row(i)
		if i+1 == hi { // the pair's second row is out of range
			if row != nil {
				axpy(-vi, row, v[i+1:])
			}
			continue
		}
		// Row i's term on v_{i+1} first: it completes v_{i+1}.
		vj := v[i+1]
		if row != nil {
			vj += (-vi) * row[0]
			row = row[1:]
		}
		vj *= f.rinv[i+1]
		v[i+1] = vj
		i++
		next := f.row(i)
		switch {
		case vj != 0 && next != nil && row != nil:
			axpy2(-vi, row, -vj, next, v[i+1:])
		case vj != 0 && next != nil:
			axpy(-vj, next, v[i+1:])
		case row != nil:
			axpy(-vi, row, v[i+1:])
		}
	}
}

// SolveRows runs rows hi-1 down to lo of the back substitution v = R^{-1} v,
// v_i = (v_i - R[i, i+1:] v[i+1:]) / R_ii, whose entries v[hi:] must
// already be solved: consecutive ranges from the bottom up give the bits
// of one whole solve, so that a caller can spread a solve over several
// calls. A row never written skips its dot product (it would be +0, and
// v - (+0) = v).
func (f *Factor) SolveRows(v []float64, lo, hi int) {
	v = v[:f.n]
	for i := hi - 1; i >= lo; i-- {
		if row := f.row(i); row != nil {
			v[i] = (v[i] - dot8(row, v[i+1:])) * f.rinv[i]
		} else {
			v[i] *= f.rinv[i]
		}
	}
}

// ScaleColumn multiplies column j of R by e: R E is the factor of E A E for
// E = I except E_jj = e, so a change of the scale of coordinate j costs
// O(j), exactly one rounding per entry.
func (f *Factor) ScaleColumn(j int, e float64) {
	for i := 0; i < j; i++ {
		if row := f.rows[i]; row != nil { // a zero entry stays zero
			row[j-i-1] *= e
		}
	}
	f.diag[j] *= e
	f.rinv[j] = 1 / f.diag[j]
}

// Carry is a vector p = R^{-T} b carried through an update: after
// AddOuter(x, carries...) it holds R'^{-T} (b + Bottom x), R' the new factor.
type Carry struct {
	P      []float64
	Bottom float64
}

// AddOuter updates R so that R^T R becomes A + x x^T, with one Givens
// rotation per row (starting at x's first non-zero entry), and carries each
// c.P along. O(n^2) for a dense x, O((n - first)^2) in general. It returns
// det(A + x x^T)/det(A) = 1 + x^T A^{-1} x, the product of the squared
// ratios of R's new and old diagonal entries: the leverage of x at no cost.
// Two consecutive rows that both rotate do so in one pass (rotate2), with
// the bits of two.
func (f *Factor) AddOuter(x []float64, carries ...Carry) (onePlusXAx float64) {
	f.BeginOuter(x, carries...)
	f.StepOuter(f.n)
	return f.outer.ratio * f.outer.ratio
}

// outerUpdate is the state of a rank-one update between StepOuter calls:
// the next row to rotate, the product of the diagonal ratios so far and the
// carried vectors (x's rotated remainder is in work).
type outerUpdate struct {
	next    int
	ratio   float64
	carries []Carry
}

// BeginOuter starts the update of AddOuter(x, carries...) without doing
// any of its rotations: StepOuter does them, a number of rows at a time,
// with the bits of AddOuter. Until the update is done, R is part old and
// part new and must not be used otherwise.
func (f *Factor) BeginOuter(x []float64, carries ...Carry) {
	n := f.n
	lo := 0
	for lo < n && x[lo] == 0 {
		lo++
	}
	copy(f.work[lo:n], x[lo:n])
	f.outer = outerUpdate{next: lo, ratio: 1, carries: append(f.outer.carries[:0], carries...)}
}

// StepOuter rotates the next rows rows of the update BeginOuter started
// (one more when a pair shares a pass) and reports whether it is done; it
// then returns 1 + x^T A^{-1} x of the A before, and 0 before that.
func (f *Factor) StepOuter(rows int) (done bool, onePlusXAx float64) {
	n, u := f.n, &f.outer
	w := f.work[:n]
	stop := n
	if rows < n-u.next {
		stop = u.next + rows
	}
	i := u.next
	for ; i < stop; i++ {
		if w[i] == 0 { // the identity rotation
			continue
		}
		c, s := f.pivot(i, w[i], &u.ratio)
		if i+1 < n {
			row := f.writableRow(i)
			// Row i's rotation on column i+1 first: it sets w_{i+1}, which
			// row i+1's rotation needs.
			a, b := row[0], w[i+1]
			row[0], w[i+1] = c*a+s*b, c*b-s*a
			if w[i+1] != 0 {
				c2, s2 := f.pivot(i+1, w[i+1], &u.ratio)
				rotate2(row[1:], f.writableRow(i+1), w[i+2:], c, s, c2, s2)
				carry(u.carries, i, c, s)
				carry(u.carries, i+1, c2, s2)
				i++
				continue
			}
			rotate(row[1:], w[i+2:], c, s)
		}
		carry(u.carries, i, c, s)
	}
	u.next = i
	if i < n {
		return false, 0
	}
	return true, u.ratio * u.ratio
}

// pivot makes row i's rotation (c, s) that zeroes wi against R_ii, sets
// R_ii to the new diagonal entry and multiplies ratio by new/old.
func (f *Factor) pivot(i int, wi float64, ratio *float64) (c, s float64) {
	d := f.diag[i]
	r := hypot(d, wi)
	c, s = d/r, wi/r
	f.diag[i], f.rinv[i] = r, 1/r
	*ratio *= r / d
	return c, s
}

// carry rotates entry i of each carried vector against its bottom entry.
func carry(carries []Carry, i int, c, s float64) {
	for k := range carries {
		p := carries[k].P
		p[i], carries[k].Bottom = c*p[i]+s*carries[k].Bottom, c*carries[k].Bottom-s*p[i]
	}
}

// hypot returns sqrt(a^2 + b^2) for a > 0: directly where the squares
// cannot overflow or underflow, by math.Hypot elsewhere.
func hypot(a, b float64) float64 {
	const lo, hi = 1e-150, 1e150
	if ab := math.Abs(b); a > lo && a < hi && ab < hi && (ab > lo || ab == 0) {
		return math.Sqrt(a*a + b*b)
	}
	return math.Hypot(a, b)
}

// Border grows R to the factor of [[A, w], [w^T, k]], given w and the new
// diagonal entry dn = sqrt(k - w^T A^{-1} w) > 0 (which the caller knows in
// a form without cancellation): the new column is R^{-T} w.
func (f *Factor) Border(w []float64, dn float64) {
	n := f.n
	col := f.work[:n]
	copy(col, w)
	f.SolveT(col)
	for i := 0; i < n; i++ {
		if f.rows[i] != nil || math.Float64bits(col[i]) != 0 { // R_in is +0 in a row never written
			f.fullRow(i)[n-i-1] = col[i]
		}
	}
	f.diag[n], f.rinv[n] = dn, 1/dn
	f.n++
}
