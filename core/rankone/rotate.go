package rankone

// Rotate replaces R by the factor of U A U^T for an orthogonal n x n matrix
// U (row-major, n the factor's current size). U A U^T = B^T B for B = R U^T,
// so the new R is the triangle of B's QR factorization, built here from
// zero by the same Givens rotations as AddOuter, one row of B at a time
// (backward stable; no LAPACK in the page's binary). O(n^3), once: it
// lets a caller that kept A in a basis U switch to the standard one.
func (f *Factor) Rotate(U []float64) {
	n := f.n
	b := make([]float64, n*n) // B = R U^T: B_ij = sum_{k >= i} R_ik U_jk
	for i := 0; i < n; i++ {
		row := f.row(i)
		for j := 0; j < n; j++ {
			uj := U[j*n : (j+1)*n]
			s := 0.0
			s += f.diag[i] * uj[i]
			for k, r := range row { // a row never written adds only zeros
				s += r * uj[i+1+k]
			}
			b[i*n+j] = s
		}
	}
	for i := 0; i < n; i++ {
		f.diag[i] = 0
		clear(f.row(i))
	}
	for i := 0; i < n; i++ {
		f.BeginOuter(b[i*n : (i+1)*n])
		f.StepOuter(n)
	}
	for i := 0; i < n; i++ {
		if f.diag[i] < 0 {
			f.diag[i] = -f.diag[i]
			row := f.row(i)
			for j := range row {
				row[j] = -row[j]
			}
		}
		f.rinv[i] = 1 / f.diag[i]
	}
}
