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

// axpy2 sets w_j = (w_j + a x_j) + b y_j for j < len(x): two rows of a
// forward substitution in one pass over w; len(y), len(w) >= len(x).
//
//go:noescape
func axpy2(a float64, x []float64, b float64, y, w []float64)
