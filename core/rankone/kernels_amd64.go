//go:build amd64

package rankone

// axpy sets y_i += alpha x_i for i < len(x); len(y) >= len(x).
//
//go:noescape
func axpy(alpha float64, x, y []float64)

// eliminate runs C1's column step for i < len(l): w_i -= p l_i, then
// out_i = l_i + beta w_i; len(w), len(out) >= len(l).
//
//go:noescape
func eliminate(out, l, w []float64, p, beta float64)

// eliminate2 runs eliminate for (out1, l1, p1, beta1) and then for
// (out2, l2, p2, beta2) on the same w: two passes of the assembly, which
// measured faster natively than one pass of eliminate2Go.
func eliminate2(out1, l1, out2, l2, w []float64, p1, beta1, p2, beta2 float64) {
	eliminate(out1, l1, w, p1, beta1)
	eliminate(out2, l2, w, p2, beta2)
}

// rotate applies the plane rotation (c, s) to (a_i, b_i) for i < len(a):
// a_i, b_i = c a_i + s b_i, c b_i - s a_i; len(b) >= len(a).
//
//go:noescape
func rotate(a, b []float64, c, s float64)

// rotate2 applies (c1, s1) to (a1_i, b_i), then (c2, s2) to (a2_i, b_i),
// for i < len(a1); len(a2), len(b) >= len(a1).
//
//go:noescape
func rotate2(a1, a2, b []float64, c1, s1, c2, s2 float64)

// solveUpperT runs rows lo to hi-1 of the forward substitution v = R^{-T} v
// for the upper triangle R of the first n rows and columns of r (row-major,
// the given stride): v_i *= rinv_i (= 1/R_ii), then
// v[i+1:n] += (-v_i) R[i, i+1:n].
//
//go:noescape
func solveUpperT(r, rinv []float64, stride, n, lo, hi int, v []float64)

// solveUpper sets v = R^{-1} v: from the last row up,
// v_i = (v_i - dot8(R[i, i+1:n], v[i+1:n])) * rinv_i.
//
//go:noescape
func solveUpper(r, rinv []float64, stride, n int, v []float64)
