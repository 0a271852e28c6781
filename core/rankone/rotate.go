package rankone

// Rotate replaces R by the factor of U A U^T for an orthogonal n x n matrix
// U (row-major, n the factor's current size). U A U^T = B^T B for B = R U^T,
// so the new R is the triangle of B's QR factorization, built here from
// zero by the same Givens rotations as AddOuter, one row of B at a time
// (backward stable; no LAPACK in the page's binary). O(n^3), once: it
// lets a caller that kept A in a basis U switch to the standard one.
func (f *Factor) Rotate(U []float64) {
	n, st := f.n, f.stride
	b := make([]float64, n*n) // B = R U^T: B_ij = sum_{k >= i} R_ik U_jk
	for i := 0; i < n; i++ {
		for j := 0; j < n; j++ {
			s := 0.0
			for k := i; k < n; k++ {
				s += f.data[i*st+k] * U[j*n+k]
			}
			b[i*n+j] = s
		}
	}
	for i := 0; i < n; i++ {
		clear(f.data[i*st : i*st+n])
	}
	for i := 0; i < n; i++ {
		f.BeginOuter(b[i*n : (i+1)*n])
		f.StepOuter(n)
	}
	for i := 0; i < n; i++ {
		if f.data[i*st+i] < 0 {
			for j := i; j < n; j++ {
				f.data[i*st+j] = -f.data[i*st+j]
			}
		}
		f.rinv[i] = 1 / f.data[i*st+i]
	}
}
