package rankone

import "unitfree/core/internal/vec"

// LDL is A = L D L^T with L unit lower triangular and D diagonal positive,
// together with P = L^{-1} theta for a vector theta that grows with A (the
// learners' theta = sum of y x). A rank-one term A += x x^T,
// theta += b x is computed with Method C1 of Gill, Golub, Murray and
// Saunders (Methods for modifying matrix factorizations, Math. Comp. 28,
// 1974): one pass over the columns, two multiply-adds per entry of L (a
// Givens rotation needs six operations).
//
// The pass writes the new factorisation into spare storage (Propose), and
// the caller keeps it or not (Accept): a learner that decides from the
// pass's by-products whether to learn (the second-order Perceptron learns
// on its mistakes) pays one pass per round, not a solve and then a pass. L
// is stored by columns, so the pass and the solves run on contiguous
// memory.
type LDL struct {
	n                 int
	L, D, Dinv, P     []float64 // column j of L at L[j*n:], entries j+1..n-1
	nL, nD, nDinv, nP []float64 // the proposed factorisation
	w                 []float64 // scratch
}

// NewLDL returns the factorisation of a I in n dimensions, with theta = 0.
func NewLDL(n int, a float64) LDL {
	f := LDL{n: n, w: make([]float64, n)}
	for _, s := range []*[]float64{&f.L, &f.nL} {
		*s = make([]float64, n*n)
	}
	for _, s := range []*[]float64{&f.D, &f.Dinv, &f.P, &f.nD, &f.nDinv, &f.nP} {
		*s = make([]float64, n)
	}
	for i := range f.D {
		f.D[i], f.Dinv[i] = a, 1/a
	}
	return f
}

// col returns L[j+1:n, j].
func (f *LDL) col(j int) []float64 { return f.L[j*f.n+j+1 : (j+1)*f.n] }

// At returns L's entry (i, j): 1 on the diagonal, 0 above it.
func (f *LDL) At(i, j int) float64 {
	switch {
	case i == j:
		return 1
	case i < j:
		return 0
	}
	return f.L[j*f.n+i]
}

// Forecast returns x^T A^{-1} theta and 1 + x^T A^{-1} x, using q (length
// n) as scratch: q = L^{-1} x by forward substitution, column by column,
// each q_j added to both sums as soon as it is final.
func (f *LDL) Forecast(x, q []float64) (xAy, onePlusXAx float64) {
	n := f.n
	q = q[:n]
	copy(q, x[:n])
	t := 1.0
	for j := 0; j < n; j++ {
		qj := q[j]
		if qj == 0 {
			continue
		}
		qd := qj * f.Dinv[j]
		xAy += qd * f.P[j]
		t += qj * qd
		if col := f.col(j); len(col) < 8 { // shorter than a call is worth
			rest := q[j+1:]
			for i, li := range col {
				rest[i] -= qj * li
			}
		} else {
			axpy(-qj, col, q[j+1:])
		}
	}
	return xAy, t
}

// SolveLT sets v = L^{-T} v (back substitution, a dot product per column).
func (f *LDL) SolveLT(v []float64) {
	v = v[:f.n]
	for j := f.n - 2; j >= 0; j-- {
		v[j] -= vec.Dot(f.col(j), v[j+1:])
	}
}

// Weights sets w = A^{-1} theta = L^{-T} D^{-1} P.
func (f *LDL) Weights(w []float64) {
	for i, pi := range f.P {
		w[i] = pi * f.Dinv[i]
	}
	f.SolveLT(w)
}

// Propose computes, into spare storage, the factorisation of A + x x^T
// and P for theta + b x, and returns x^T A^{-1} theta and 1 + x^T A^{-1} x
// of the current A. Accept makes the proposal current; without it nothing
// changes.
//
// With q = L^{-1} x (which the pass computes column by column), the new
// factor is L L~ with L~ = I + (q beta^T strictly below the diagonal), so
// the new P = L~^{-1} (P + b q): a recursion with one running sum.
func (f *LDL) Propose(x []float64, b float64) (xAy, onePlusXAx float64) {
	n := f.n
	L, nL := f.L[:n*n], f.nL[:n*n]
	D, Dinv, P := f.D[:n], f.Dinv[:n], f.P[:n]
	nD, nDinv, nP := f.nD[:n], f.nDinv[:n], f.nP[:n]
	w := f.w[:n]
	copy(w, x[:n])
	// C1 in its t form: t_j = 1 + sum_{i<j} q_i^2/D_i grows by additions
	// only, so the loop carries no division from one column to the next.
	t, rt, sum := 1.0, 1.0, 0.0 // t_j, 1/t_j, sum of beta_i u_i
	for j := 0; j < n; j++ {
		p := w[j] // = (L^{-1} x)_j
		dj, dinv, pj := D[j], Dinv[j], P[j]
		col, next := L[j*n+j+1:(j+1)*n], nL[j*n+j+1:(j+1)*n]
		if p == 0 { // beta = 0: column j, D_j and u_j = P_j stay
			nD[j], nDinv[j], nP[j] = dj, dinv, pj
			copy(next, col)
			continue
		}
		pd := p * dinv
		xAy += pd * pj
		tn := t + p*pd // t_{j+1}
		rtn := 1 / tn
		beta := pd * rtn     // p a_j / D'_j with a_j = 1/t_j, D'_j = D_j t_{j+1}/t_j
		nD[j] = dj * tn * rt // D'_j
		nDinv[j] = dinv * t * rtn
		t, rt = tn, rtn
		u := pj + b*p - p*sum
		nP[j] = u
		sum += beta * u
		if len(col) < 8 { // shorter than a call is worth
			ww, nx := w[j+1:j+1+len(col)], next[:len(col)]
			for i, li := range col {
				wi := ww[i] - p*li
				ww[i] = wi
				nx[i] = li + beta*wi
			}
			continue
		}
		// Column j+1 in the same pass, when it changes too: its p is
		// w_{j+1} after column j's step, which is the first entry of
		// that step; then both columns' steps run over rows j+2 on.
		p2 := w[j+1] - p*col[0]
		if p2 == 0 {
			eliminate(next, col, w[j+1:], p, beta)
			continue
		}
		w[j+1] = p2
		next[0] = col[0] + beta*p2
		j++
		dj, dinv, pj = D[j], Dinv[j], P[j]
		pd = p2 * dinv
		xAy += pd * pj
		tn = t + p2*pd
		rtn = 1 / tn
		beta2 := pd * rtn
		nD[j] = dj * tn * rt
		nDinv[j] = dinv * t * rtn
		t, rt = tn, rtn
		u = pj + b*p2 - p2*sum
		nP[j] = u
		sum += beta2 * u
		eliminate2(next[1:], col[1:], nL[j*n+j+1:(j+1)*n], L[j*n+j+1:(j+1)*n], w[j+1:], p, beta, p2, beta2)
	}
	return xAy, t // t = 1 + sum q_j^2/D_j = 1 + x^T A^{-1} x
}

// Accept makes the last Propose's factorisation the current one.
func (f *LDL) Accept() {
	f.L, f.nL = f.nL, f.L
	f.D, f.nD = f.nD, f.D
	f.Dinv, f.nDinv = f.nDinv, f.Dinv
	f.P, f.nP = f.nP, f.P
}
