package linear

// mulTransGo sets y = U^T x for the first len(x) rows and len(y) columns of
// U (row-major, the given stride): y starts at zero and gains x_i U[i, :]
// row after row. That is the order of gonum's Dgemv for a transposed
// row-major matrix (one AXPY per row), so the bits are gonum's; this loop
// (addScaled, unrolled by eight) is the one WebAssembly runs (mulTrans
// picks per platform), 3.3 times faster there than gonum's generic Go at
// d = 100. (Two or four rows per pass measured slower in WebAssembly.)
func mulTransGo(U []float64, stride int, x, y []float64) {
	clear(y)
	for i, xi := range x {
		addScaled(y, xi, U[i*stride:i*stride+len(y)])
	}
}
