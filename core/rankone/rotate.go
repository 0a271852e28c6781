package rankone

import "gonum.org/v1/gonum/mat"

// Rotate replaces R by the factor of U A U^T for an orthogonal n x n matrix
// U (row-major, n the factor's current size): the triangle of the QR
// factorization of R U^T (gonum's Householder QR, backward stable), each
// row's sign chosen so that the diagonal is positive. O(n^3), once: it lets
// a caller that kept A in a basis U switch to the standard one.
func (f *Factor) Rotate(U []float64) {
	n := f.n
	ru := mat.NewDense(n, n, nil)
	ru.Mul(f.upper(), mat.NewDense(n, n, U[:n*n]).T())
	var qr mat.QR
	qr.Factorize(ru)
	var r mat.Dense
	qr.RTo(&r)
	for i := 0; i < n; i++ {
		sign := 1.0
		if r.At(i, i) < 0 {
			sign = -1
		}
		for j := 0; j < n; j++ {
			v := 0.0
			if j >= i {
				v = sign * r.At(i, j)
			}
			f.data[i*f.stride+j] = v
		}
		f.rinv[i] = 1 / f.data[i*f.stride+i]
	}
}

// upper returns R as a gonum matrix (a copy).
func (f *Factor) upper() *mat.Dense {
	n := f.n
	r := mat.NewDense(n, n, nil)
	for i := 0; i < n; i++ {
		for j := i; j < n; j++ {
			r.Set(i, j, f.data[i*f.stride+j])
		}
	}
	return r
}
